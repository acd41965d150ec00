import type { ChildProcess } from 'node:child_process';
import { CliError } from '../CliError/index.ts';
import { isObject } from '../isObject/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { spawnServer, startError } from './spawnServer.ts';

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
  readonly #child: ChildProcess;
  readonly #command: string;
  readonly #options: McpStdioClientOptions;
  readonly #pending = new Map<number, PendingRequest>();
  #nextId = 1;
  /** Set once the server failed: builds the error for a request of the given method. */
  #failure: ((method: string) => CliError) | undefined;
  #closed: Promise<void>;

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
    this.#child = spawnServer(command, args);
    const splitter = new LineSplitter((line) => this.#onLine(line));
    this.#child.stdout?.on('data', (chunk: Buffer) => splitter.push(chunk));
    // A write to a server that already exited fails with EPIPE; the close handler reports it.
    this.#child.stdin?.on('error', () => {});
    this.#closed = new Promise((resolve) => {
      this.#child.once('error', (error) => {
        const failure = startError(command, error);
        this.#fail(() => failure);
        resolve();
      });
      this.#child.once('close', (code, signal) => {
        const status = signal === null ? `code ${code}` : `signal ${signal}`;
        this.#fail(
          (method) =>
            new CliError(`server '${command}' exited (${status}) before answering '${method}'`),
        );
        resolve();
      });
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
   * Stops the server the way the MCP stdio transport describes: close its stdin, then SIGTERM,
   * then SIGKILL, waiting `graceMs` between steps.
   *
   * @param graceMs How long to wait for each step.
   */
  async close(graceMs = 1000): Promise<void> {
    this.#child.stdin?.end();
    for (const signal of [undefined, 'SIGTERM', 'SIGKILL'] as const) {
      if (signal !== undefined) this.#child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        this.#closed.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!timedOut) return;
    }
  }

  #send(message: Record<string, unknown>): void {
    this.#child.stdin?.write(`${JSON.stringify(message)}\n`);
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
