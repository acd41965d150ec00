import { PROFILES, type Profile } from '@toolschema/core';
import { UsageError } from '../CliError/index.ts';
import { TOKENIZER } from '../countTokens/index.ts';
import { listServerTools } from '../inspect/index.ts';
import type { CliIo } from '../io/index.ts';
import { parseArgs, parseIntegerOption } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  toDereferenceOptions,
} from '../passOptions/index.ts';
import { parseProfileList } from '../profileOption/index.ts';
import { readUpstream, UPSTREAM_OPTIONS_HELP, type Upstream } from '../proxy/upstreamOptions.ts';
import { readTools, readToolsFile } from '../toolsFile/index.ts';
import { checkRequest, type RequestRow } from './checkRequest.ts';
import { type CheckedTool, type CheckRow, checkTool, toolName } from './checkTool.ts';
import { formatCheckTable } from './formatCheckTable.ts';

/** The profiles `check` uses without `--profile`: every provider, not `mcp` (no provider's). */
export const DEFAULT_CHECK_PROFILES: readonly Profile[] = PROFILES.filter(
  (profile) => profile !== 'mcp',
);

/** Default time to wait for each answer of the server, in milliseconds. */
const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

/** Help text of `toolschema check`. */
export const CHECK_HELP = `Usage: toolschema check [options] -- <command> [args...]
       toolschema check [options] --url <https://.../mcp> [--header 'Name: value' ...]
       toolschema check [options] <file.json>

Checks each tool of an MCP server (started over stdio, or remote over Streamable HTTP or the
older HTTP+SSE; or of a file: a JSON Schema, a tools/list result or an array
of tools) against providers' rules: one row per tool and profile, saying whether the provider
accepts the input schema as listed, whether it accepts what toolschema makes of it for the
profile, and the tool's size in tokens (name, description and input schema as compact JSON,
counted with ${TOKENIZER.package}, encoding ${TOKENIZER.encoding}) before and after. The rules a
tool still breaks are listed under the table, and so are the limits a provider puts on one
request that all the tools sent together still exceed (Claude's strict tools: 20 tools, 24
optional and 16 union parameters).

Options:
  --profile A,B       the profiles to check (default: ${DEFAULT_CHECK_PROFILES.join(', ')})
  --json              print { tokenizer, rows, requests } as JSON instead of the table
  --timeout MS        how long to wait for each answer of the server (default 30000)
${UPSTREAM_OPTIONS_HELP}
${PASS_OPTIONS_HELP}
  -h, --help          show this help

Exit codes: 0 every tool is accepted after toolschema by every profile checked (a request limit
exceeded does not count: a host may send only some tools as strict), 1 a tool is still refused (or
the input could not be read, or the server failed), 2 bad usage.

Examples:
  toolschema check --profile openai-strict,gemini -- npx -y some-server
  toolschema check --url https://example.com/mcp --header 'Authorization: Bearer TOKEN'
  toolschema check tools.json`;

const CHECK_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  profile: { kind: 'string' },
  json: { kind: 'boolean' },
  timeout: { kind: 'string' },
  url: { kind: 'string' },
  header: { kind: 'list' },
  help: { kind: 'boolean', short: 'h' },
} as const;

async function toolsOfServer(
  upstream: Upstream,
  timeoutMs: number,
  io: CliIo,
): Promise<Record<string, unknown>[]> {
  const source = upstream.kind === 'url' ? upstream.url.href : upstream.command;
  return readTools({ tools: await listServerTools(upstream, timeoutMs, io) }, source);
}

/**
 * Runs `toolschema check`.
 *
 * @param argv The arguments after `check`.
 * @param io The streams to use.
 * @returns The exit code: 1 when a tool is still refused by a profile checked.
 */
export async function runCheck(argv: readonly string[], io: CliIo): Promise<number> {
  const { options, positionals, rest } = parseArgs(argv, CHECK_OPTION_SPECS);
  if (options.help === true) {
    io.stdout.write(`${CHECK_HELP}\n`);
    return 0;
  }
  const profiles =
    options.profile === undefined ? DEFAULT_CHECK_PROFILES : parseProfileList(options.profile);
  const pass = toDereferenceOptions(options);
  const timeoutMs = parseIntegerOption(options.timeout, '--timeout') ?? DEFAULT_CHECK_TIMEOUT_MS;
  const server = rest !== undefined || options.url !== undefined || options.header !== undefined;
  if (server && positionals.length > 0) {
    throw new UsageError('check takes a file or a server (a command after --, or --url), not both');
  }
  if (!server && positionals.length !== 1) {
    throw new UsageError('check needs one file, or a server: a command after --, or --url');
  }
  const tools = server
    ? await toolsOfServer(readUpstream('check', options.url, options.header, rest), timeoutMs, io)
    : await readToolsFile(positionals[0]!);

  const checked: CheckedTool[][] = tools.map((tool) =>
    profiles.map((profile) => checkTool(tool, profile, pass)),
  );
  const rows: CheckRow[] = checked.flatMap((perProfile) => perProfile.map(({ row }) => row));
  const requests: RequestRow[] = profiles.map((profile, index) =>
    checkRequest(
      profile,
      checked.map((perProfile) => perProfile[index]!.listed),
      checked.map((perProfile) => perProfile[index]!.wire),
    ),
  );
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify({ tokenizer: TOKENIZER, rows, requests }, null, 2)}\n`);
  } else {
    io.stdout.write(`${formatCheckTable(rows, requests, tools.map(toolName))}\n`);
  }
  // A request limit does not fail the check: a host may send only some tools as strict.
  return rows.every((row) => row.acceptedAfter) ? 0 : 1;
}
