import type { EventEmitter } from 'node:events';
import { constants } from 'node:os';
import type { Writable } from 'node:stream';
import { type CliIo, stderrLine } from '../io/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { HttpUpstream } from './HttpUpstream.ts';
import { losslessFetch } from './losslessFetch.ts';
import { idAsString, parseLossless, stringifyLossless } from './losslessJson.ts';
import { outputTaken } from './outputTaken.ts';
import type { StdioLineAdapter } from './StdioLineAdapter.ts';

/** What {@link runRemoteProxy} needs besides the client's streams. */
export interface RemoteProxySettings {
  /** The server's MCP endpoint. */
  url: URL;
  /** Headers for every request to it. */
  headers: Record<string, string>;
  /**
   * The message core of this connection in its line framing, with the proxy's text cache: every
   * message goes through it both ways, so `tools/list` answers are rewritten as a local server's.
   */
  adapter: StdioLineAdapter;
  /** How long answers still due may take after the client closed stdin, in milliseconds. */
  graceMs: number;
  /** The signals that end the proxy, and where they come from. */
  signals: readonly NodeJS.Signals[];
  signalSource: EventEmitter;
}

/** JSON-RPC code of the error the proxy answers a request with when it could not deliver it. */
const UNDELIVERED = -32000;

const NEWLINE = Buffer.from('\n');

type JsonRpcEntry = { id?: unknown; method?: unknown; result?: unknown; error?: unknown };

function entries(message: unknown): JsonRpcEntry[] {
  const list = Array.isArray(message) ? message : [message];
  return list.filter((entry): entry is JsonRpcEntry => typeof entry === 'object' && entry !== null);
}

function isRequestId(id: unknown): id is string | number {
  return typeof id === 'string' || typeof id === 'number';
}

/**
 * Parses a client line for the SDK transport, keeping every number's text as the stdio proxy does
 * (the transport's `fetch` writes them back, see `losslessFetch.ts`). A request id whose text
 * `JSON.parse` would change (a 64-bit integer) goes to the server as a string
 * ({@link idAsString}): a server that reads ids as `JSON.parse` does could not answer it, and
 * the client gets its id back as it was sent. An answer to a server's request keeps the id's text.
 *
 * @param text A line from the client.
 * @returns The message to send. Throws a `SyntaxError` for a line that is not JSON.
 */
export function parseClientLine(text: string): unknown {
  const { value, placeholders } = parseLossless(text);
  if (placeholders) {
    // A request's id; an answer to a request of the server's carries the server's id, as it was.
    for (const entry of entries(value)) {
      if (typeof entry.method === 'string' && entry.id !== undefined)
        entry.id = idAsString(entry.id);
    }
  }
  return value;
}

/**
 * Runs `toolschema proxy --url`: stdio toward the client, the MCP SDK's Streamable HTTP (or
 * HTTP+SSE) client transport toward the server, every message through the adapter (what the
 * client sends as a value for the transport; what the transport parsed, from a JSON body or an SSE
 * event alike, into the line the client gets, a `tools/list` answer with each tool known before
 * taken from the proxy's cache). Resolves with 0 once the client has
 * closed stdin and the answers still due have come (or `graceMs` passed), with 1 after a failure
 * that ends the connection (one line on stderr), or with 128 + signal number.
 *
 * @param io The client's side.
 * @param settings The server, the message core, the grace and the signals.
 * @returns The exit code.
 */
export async function runRemoteProxy(io: CliIo, settings: RemoteProxySettings): Promise<number> {
  const { url, adapter, graceMs } = settings;
  /** Keys of requests sent and not answered yet. */
  const pending = new Set<string>();
  const key = (id: string | number): string => `${typeof id}:${id}`;
  // Messages both ways may hold number placeholders (the client's lines as parsed, the server's
  // as `losslessFetch` marked them): every line toward the client puts them back.
  const placeholders = true;
  let finish!: (code: number) => void;
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  let clientGone = false;
  let stdinEnded = false;

  const write = (message: unknown): void => {
    if (clientGone) return;
    io.stdout.write(`${stringifyLossless(message, placeholders)}\n`);
  };
  /** Writes a line given as pieces (a rewritten tools/list answer), together where it can. */
  const writeLine = (line: Buffer | readonly Buffer[]): void => {
    // No pieces: the message answered the proxy's own tools/list, not for the client.
    if (clientGone || (!Buffer.isBuffer(line) && line.length === 0)) return;
    const stdout: NodeJS.WritableStream & Partial<Pick<Writable, 'cork' | 'uncork'>> = io.stdout;
    stdout.cork?.();
    if (Buffer.isBuffer(line)) stdout.write(line);
    else for (const piece of line) stdout.write(piece);
    stdout.write(NEWLINE);
    stdout.uncork?.();
  };
  /** Answers each request a message answers with an error, when the message cannot be sent. */
  const undeliverable = (message: unknown, error: unknown): void => {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const reason = `a message of the server could not be passed on (${detail.slice(0, 200)})`;
    io.stderr.write(`${stderrLine(`toolschema: ${url.origin}: ${reason}`)}\n`);
    for (const entry of entries(message)) {
      if (!isRequestId(entry.id) || entry.method !== undefined) continue;
      const answer = { code: UNDELIVERED, message: `toolschema proxy: ${reason}` };
      write({ jsonrpc: '2.0', id: entry.id, error: answer });
    }
  };
  const settle = (message: unknown): void => {
    for (const entry of entries(message)) {
      if (!isRequestId(entry.id) || entry.method !== undefined) continue;
      pending.delete(key(entry.id));
    }
    if (stdinEnded && pending.size === 0) finish(0);
  };

  const upstream = new HttpUpstream(
    url,
    settings.headers,
    {
      onMessage: (message) => {
        let line: Buffer | readonly Buffer[];
        try {
          line = adapter.serverMessage(message, placeholders);
        } catch (error) {
          // Too deep to write as JSON at all (a rewrite that fails passes the message on instead).
          undeliverable(message, error);
          settle(message);
          return;
        }
        writeLine(line);
        settle(message);
      },
      onFailure: (message, reason, fatal) => {
        io.stderr.write(`${stderrLine(`toolschema: ${url.origin}: ${reason}`)}\n`);
        // Every request of the message gets an answer, so the client never waits in vain (the
        // proxy's own tools/list gets it too, and lets the call it held go on).
        for (const entry of entries(message)) {
          if (!isRequestId(entry.id) || typeof entry.method !== 'string') continue;
          const answer = {
            jsonrpc: '2.0',
            id: entry.id,
            error: { code: UNDELIVERED, message: `toolschema proxy: ${reason}` },
          };
          if (adapter.takeOwnAnswers(answer) !== undefined) write(answer);
          pending.delete(key(entry.id));
        }
        if (fatal) finish(1);
        else if (stdinEnded && pending.size === 0) finish(0);
      },
    },
    // Every number keeps its text both ways (the messages hold placeholders).
    losslessFetch(),
  );

  // The proxy's own tools/list goes as the client's messages do (a failure comes back to it
  // through onFailure, as an error answer).
  adapter.sendListsTo((request) => upstream.send(request));

  const onLine = (line: Buffer): void => {
    const text = line.toString('utf8').trim();
    if (text === '') return;
    let parsed: unknown;
    try {
      parsed = parseClientLine(text);
    } catch {
      io.stderr.write(
        `${stderrLine(`toolschema: a client line is not JSON, not sent: ${text.slice(0, 80)}`)}\n`,
      );
      return;
    }
    // Pending from now, so a call held for the proxy's own tools/list is waited for too.
    for (const entry of entries(parsed)) {
      if (!isRequestId(entry.id) || typeof entry.method !== 'string') continue;
      pending.add(key(entry.id));
    }
    adapter.passClientMessage(parsed, (message) => void upstream.send(message));
  };
  const lines = new LineSplitter(onLine);
  const onData = (chunk: Buffer | string): void => {
    lines.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };
  let graceTimer: NodeJS.Timeout | undefined;
  const onEnd = (): void => {
    const last = lines.end();
    if (last !== undefined) onLine(last);
    stdinEnded = true;
    if (pending.size === 0) finish(0);
    // Answers still due get the grace, not more.
    graceTimer = setTimeout(() => finish(0), graceMs);
  };
  const onStdoutError = (): void => {
    clientGone = true;
    finish(0);
  };
  const onSignal = (signal: NodeJS.Signals): void => finish(128 + (constants.signals[signal] ?? 0));
  io.stdin.on('data', onData);
  io.stdin.on('end', onEnd);
  io.stdout.on('error', onStdoutError);
  for (const signal of settings.signals) settings.signalSource.on(signal, onSignal);

  const code = await finished;
  clearTimeout(graceTimer);
  io.stdin.off('data', onData);
  io.stdin.off('end', onEnd);
  io.stdin.pause();
  for (const signal of settings.signals) settings.signalSource.off(signal, onSignal);
  await Promise.race([
    upstream.close(),
    new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
  ]);
  await outputTaken(io.stdout, graceMs);
  return code;
}
