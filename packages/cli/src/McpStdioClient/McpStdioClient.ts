import { CliError } from '../CliError/index.ts';
import { isObject } from '../isObject/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { ServerProcess } from '../ServerProcess/index.ts';

/** Options of {@link McpStdioClient}. */
export interface McpStdioClientOptions {
  /** How long to wait for each response, in milliseconds. */
  timeoutMs: number;
  /** Where to report lines the server wrote to stdout that are not JSON-RPC. */
  onNoise?: (line: string) => void;
}

interface PendingRequest {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A minimal MCP client over stdio (newline-delimited JSON-RPC), enough to run the handshake and
 * page through `tools/list`. Every request has a timeout; a server that fails to start, exits or
 * stays silent rejects the pending requests with a {@link CliError}, so the caller never hangs.
 */
export class McpStdioClient {
  readonly #server: ServerProcess;
  readonly #command: string;
  readonly #options: McpStdioClientOptions;
  readonly #pending = new Map<number, PendingRequest>();
  #nextId = 1;
  /** Set once the server failed: builds the error for a request of the given method. */
  #failure: ((method: string) => CliError) | undefined;

  /**
   * Starts the server.
   *
   * @param command The server's executable.
   * @param args Its arguments.
   * @param options Timeout and noise reporting.
   */
  constructor(command: string, args: readonly string[], options: McpStdioClientOptions) {
    this.#command = command;
    this.#options = options;
    this.#server = new ServerProcess(command, args, { drainMs: options.timeoutMs });
    const splitter = new LineSplitter((line) => this.#onLine(line));
    this.#server.output.on('data', (chunk: Buffer) => splitter.push(chunk));
    void this.#server.ended.then((end) => {
      const failure = end.startError;
      if (failure !== undefined) this.#fail(() => failure);
      else {
        this.#fail(
          (method) =>
            new CliError(`server '${command}' exited (${end.status}) before answering '${method}'`),
        );
      }
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
            `server '${this.#command}' did not answer '${method}' within ${this.#options.timeoutMs} ms`,
          ),
        );
      }, this.#options.timeoutMs);
      this.#pending.set(id, { method, resolve, reject, timer });
      this.#send({ jsonrpc: '2.0', id, method, params });
    });
  }

  /**
   * Sends a notification.
   *
   * @param method The JSON-RPC method.
   * @param params Its params, if any.
   */
  notify(method: string, params?: Record<string, unknown>): void {
    this.#send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /**
   * Stops the server (see {@link ServerProcess.stop}) and waits until it has ended.
   *
   * @param graceMs How long each step of the shutdown waits.
   */
  async close(graceMs = 1000): Promise<void> {
    this.#server.stop(graceMs);
    await this.#server.ended;
  }

  #send(message: Record<string, unknown>): void {
    this.#server.input.write(`${JSON.stringify(message)}\n`);
  }

  #fail(failure: (method: string) => CliError): void {
    this.#failure ??= failure;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(this.#failure(pending.method));
    }
  }

  #onLine(line: Buffer): void {
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.#options.onNoise?.(text);
      return;
    }
    for (const entry of Array.isArray(message) ? message : [message]) this.#onMessage(entry);
  }

  #onMessage(message: unknown): void {
    if (!isObject(message)) return;
    if (typeof message.method === 'string') {
      // A request from the server (ping, roots/list, ...): answer so it does not wait on us.
      if (message.id === undefined) return;
      if (message.method === 'ping') this.#send({ jsonrpc: '2.0', id: message.id, result: {} });
      else {
        this.#send({
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
    this.#pending.delete(message.id);
    clearTimeout(pending.timer);
    if (isObject(message.error)) {
      const reason = typeof message.error.message === 'string' ? message.error.message : 'error';
      pending.reject(new CliError(`server answered '${pending.method}' with an error: ${reason}`));
      return;
    }
    pending.resolve(message.result);
  }
}
