import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { CliError } from '../CliError/index.ts';
import { exitCodeOf, startError } from './exitCode.ts';

/** How a server process ended. */
export interface ServerEnd {
  /** The code a shell would report: its own, 128 + signal number, or 126/127 when not started. */
  exitCode: number;
  /** `code N` or `signal NAME`, for messages. */
  status: string;
  /** Why it could not be started, when it could not. */
  startError: CliError | undefined;
}

/** Options of {@link ServerProcess}. */
export interface ServerProcessOptions {
  /**
   * After the server exited, how long its stdout may stay open before it is no longer read, in
   * milliseconds: a process it left behind may hold it open, and must not keep us waiting.
   */
  drainMs: number;
}

/**
 * An MCP stdio server run as a child process, with the one shutdown both the proxy and `inspect`
 * use. Its stdin and stdout are piped; its stderr is inherited, so its logs reach the user's
 * terminal unchanged. On Windows the command runs through the shell, since `npx` and most server
 * launchers are `.cmd` scripts there.
 *
 * Its end is its exit, not the closing of its pipes: `ended` settles once the server has exited
 * and its stdout has been read to the end, or `drainMs` after the exit when something else (a
 * background child it started) still holds that stdout open.
 */
export class ServerProcess {
  /** The server's stdin. Write errors (the server has gone) are swallowed: see `ended`. */
  readonly input: Writable;
  /** The server's stdout. */
  readonly output: Readable;
  /** Settles once when the server has ended (never rejects). */
  readonly ended: Promise<ServerEnd>;
  readonly #child: ChildProcess;
  readonly #timers: NodeJS.Timeout[] = [];
  #exited = false;
  #stopping = false;

  /**
   * Starts the server.
   *
   * @param command The executable.
   * @param args Its arguments.
   * @param options How long to keep reading its stdout after it exited.
   */
  constructor(command: string, args: readonly string[], options: ServerProcessOptions) {
    this.#child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'inherit'],
      shell: process.platform === 'win32',
      windowsHide: true,
    });
    this.input = this.#child.stdin!;
    this.output = this.#child.stdout!;
    this.input.on('error', () => {});
    this.ended = new Promise((resolve) => {
      this.#child.on('error', (error) => {
        // After a successful start, an error is a failed kill: the exit still comes.
        if (this.#child.pid !== undefined) return;
        this.#onExit();
        const failure = startError(command, error);
        resolve({ exitCode: failure.exitCode, status: 'not started', startError: failure });
      });
      this.#child.once('exit', (code, signal) => {
        this.#onExit();
        const end: ServerEnd = {
          exitCode: exitCodeOf(code, signal, constants.signals),
          status: signal === null ? `code ${code}` : `signal ${signal}`,
          startError: undefined,
        };
        this.#afterOutput(options.drainMs, () => resolve(end));
      });
    });
  }

  /** The server's process id, once started. */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  /**
   * Stops the server the way the MCP stdio transport describes: closes its stdin, then sends
   * SIGTERM after `graceMs`, then SIGKILL after another `graceMs`, unless it exits first.
   * Returns at once; `ended` tells when it is over.
   *
   * @param graceMs How long each step waits.
   */
  stop(graceMs: number): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.input.end();
    this.#later(graceMs, () => {
      this.kill('SIGTERM');
      this.#later(graceMs, () => this.kill('SIGKILL'));
    });
  }

  /**
   * Passes a signal on to the server, and sends SIGKILL `graceMs` later if it has not exited
   * (a server that ignores SIGTERM must not outlive us).
   *
   * @param signal The signal the proxy received.
   * @param graceMs How long the server gets to exit.
   */
  forward(signal: NodeJS.Signals, graceMs: number): void {
    this.kill(signal);
    this.#later(graceMs, () => this.kill('SIGKILL'));
  }

  /**
   * Sends a signal to the server while it runs (never to a process that took its pid later).
   *
   * @param signal The signal.
   */
  kill(signal: NodeJS.Signals): void {
    if (!this.#exited) this.#child.kill(signal);
  }

  #later(ms: number, action: () => void): void {
    if (!this.#exited) this.#timers.push(setTimeout(action, ms));
  }

  #onExit(): void {
    this.#exited = true;
    for (const timer of this.#timers.splice(0)) clearTimeout(timer);
  }

  /** Calls `done` when stdout has ended, or `drainMs` after now, whichever comes first. */
  #afterOutput(drainMs: number, done: () => void): void {
    const output = this.output;
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    const finish = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      output.off('end', finish);
      output.off('close', finish);
      // What is left (held open by another process, or unread by a client that stopped
      // reading) is given up.
      output.destroy();
      done();
    };
    if (output.readableEnded || output.destroyed) {
      finish();
      return;
    }
    output.once('end', finish);
    output.once('close', finish);
    timer = setTimeout(finish, drainMs);
  }
}
