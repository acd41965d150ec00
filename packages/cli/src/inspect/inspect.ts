import { CliError } from '../CliError/index.ts';
import { formatToolReport } from '../formatToolReport/index.ts';
import { type CliIo, formatViolation } from '../io/index.ts';
import { isObject } from '../isObject/index.ts';
import { connectHttp, connectStdio, type McpClient } from '../McpClient/index.ts';
import { parseArgs, parseIntegerOption } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  toDereferenceOptions,
} from '../passOptions/index.ts';
import { PROFILE_OPTION_HELP, parseProfile } from '../profileOption/index.ts';
import { readUpstream, UPSTREAM_OPTIONS_HELP, type Upstream } from '../proxy/upstreamOptions.ts';
import { namesToolsFile, readToolsFile } from '../toolsFile/index.ts';
import { VERSION } from '../version/index.ts';
import { formatInspectTable } from './formatInspectTable.ts';
import { summarizeTool } from './summarizeTool.ts';

/** Help text of `toolschema inspect`. */
export const INSPECT_HELP = `Usage: toolschema inspect [options] -- <command> [args...]
       toolschema inspect [options] --url <https://.../mcp> [--header 'Name: value' ...]
       toolschema inspect [options] <file.json>

Starts an MCP server over stdio (or connects to a remote one over Streamable HTTP, or the older
HTTP+SSE), lists all its tools (every page) and shows what toolschema
does to each tool's inputSchema and outputSchema: bytes of compact JSON before and after,
$refs in the schemas as sent, $refs left after the pass (cycles), and diagnostics.
The server's stderr goes to stderr. A file (its name ending in .json) holds the tools
instead: a tools/list result, an array of tools, or one JSON Schema (one tool named after
the file, with that schema as its input).

Options:
  --json              print a JSON array, one object per tool, instead of the table
  --timeout MS        how long to wait for each answer of the server (default 30000)
${UPSTREAM_OPTIONS_HELP}
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
                      measure the wire schema, and say per tool whether the provider
                      accepts it (the rules it still breaks go to stderr)
  --quiet             do not print the diagnostics and errors of each tool (the table
                      still counts them)
  -h, --help          show this help

Exit codes: 0 done (diagnostics may have been printed), 1 the pass refused a schema (with
--cycles throw or --unresolved throw) or the server failed or did not answer in time,
2 bad usage, 126/127 the command cannot be run / was not found.

Example:
  toolschema inspect -- npx -y @modelcontextprotocol/server-everything`;

const INSPECT_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  json: { kind: 'boolean' },
  profile: { kind: 'string' },
  timeout: { kind: 'string' },
  quiet: { kind: 'boolean' },
  url: { kind: 'string' },
  header: { kind: 'list' },
  help: { kind: 'boolean', short: 'h' },
} as const;

/** The protocol version toolschema asks for in `initialize`; servers answer with theirs. */
export const INSPECT_PROTOCOL_VERSION = '2025-06-18';

/** Default time to wait for each answer of the server, in milliseconds. */
export const DEFAULT_INSPECT_TIMEOUT_MS = 30_000;

/**
 * Connects to a server (a command it starts, or a URL), lists every tool and ends the connection.
 *
 * @param upstream Where the server is.
 * @param timeoutMs How long to wait for each answer.
 * @param io Where noise of a server's stdout is reported.
 * @returns The tools, in the order the server listed them.
 */
export async function listServerTools(
  upstream: Upstream,
  timeoutMs: number,
  io: CliIo,
): Promise<unknown[]> {
  const client =
    upstream.kind === 'url'
      ? connectHttp(upstream.url, upstream.headers, { timeoutMs })
      : connectStdio(upstream.command, upstream.args, {
          timeoutMs,
          onNoise: (line) =>
            io.stderr.write(
              `toolschema: ignoring non-JSON output of the server: ${line.slice(0, 200)}\n`,
            ),
        });
  try {
    return await listAllTools(client);
  } finally {
    await client.close();
  }
}

/**
 * Runs the MCP handshake with a server and collects every tool of `tools/list`, following
 * `nextCursor` across pages.
 *
 * @param client A connected client.
 * @returns The tools, in the order the server listed them.
 */
async function listAllTools(client: McpClient): Promise<unknown[]> {
  await client.request('initialize', {
    protocolVersion: INSPECT_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'toolschema', version: VERSION },
  });
  client.notify('notifications/initialized');
  const tools: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const result = await client.request('tools/list', cursor === undefined ? {} : { cursor });
    if (!isObject(result) || !Array.isArray(result.tools)) {
      throw new CliError('server answered tools/list without a tools array');
    }
    for (const tool of result.tools) tools.push(tool);
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor !== undefined) {
      // A server that hands out the same cursor twice would page forever.
      if (seenCursors.has(cursor))
        throw new CliError(`server repeated tools/list cursor '${cursor}'`);
      seenCursors.add(cursor);
    }
  } while (cursor !== undefined);
  return tools;
}

/**
 * Runs `toolschema inspect`.
 *
 * @param argv The arguments after `inspect`.
 * @param io The streams to use.
 * @returns The exit code.
 */
export async function runInspect(argv: readonly string[], io: CliIo): Promise<number> {
  const { options, rest } = parseArgs(argv, INSPECT_OPTION_SPECS, { stopAtPositional: true });
  if (options.help === true) {
    io.stdout.write(`${INSPECT_HELP}\n`);
    return 0;
  }
  // Where the tools come from, read before anything else is parsed: a tools file, or a server
  // (`--header` without `--url` is refused by `readUpstream`, file or not).
  const source: { file: string } | { upstream: Upstream } =
    options.url === undefined && options.header === undefined && namesToolsFile(rest)
      ? { file: rest[0] }
      : { upstream: readUpstream('inspect', options.url, options.header, rest) };
  const passOptions = toDereferenceOptions(options);
  const profile = parseProfile(options.profile);
  const timeoutMs = parseIntegerOption(options.timeout, '--timeout') ?? DEFAULT_INSPECT_TIMEOUT_MS;
  const tools =
    'file' in source
      ? await readToolsFile(source.file)
      : await listServerTools(source.upstream, timeoutMs, io);

  const summaries = tools.filter(isObject).map((tool) => summarizeTool(tool, passOptions, profile));
  // As the exit code table says: a schema the pass refused is a failure, diagnostics are not.
  const code = summaries.some((summary) => summary.errors.length > 0) ? 1 : 0;
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify(summaries, null, 2)}\n`);
    return code;
  }
  if (options.quiet !== true) {
    for (const summary of summaries) {
      for (const line of formatToolReport(summary, 'left unchanged')) io.stderr.write(`${line}\n`);
      for (const violation of summary.profile?.violations ?? []) {
        io.stderr.write(
          `${formatViolation(violation, `${summary.name}: ${profile} still refuses it`)}\n`,
        );
      }
    }
  }
  io.stdout.write(`${formatInspectTable(summaries)}\n`);
  return code;
}
