import {
  type JSONRPCMessage,
  SdkError,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import type { Fetch } from './losslessFetch.ts';

/** What {@link HttpUpstream} tells its owner. */
export interface HttpUpstreamHandlers {
  /** A message from the server. */
  onMessage: (message: unknown) => void;
  /**
   * A message could not be delivered. When `fatal`, nothing can reach the server any more (it is
   * unreachable, refused the credentials, dropped the session, or its event stream ended).
   *
   * @param message The message that failed, or `undefined` for a failure out of band.
   * @param reason One line for humans.
   */
  onFailure: (message: unknown, reason: string, fatal: boolean) => void;
}

/** The HTTP statuses to the first POST that mean "not a Streamable HTTP endpoint". */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

/** The entries of a JSON-RPC message or batch that are objects. */
function entriesOf(message: unknown): Array<{ id?: unknown; method?: unknown; result?: unknown }> {
  const list: unknown[] = Array.isArray(message) ? message : [message];
  return list.filter((entry) => typeof entry === 'object' && entry !== null);
}

/** The id of the `initialize` request (the one that opens a session) a message holds, if any. */
function initializeIdOf(message: unknown): unknown {
  return entriesOf(message).find((entry) => entry.method === 'initialize')?.id;
}

/** One line for an error, with the network cause (`ECONNREFUSED`...) when there is one. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : '';
  const text = detail === '' ? error.message : `${error.message} (${detail})`;
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * The proxy's connection to a remote MCP server, through the MCP SDK's own client transports:
 * Streamable HTTP, and the older HTTP+SSE transport when the first POST is answered with 400, 404
 * or 405 (the fallback the MCP specification describes for clients), both with the `fetch` given
 * (the proxy's keeps every number's text: `losslessFetch`). The SDK does the framing,
 * the SSE streams and the session id; this class picks the transport, keeps the order that
 * matters (nothing is sent before the `initialize` exchange has given the session id), sends the
 * protocol version that exchange agreed on with every later request, and sorts
 * failures into those the connection survives and those it does not.
 */
export class HttpUpstream {
  readonly #url: URL;
  readonly #headers: Record<string, string>;
  readonly #handlers: HttpUpstreamHandlers;
  readonly #fetch: { fetch?: Fetch };
  #transport: Transport | undefined;
  /** The id of the last `initialize` request sent: its answer names the protocol version. */
  #initializeId: unknown;
  #kind: 'Streamable HTTP' | 'HTTP+SSE' = 'Streamable HTTP';
  /** Settles when every message that must go first (the opening, `initialize`) has gone. */
  #gate: Promise<void> = Promise.resolve();
  /** Errors a `send` rejected with: the transport also reports them to `onerror`. */
  readonly #sendErrors = new WeakSet<object>();
  #closed = false;

  /**
   * @param url The server's MCP endpoint.
   * @param headers Headers for every request (`Authorization`...).
   * @param handlers Where messages and failures go.
   * @param fetch The `fetch` of both transports (default: the global one).
   */
  constructor(
    url: URL,
    headers: Record<string, string>,
    handlers: HttpUpstreamHandlers,
    fetch?: Fetch,
  ) {
    this.#url = url;
    this.#headers = headers;
    this.#handlers = handlers;
    this.#fetch = fetch === undefined ? {} : { fetch };
  }

  /** The transport in use, once the first message has chosen it. */
  get transportName(): string {
    return this.#kind;
  }

  /**
   * Sends a message from the client. Messages are sent in order; the first one and every
   * `initialize` are waited for before the next goes, since they choose the transport and the
   * session. Never rejects: failures go to `onFailure`.
   *
   * @param message A JSON-RPC message (or batch) as the client sent it.
   */
  send(message: unknown): Promise<void> {
    const initializeId = initializeIdOf(message);
    if (initializeId !== undefined) this.#initializeId = initializeId;
    const opening = this.#transport === undefined || initializeId !== undefined;
    const run = this.#gate.then(() => this.#deliver(message));
    if (opening) this.#gate = run;
    return run;
  }

  /** Ends the session (HTTP DELETE where the server has sessions) and closes the transport. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const transport = this.#transport;
    if (transport instanceof StreamableHTTPClientTransport) {
      await transport.terminateSession().catch(() => undefined);
    }
    await transport?.close().catch(() => undefined);
  }

  async #deliver(message: unknown): Promise<void> {
    if (this.#closed) return;
    if (this.#transport === undefined) {
      await this.#open(message);
      return;
    }
    try {
      await this.#transport.send(message as JSONRPCMessage);
    } catch (error) {
      this.#sendFailed(message, error);
    }
  }

  /** Sends the first message over Streamable HTTP, or over HTTP+SSE when the server is older. */
  async #open(message: unknown): Promise<void> {
    const streamable = this.#connect(
      new StreamableHTTPClientTransport(this.#url, {
        requestInit: { headers: this.#headers },
        ...this.#fetch,
      }),
    );
    try {
      await streamable.start();
      await streamable.send(message as JSONRPCMessage);
      return;
    } catch (error) {
      this.#sendErrors.add(error as object);
      if (!(error instanceof SdkHttpError && FALLBACK_STATUSES.has(error.status))) {
        this.#sendFailed(message, error);
        return;
      }
      await streamable.close().catch(() => undefined);
    }
    this.#kind = 'HTTP+SSE';
    const sse = this.#connect(
      new SSEClientTransport(this.#url, {
        requestInit: { headers: this.#headers },
        ...this.#fetch,
      }),
    );
    try {
      await sse.start();
      await sse.send(message as JSONRPCMessage);
    } catch (error) {
      this.#sendFailed(message, error, ' (after Streamable HTTP was refused)');
    }
  }

  #connect(transport: Transport): Transport {
    this.#transport = transport;
    transport.onmessage = (message) => {
      // The protocol version the server agreed to goes with every later request, as the
      // specification asks of clients.
      for (const entry of entriesOf(message)) {
        if (this.#initializeId === undefined || entry.id !== this.#initializeId) continue;
        const version = (entry.result as { protocolVersion?: unknown } | undefined)
          ?.protocolVersion;
        if (typeof version === 'string') transport.setProtocolVersion?.(version);
      }
      if (!this.#closed) this.#handlers.onMessage(message);
    };
    transport.onerror = (error) => {
      // A failed send reports here first, then rejects: wait for the rejection to claim it.
      setImmediate(() => this.#outOfBand(transport, error));
    };
    return transport;
  }

  /** An error no send claimed: a stream of the server's failed. */
  #outOfBand(transport: Transport, error: Error): void {
    if (this.#closed || this.#sendErrors.has(error) || transport !== this.#transport) return;
    // Over HTTP+SSE the event stream is the session: once it fails, nothing more will arrive.
    // Streamable HTTP reconnects its stream itself and still answers every request on its POST.
    if (this.#kind === 'HTTP+SSE') {
      this.#handlers.onFailure(undefined, `the event stream ended: ${describe(error)}`, true);
    }
  }

  #sendFailed(message: unknown, error: unknown, context = ''): void {
    if (typeof error === 'object' && error !== null) this.#sendErrors.add(error);
    if (this.#closed) return;
    const sessionId = this.#transport?.sessionId;
    if (error instanceof SdkHttpError) {
      const status = `HTTP ${error.status}`;
      if (error.status === 404 && sessionId !== undefined) {
        const reason = `the server no longer knows session ${sessionId} (${status}): it expired or the server restarted; restart the proxy to open a new session`;
        this.#handlers.onFailure(message, reason, true);
        return;
      }
      if (error.status === 401 || error.status === 403) {
        const reason = `the server refused the request (${status}); pass credentials with --header 'Authorization: ...'`;
        this.#handlers.onFailure(message, reason, true);
        return;
      }
      this.#handlers.onFailure(message, `${describe(error)}${context}`, false);
      return;
    }
    // An answer the SDK could not read (an unexpected content type...): this message only.
    if (error instanceof SdkError && this.#transport !== undefined) {
      this.#handlers.onFailure(message, `${describe(error)}${context}`, false);
      return;
    }
    // No HTTP answer at all (connection refused, reset, DNS), or a transport that cannot go on.
    const reason = `cannot reach ${this.#url.href} over ${this.#kind}: ${describe(error)}${context}`;
    this.#handlers.onFailure(message, reason, true);
  }
}
