import { ToolSchemaMessages, type ToolSchemaMessagesOptions } from '../ToolSchemaMessages/index.ts';

/**
 * The shape of an MCP transport, as the MCP TypeScript SDK v1 (`@modelcontextprotocol/sdk`) and
 * v2 (`@modelcontextprotocol/server`, `@modelcontextprotocol/client`) declare it, reduced to what
 * {@link withToolSchemas} relies on. Declared here so that the package needs no SDK at run time;
 * every SDK transport (stdio, Streamable HTTP, SSE, in-memory, WebSocket, custom) has it.
 *
 * The callbacks take `never` (and `send` is a method), so that a transport whose handlers take
 * the SDK's narrower message types is accepted as it is.
 */
export interface McpTransport {
  /** Starts processing messages (the SDK calls it in `connect`). */
  start(): Promise<void>;
  /** Sends one JSON-RPC message (or batch), with the SDK's send options. */
  send(message: unknown, options?: unknown): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
  /** Receives each message; the SDK sets it in `connect`, before `start`. */
  onmessage?: ((message: never, extra?: never) => void) | undefined;
  /** Called when the connection closed. */
  onclose?: (() => void) | undefined;
  /** Called on an error out of band. */
  onerror?: ((error: Error) => void) | undefined;
  /** The session id, for transports that have sessions. */
  sessionId?: string | undefined;
  /** Called with the negotiated protocol version. */
  setProtocolVersion?: ((version: string) => void) | undefined;
}

/** Which end of the connection a wrapped transport belongs to. */
export type TransportSide = 'server' | 'client';

/** Options of {@link withToolSchemas}: the side, and the options of {@link ToolSchemaMessages}. */
export interface WithToolSchemasOptions extends ToolSchemaMessagesOptions {
  /**
   * `server`: the transport of an MCP server; the `tools/list` answers it sends are rewritten.
   * `client`: the transport of an MCP client (a host); the `tools/list` answers it receives are
   * rewritten before the client sees them.
   */
  side: TransportSide;
}

/** A message handler as a transport holds it: the message, then whatever the transport adds. */
type MessageHandler = (message: unknown, ...rest: unknown[]) => void;

/**
 * Wraps an MCP transport so that every tool schema in the `tools/list` answers crossing it is
 * self-contained: local `$ref`s inlined, `$defs` only where a cycle needs them, an object root for
 * `inputSchema` (see {@link ToolSchemaMessages}). Everything else crosses unchanged: other
 * requests and answers, errors, notifications, batches, `nextCursor` and `_meta`.
 *
 * On the server side, the answers the server sends are rewritten and the requests it receives
 * observed; on the client side, the answers it receives are rewritten and the requests it sends
 * observed. The result is the same transport seen through a proxy: `send` and `onmessage` go
 * through the message core, every other property (`sessionId`, `setProtocolVersion`, `onclose`,
 * `onerror`, a transport's own methods and fields) reads and writes the transport itself, so
 * callbacks set after wrapping (an SDK's `connect` sets them) work, and methods run with the
 * transport as `this` (private fields included). A message that arrives while no `onmessage` is
 * set is left to the transport (some queue it until one is set).
 *
 * One wrapped transport per connection: JSON-RPC ids are per connection, and so is the core.
 *
 * @param transport Any MCP transport of SDK v1 or v2, before it is connected.
 * @param options The side, the pass options and callbacks of {@link ToolSchemaMessages}.
 * @returns The wrapped transport, of the transport's own type.
 * @example
 * const server = new McpServer({ name: 'notes', version: '1.0.0' });
 * await server.connect(withToolSchemas(new StdioServerTransport(), { side: 'server' }));
 */
export function withToolSchemas<T extends McpTransport>(
  transport: T,
  options: WithToolSchemasOptions,
): T {
  const { side, ...coreOptions } = options;
  const messages = new ToolSchemaMessages(coreOptions);
  const received =
    side === 'server'
      ? (message: unknown) => messages.toServer(message)
      : (message: unknown) => messages.toClient(message);
  const sent =
    side === 'server'
      ? (message: unknown) => messages.toClient(message)
      : (message: unknown) => messages.toServer(message);
  const target = transport as unknown as Record<PropertyKey, unknown>;

  let handler =
    typeof target.onmessage === 'function' ? (target.onmessage as MessageHandler) : undefined;
  function deliver(this: unknown, message: unknown, ...rest: unknown[]): void {
    handler?.call(this, received(message), ...rest);
  }
  if (handler !== undefined) target.onmessage = deliver;

  const send = (message: unknown, ...rest: unknown[]): unknown =>
    (target.send as (...args: unknown[]) => unknown).call(target, sent(message), ...rest);
  const bound = new Map<PropertyKey, { method: unknown; bound: unknown }>();

  return new Proxy(target, {
    get(object, property) {
      if (property === 'onmessage') return handler;
      if (property === 'send') return send;
      const value = Reflect.get(object, property);
      // A method of the transport's class runs on the transport itself, so its private fields
      // work; a function the user stored on it (a callback) is given back as it is.
      if (typeof value !== 'function' || Object.hasOwn(object, property)) return value;
      const known = bound.get(property);
      if (known?.method === value) return known.bound;
      const method = (value as (...args: unknown[]) => unknown).bind(object);
      bound.set(property, { method: value, bound: method });
      return method;
    },
    set(object, property, value) {
      if (property !== 'onmessage') return Reflect.set(object, property, value);
      handler = typeof value === 'function' ? (value as MessageHandler) : undefined;
      // Left unset while no handler is, so a transport that queues until then still does.
      return Reflect.set(object, property, handler === undefined ? value : deliver);
    },
  }) as unknown as T;
}
