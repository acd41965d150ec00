import { CliError } from '../CliError/index.ts';
import { isObject } from '../isObject/index.ts';

/** What a channel tells its {@link McpClient}. */
export interface McpChannelEvents {
  /** A message (or batch) from the server, parsed. */
  message: (message: unknown) => void;
  /**
   * The requests of a message the server could not be given fail (a channel that survives it).
   *
   * @param message The message that failed.
   * @param reason One line for humans.
   */
  undelivered: (message: unknown, reason: string) => void;
  /**
   * Nothing more can reach the server: every pending and later request fails.
   *
   * @param failure Builds the error for a request of the given method.
   */
  ended: (failure: (method: string) => CliError) => void;
}

/** How an {@link McpClient} reaches a server (a process over stdio, an HTTP endpoint). */
export interface McpChannel {
  /** How errors name the server: `server 'npx'`, `server https://example.com`. */
  readonly server: string;
  /**
   * Sends a message to the server.
   *
   * @param message A JSON-RPC message.
   */
  send: (message: Record<string, unknown>) => void;
  /** Ends the connection (stops the process, ends the session) and waits until it has ended. */
  close: () => Promise<void>;
}

/** Options of {@link McpClient}. */
export interface McpClientOptions {
  /** How long to wait for each response, in milliseconds. */
  timeoutMs: number;
}

interface PendingRequest {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A minimal MCP client, enough to run the handshake and page through `tools/list`, over any
 * channel (see `connectStdio` and `connectHttp`). Every request has a timeout; a server that fails
 * to start, exits, cannot be reached or stays silent rejects the pending requests with a
 * {@link CliError}, so the caller never hangs. Requests of the server's get an answer (`ping` a
 * result, anything else "method not found"), so it never waits on this client.
 */
export class McpClient {
  readonly #channel: McpChannel;
  readonly #options: McpClientOptions;
  readonly #pending = new Map<number, PendingRequest>();
  #nextId = 1;
  /** Set once the channel ended: builds the error for a request of the given method. */
  #failure: ((method: string) => CliError) | undefined;

  /**
   * Opens the channel.
   *
   * @param open Opens a channel that reports to the events given.
   * @param options The timeout.
   */
  constructor(open: (events: McpChannelEvents) => McpChannel, options: McpClientOptions) {
    this.#options = options;
    this.#channel = open({
      message: (message) => {
        for (const entry of Array.isArray(message) ? message : [message]) this.#onMessage(entry);
      },
      undelivered: (message, reason) => this.#undelivered(message, reason),
      ended: (failure) => this.#fail(failure),
    });
  }

  /**
   * Sends a request and waits for its result.
   *
   * @param method The JSON-RPC method.
   * @param params Its params.
   * @returns The `result` of the response.
   */
  request(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure(method));
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(
          new CliError(
            `${this.#channel.server} did not answer '${method}' within ${this.#options.timeoutMs} ms`,
          ),
        );
      }, this.#options.timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
      this.#channel.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  /**
   * Sends a notification.
   *
   * @param method The JSON-RPC method.
   * @param params Its params, if any.
   */
  notify(method: string, params?: Record<string, unknown>): void {
    this.#channel.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /** Ends the connection and waits until it has ended. */
  close(): Promise<void> {
    return this.#channel.close();
  }

  #fail(failure: (method: string) => CliError): void {
    this.#failure ??= failure;
    for (const [id, pending] of this.#pending)
      this.#settle(id, pending, this.#failure(pending.method));
  }

  #undelivered(message: unknown, reason: string): void {
    for (const entry of Array.isArray(message) ? message : [message]) {
      if (!isObject(entry) || typeof entry.id !== 'number') continue;
      const pending = this.#pending.get(entry.id);
      if (pending === undefined) continue;
      const error = new CliError(
        `${this.#channel.server} could not be sent '${pending.method}': ${reason}`,
      );
      this.#settle(entry.id, pending, error);
    }
  }

  /** Ends a pending request with its result, or with an error. */
  #settle(id: number, pending: PendingRequest, outcome: { result: unknown } | CliError): void {
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    if (outcome instanceof CliError) pending.reject(outcome);
    else pending.resolve(outcome.result);
  }

  #onMessage(message: unknown): void {
    if (!isObject(message)) return;
    if (typeof message.method === 'string') {
      // A request from the server (ping, roots/list, ...): answer so it does not wait on us.
      if (message.id === undefined) return;
      if (message.method === 'ping')
        this.#channel.send({ jsonrpc: '2.0', id: message.id, result: {} });
      else {
        this.#channel.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `Method not found: ${message.method}` },
        });
      }
      return;
    }
    if (typeof message.id !== 'number') return;
    const pending = this.#pending.get(message.id);
    if (pending === undefined) return;
    if (isObject(message.error)) {
      const reason = typeof message.error.message === 'string' ? message.error.message : 'error';
      const error = new CliError(
        `${this.#channel.server} answered '${pending.method}' with an error: ${reason}`,
      );
      this.#settle(message.id, pending, error);
      return;
    }
    this.#settle(message.id, pending, { result: message.result });
  }
}
