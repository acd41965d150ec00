import { CallGate } from '../CallGate/index.ts';
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
  /**
   * With a profile that decodes calls: how long the wrapper waits for each answer to a
   * `tools/list` of its own before the held call goes on undecoded (reported through
   * `onRewriteError`), in milliseconds; 10,000 by default, `0` for no limit (see
   * {@link CallGate}).
   */
  listTimeout?: number;
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
 * With a profile that decodes calls (any but `mcp`), a `tools/call` of a tool no `tools/list`
 * answer named on this connection is held while the wrapper lists the tools itself (a
 * {@link CallGate}: delivered to the server through `onmessage` on the server side, sent through
 * the transport on the client side; the answers never reach the peer), then goes on decoded;
 * later messages toward the server wait behind it. `onclose` is then wrapped too (it reads back
 * as set), so that whatever is held goes on before the SDK hears that the connection closed.
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
  const { side, listTimeout, ...coreOptions } = options;
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
  const innerSend = (message: unknown, rest: readonly unknown[]): unknown =>
    (target.send as (...args: unknown[]) => unknown).call(target, message, ...rest);

  let handler =
    typeof target.onmessage === 'function' ? (target.onmessage as MessageHandler) : undefined;
  // With a profile that decodes calls, a call of a tool not listed yet waits for a listing of the
  // wrapper's own (see CallGate): on the server side it is delivered to the server as the
  // client's requests are and answered through `send`; on the client side it goes out through
  // the transport and is answered through its `onmessage`.
  const gate = messages.decodesCalls
    ? new CallGate<Delivery>(messages, {
        sendList:
          side === 'server'
            ? (request, delivery) => handler?.call(delivery.self, request, ...delivery.rest)
            : (request) => innerSend(request, []),
        ...(options.onRewriteError === undefined ? {} : { onListError: options.onRewriteError }),
        ...(listTimeout === undefined ? {} : { listTimeout }),
      })
    : undefined;

  let deliver: (this: unknown, message: unknown, ...rest: unknown[]) => void;
  let send: (message: unknown, ...rest: unknown[]) => unknown;
  if (gate === undefined) {
    deliver = function (this: unknown, message, ...rest) {
      handler?.call(this, received(message), ...rest);
    };
    send = (message, ...rest) => innerSend(sent(message), rest);
  } else if (side === 'server') {
    deliver = function (this: unknown, message, ...rest) {
      const pass = (): void => handler?.call(this, received(message), ...rest);
      gate.toServer(message, pass, { self: this, rest });
    };
    send = (message, ...rest) => {
      const passed = gate.fromServer(message);
      return passed === undefined ? Promise.resolve() : innerSend(sent(passed), rest);
    };
  } else {
    deliver = function (this: unknown, message, ...rest) {
      const passed = gate.fromServer(message);
      if (passed !== undefined) handler?.call(this, received(passed), ...rest);
    };
    send = (message, ...rest) => heldSend(gate, () => innerSend(sent(message), rest), message);
  }
  if (handler !== undefined) target.onmessage = deliver;

  // The gate lets what it holds go before the SDK hears that the connection closed.
  let closeHandler =
    typeof target.onclose === 'function' ? (target.onclose as () => void) : undefined;
  function closed(this: unknown): void {
    gate?.close();
    closeHandler?.call(this);
  }
  if (gate !== undefined && closeHandler !== undefined) target.onclose = closed;

  const bound = new Map<PropertyKey, { method: unknown; bound: unknown }>();

  return new Proxy(target, {
    get(object, property) {
      if (property === 'onmessage') return handler;
      if (property === 'send') return send;
      if (property === 'onclose' && gate !== undefined) return closeHandler;
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
      if (property === 'onclose' && gate !== undefined) {
        closeHandler = typeof value === 'function' ? (value as () => void) : undefined;
        return Reflect.set(object, property, closeHandler === undefined ? value : closed);
      }
      if (property !== 'onmessage') return Reflect.set(object, property, value);
      handler = typeof value === 'function' ? (value as MessageHandler) : undefined;
      // Left unset while no handler is, so a transport that queues until then still does.
      return Reflect.set(object, property, handler === undefined ? value : deliver);
    },
  }) as unknown as T;
}

/** How a message reached the server-side wrapper: what its own listing is delivered with. */
interface Delivery {
  readonly self: unknown;
  readonly rest: readonly unknown[];
}

/**
 * Sends a client message through the gate: the transport's own answer when it goes at once,
 * else a promise of it once the gate lets it go.
 */
function heldSend(gate: CallGate<Delivery>, sendNow: () => unknown, message: unknown): unknown {
  let result: { value: unknown } | undefined;
  let resolveHeld: ((value: unknown) => void) | undefined;
  const pass = (): void => {
    if (resolveHeld === undefined) {
      result = { value: sendNow() };
      return;
    }
    try {
      resolveHeld(sendNow());
    } catch (error) {
      resolveHeld(Promise.reject(error));
    }
  };
  gate.toServer(message, pass, { self: undefined, rest: [] });
  if (result !== undefined) return result.value;
  return new Promise((resolve) => {
    resolveHeld = resolve;
  });
}
