import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { type ToolReport, ToolSchemaMessages } from '@toolschema/mcp';
import { UsageError } from '../CliError/index.ts';
import { formatOmittedTool, formatToolReport } from '../formatToolReport/index.ts';
import { type CliIo, stderrLine } from '../io/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { parseArgs, parseIntegerOption } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  toDereferenceOptions,
} from '../passOptions/index.ts';
import { PROFILE_OPTION_HELP, parseProfile } from '../profileOption/index.ts';
import { ServerProcess } from '../ServerProcess/index.ts';
import { parseLosslessValue } from './losslessJson.ts';
import { onceEach } from './onceEach.ts';
import { outputTaken } from './outputTaken.ts';
import { runRemoteProxy } from './remoteProxy.ts';
import { ServerLines } from './ServerLines.ts';
import { StdioLineAdapter } from './StdioLineAdapter.ts';
import { readUpstream, UPSTREAM_OPTIONS_HELP } from './upstreamOptions.ts';

/** Help text of `toolschema proxy`. */
export const PROXY_HELP = `Usage: toolschema proxy [options] -- <command> [args...]
       toolschema proxy [options] --url <https://.../mcp> [--header 'Name: value' ...]

An MCP proxy. Starts the server as a child process (or, with --url, connects to a remote
server over Streamable HTTP, falling back to HTTP+SSE) and passes every message both ways
unchanged, except the results of tools/list: there each tool's inputSchema (with an object
root) and outputSchema are made self-contained, with no $ref left but those a cycle needs.
Diagnostics go to stderr, never to stdout. The proxy exits with the server's exit code.
A tools/list answer it cannot rewrite is passed on as the server sent it, with one line on
stderr.

Put it in front of a server in an MCP client's configuration:
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--", "npx", "-y", "some-server"]
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--url", "https://example.com/mcp"]

With --profile, each tool's inputSchema becomes the provider's wire schema, and the arguments
of each tools/call are mapped back to the shape the server listed before the server sees them.
A call of a tool no tools/list named yet (a client that cached the list) waits while the proxy
lists the tools itself (ids "toolschema-list:N"; the client never sees these answers).
A tool the provider would still refuse is left out of tools/list, with one line on stderr.

Options:
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
  --keep-invalid      with --profile, list a tool the provider would still refuse anyway
  --repair-arguments  parse a string holding JSON where the tool wants an object or an
                      array and no string (models send these when they lose track);
                      unless --profile rewrites the schema, also drop a null sent for
                      an optional property that refuses null; with or without --profile
${UPSTREAM_OPTIONS_HELP}
  --grace MS          after the client closes stdin, how long the server gets to exit
                      before SIGTERM (and again before SIGKILL); after a signal, how long
                      before SIGKILL; after the server exits, how long its stdout may stay
                      open (default 2000)
  --quiet             do not print diagnostics
  -h, --help          show this help`;

const PROXY_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  profile: { kind: 'string' },
  'keep-invalid': { kind: 'boolean' },
  'repair-arguments': { kind: 'boolean' },
  url: { kind: 'string' },
  header: { kind: 'list' },
  grace: { kind: 'string' },
  quiet: { kind: 'boolean' },
  help: { kind: 'boolean', short: 'h' },
} as const;

const NEWLINE = Buffer.from('\n');

/** Default time the server gets to exit after the client closed stdin, in milliseconds. */
export const DEFAULT_PROXY_GRACE_MS = 2000;

/** The signals the proxy passes on to the server. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * The longest client line the proxy looks into, in bytes. The bytes of every line are forwarded
 * as they come; only a line that may be a `tools/list` request is kept until its end, and a longer
 * one is let go (its answer then passes unchanged), so memory does not grow with line length.
 */
const MAX_CLIENT_LINE_BYTES = 1024 * 1024;

/** Settings of {@link runProxy} that only tests change. */
export interface ProxySettings {
  /** Where the signals to forward come from. Default `process`. */
  signalSource?: EventEmitter;
}

/**
 * Runs `toolschema proxy`: resolves with the server's exit code once the server has exited and
 * its output has been handed to `io.stdout`.
 *
 * @param argv The arguments after `proxy`.
 * @param io The client's side: stdin from the client, stdout to the client, stderr for humans.
 * @param settings Where signals come from.
 * @returns The exit code: the server's, 128 + signal number when a signal ended it, or 126/127
 *   when it could not be started.
 */
export async function runProxy(
  argv: readonly string[],
  io: CliIo,
  settings: ProxySettings = {},
): Promise<number> {
  const { options, rest } = parseArgs(argv, PROXY_OPTION_SPECS, { stopAtPositional: true });
  if (options.help === true) {
    io.stdout.write(`${PROXY_HELP}\n`);
    return 0;
  }
  const upstream = readUpstream('proxy', options.url, options.header, rest);
  const pass = toDereferenceOptions(options);
  const profile = parseProfile(options.profile);
  if (profile === undefined && options['keep-invalid'] === true) {
    throw new UsageError(`option '--keep-invalid' needs '--profile'`);
  }
  const graceMs = parseIntegerOption(options.grace, '--grace') ?? DEFAULT_PROXY_GRACE_MS;
  const signalSource = settings.signalSource ?? process;

  // Say each distinct thing once (a tool can be listed again after a change).
  const sayOnce = onceEach((line) => io.stderr.write(`${line}\n`));
  const report = (toolReport: ToolReport): void => {
    // A tool left out is said even with --quiet: the client will not see it.
    if (toolReport.omitted) io.stderr.write(`${formatOmittedTool(toolReport, profile)}\n`);
    if (options.quiet === true) return;
    for (const line of formatToolReport(toolReport, 'passed through unchanged')) sayOnce(line);
  };
  // The proxy never dies on a server's answer: what cannot be rewritten goes on as it came.
  const rewriteFailed = (error: unknown): void => {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.stderr.write(
      `toolschema: a tools/list answer could not be rewritten (${reason.slice(0, 200)}); passed on as the server sent it\n`,
    );
  };
  // A tools/list of the proxy's own failed: the call it was for went on undecoded.
  const listFailed = (error: Error): void => {
    io.stderr.write(`${stderrLine(error.message)}\n`);
  };
  const messages = new ToolSchemaMessages({
    pass,
    ...(profile === undefined ? {} : { profile }),
    keepInvalid: options['keep-invalid'] === true,
    repair: options['repair-arguments'] === true,
    // An argument sent as a JSON string keeps its numbers' text on the way to the server, as the
    // rest of the message does.
    parseJson: parseLosslessValue,
    onToolReport: report,
    onRewriteError: rewriteFailed,
  });
  // With a profile other than mcp, or repair, tools/call lines may be rewritten: client lines are then
  // forwarded whole, one by one, instead of as the bytes came, and a call of a tool not listed
  // yet waits for a tools/list of the proxy's own (see StdioLineAdapter.passClientLine).
  const rewritesCalls = messages.decodesCalls;
  // One adapter per proxy, whichever the upstream: its text cache makes a tools/list listed again
  // cost a compare per tool (see StdioLineAdapter).
  const adapter = new StdioLineAdapter(messages, {
    onRewriteError: rewriteFailed,
    rewritesCalls,
    onListError: listFailed,
  });
  if (upstream.kind === 'url') {
    const { url, headers } = upstream;
    const signals = FORWARDED_SIGNALS;
    return runRemoteProxy(io, { url, headers, adapter, graceMs, signals, signalSource });
  }
  const server = new ServerProcess(upstream.command, upstream.args, { drainMs: graceMs });

  // The client is gone (stdin at its end, or our stdout closed): let the server finish, then stop
  // it. Signals stop it too, with SIGKILL after the grace if it ignores them.
  const forwardSignal = (signal: NodeJS.Signals): void => server.forward(signal, graceMs);
  for (const signal of FORWARDED_SIGNALS) signalSource.on(signal, forwardSignal);

  // Client to server: the bytes go on as they came and the splitter only watches for tools/list;
  // with a profile, each line goes on whole, as the core rewrote it.
  const toServer = (bytes: Buffer): void => {
    if (!server.input.write(bytes)) {
      io.stdin.pause();
      server.input.once('drain', () => io.stdin.resume());
    }
  };
  // The proxy's own tools/list goes as a line of the client's would.
  adapter.sendListsTo((request) => toServer(Buffer.from(`${JSON.stringify(request)}\n`, 'utf8')));
  // When the client ends while a call waits for that list, the server is stopped once the call
  // went on (or the server ends first).
  let stopOnceSent = false;
  const sendLine = (line: Buffer, newline: boolean): void => {
    toServer(newline ? Buffer.concat([line, NEWLINE]) : line);
    if (stopOnceSent && !adapter.holdsClientMessages) {
      stopOnceSent = false;
      server.stop(graceMs);
    }
  };
  const clientLines = rewritesCalls
    ? new LineSplitter((line) => adapter.passClientLine(line, (out) => sendLine(out, true)))
    : new LineSplitter((line) => adapter.clientLine(line), { maxLineBytes: MAX_CLIENT_LINE_BYTES });
  const onClientData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    clientLines.push(bytes);
    if (!rewritesCalls) toServer(bytes);
  };
  const onClientEnd = (): void => {
    const last = clientLines.end();
    if (last !== undefined) {
      if (rewritesCalls) adapter.passClientLine(last, (out) => sendLine(out, false));
      else adapter.clientLine(last);
    }
    if (adapter.holdsClientMessages) stopOnceSent = true;
    else server.stop(graceMs);
  };
  io.stdin.on('data', onClientData);
  io.stdin.on('end', onClientEnd);

  // Server to client: lines that can be a tools/list answer are collected and rewritten, every
  // other byte streams through.
  let clientGone = false;
  // With a profile, the short lines streamed through are shown to the adapter too: a
  // notifications/tools/list_changed lets a tool its own listing did not find be listed again.
  const serverLines = new ServerLines(
    () => adapter.waitsForToolsList,
    (line) => adapter.serverLinePieces(line),
    rewritesCalls ? (line) => adapter.observeServerLine(line) : undefined,
  );
  const send = (bytes: Buffer[]): void => {
    if (bytes.length === 0 || clientGone) return;
    // Written together (one writev where the stream can cork), not copied into one buffer first:
    // a rewritten line can be megabytes in many pieces.
    const stdout: NodeJS.WritableStream & Partial<Pick<Writable, 'cork' | 'uncork'>> = io.stdout;
    stdout.cork?.();
    let flowing = true;
    for (const piece of bytes) flowing = stdout.write(piece);
    stdout.uncork?.();
    if (!flowing) {
      server.output.pause();
      io.stdout.once('drain', () => server.output.resume());
    }
  };
  server.output.on('data', (chunk: Buffer) => send(serverLines.push(chunk)));
  server.output.on('end', () => send(serverLines.end()));
  // The client closed its end of our stdout: nobody can read the answers any more. The server's
  // output is then read and dropped, so it never blocks on a full pipe.
  io.stdout.on('error', () => {
    clientGone = true;
    server.output.resume();
    server.stop(graceMs);
  });

  const end = await server.ended;
  // Nothing held waits for a server that is gone.
  adapter.close();
  send(serverLines.end());
  await outputTaken(io.stdout, graceMs);
  for (const signal of FORWARDED_SIGNALS) signalSource.off(signal, forwardSignal);
  io.stdin.off('data', onClientData);
  io.stdin.off('end', onClientEnd);
  io.stdin.pause();
  if (end.startError !== undefined) io.stderr.write(`toolschema: ${end.startError.message}\n`);
  return end.exitCode;
}
