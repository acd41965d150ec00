import type { EventEmitter } from 'node:events';
import { constants } from 'node:os';
import { UsageError } from '../CliError/index.ts';
import { formatToolReport } from '../formatToolReport/index.ts';
import type { CliIo } from '../io/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { exitCodeOf, spawnServer, startError } from '../McpStdioClient/index.ts';
import { parseArgs, parseIntegerOption } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  toDereferenceOptions,
} from '../passOptions/index.ts';
import type { ToolReport } from '../rewriteToolsListResult/index.ts';
import { ToolsListRewriter } from '../ToolsListRewriter/index.ts';

/** Help text of `toolschema proxy`. */
export const PROXY_HELP = `Usage: toolschema proxy [options] -- <command> [args...]

An MCP stdio proxy. Starts the server as a child process and passes every message both ways
unchanged, except the results of tools/list: there each tool's inputSchema (with an object
root) and outputSchema are made self-contained, with no $ref left but those a cycle needs.
Diagnostics go to stderr, never to stdout. The proxy exits with the server's exit code.

Put it in front of a server in an MCP client's configuration:
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--", "npx", "-y", "some-server"]

Options:
${PASS_OPTIONS_HELP}
  --grace MS          after the client closes stdin, how long the server gets to exit
                      before SIGTERM (and again before SIGKILL) (default 2000)
  --quiet             do not print diagnostics
  -h, --help          show this help`;

const PROXY_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  grace: { kind: 'string' },
  quiet: { kind: 'boolean' },
  help: { kind: 'boolean', short: 'h' },
} as const;

/** Default time the server gets to exit after the client closed stdin, in milliseconds. */
export const DEFAULT_PROXY_GRACE_MS = 2000;

/** The signals the proxy passes on to the server. */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const NEWLINE = Buffer.from('\n');

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
  const [command, ...args] = rest ?? [];
  if (command === undefined) throw new UsageError('proxy needs a server command after --');
  const pass = toDereferenceOptions(options);
  const graceMs = parseIntegerOption(options.grace, '--grace') ?? DEFAULT_PROXY_GRACE_MS;
  const signalSource = settings.signalSource ?? process;

  // The same tool comes back on every tools/list; say each distinct thing once.
  const printed = new Set<string>();
  const report = (toolReport: ToolReport): void => {
    if (options.quiet === true) return;
    for (const line of formatToolReport(toolReport, 'passed through unchanged')) {
      if (printed.has(line)) continue;
      printed.add(line);
      io.stderr.write(`${line}\n`);
    }
  };
  const rewriter = new ToolsListRewriter({ pass, onReport: report });

  const child = spawnServer(command, args);
  const childStdin = child.stdin!;
  const childStdout = child.stdout!;

  return new Promise<number>((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let terminating = false;
    // The client is gone (stdin EOF or stdout closed): let the server finish, then stop it.
    const terminate = (): void => {
      if (terminating) return;
      terminating = true;
      childStdin.end();
      timers.push(
        setTimeout(() => {
          child.kill('SIGTERM');
          timers.push(setTimeout(() => child.kill('SIGKILL'), graceMs));
        }, graceMs),
      );
    };
    const forwardSignal = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    const cleanup = (): void => {
      for (const timer of timers) clearTimeout(timer);
      for (const signal of FORWARDED_SIGNALS) signalSource.off(signal, forwardSignal);
      io.stdin.off('data', onClientData);
      io.stdin.off('end', onClientEnd);
      io.stdin.pause();
    };

    // Client to server: the bytes go on as they came; the splitter only watches for tools/list.
    const clientLines = new LineSplitter((line) => rewriter.observeClientLine(line));
    const onClientData = (chunk: Buffer | string): void => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      clientLines.push(bytes);
      if (!childStdin.write(bytes)) {
        io.stdin.pause();
        childStdin.once('drain', () => io.stdin.resume());
      }
    };
    const onClientEnd = (): void => {
      const last = clientLines.end();
      if (last !== undefined) rewriter.observeClientLine(last);
      terminate();
    };

    // Server to client: line by line, rewriting only the tools/list answers.
    let outgoing: Buffer[] = [];
    const serverLines = new LineSplitter((line) => {
      outgoing.push(rewriter.transformServerLine(line), NEWLINE);
    });
    const flushOutgoing = (): void => {
      if (outgoing.length === 0) return;
      const bytes = Buffer.concat(outgoing);
      outgoing = [];
      if (!io.stdout.write(bytes)) {
        childStdout.pause();
        io.stdout.once('drain', () => childStdout.resume());
      }
    };
    childStdout.on('data', (chunk: Buffer) => {
      serverLines.push(chunk);
      flushOutgoing();
    });
    childStdout.on('end', () => {
      const last = serverLines.end();
      if (last !== undefined) outgoing.push(rewriter.transformServerLine(last));
      flushOutgoing();
    });

    // Writes to a server that has exited fail with EPIPE; the close handler ends the proxy.
    childStdin.on('error', () => {});
    // The client closed its end of our stdout: nobody can read the answers any more.
    io.stdout.on('error', terminate);

    child.once('error', (error) => {
      const failure = startError(command, error);
      io.stderr.write(`toolschema: ${failure.message}\n`);
      cleanup();
      resolve(failure.exitCode);
    });
    child.once('close', (code, signal) => {
      cleanup();
      resolve(exitCodeOf(code, signal, constants.signals));
    });

    for (const signal of FORWARDED_SIGNALS) signalSource.on(signal, forwardSignal);
    io.stdin.on('data', onClientData);
    io.stdin.on('end', onClientEnd);
  });
}
