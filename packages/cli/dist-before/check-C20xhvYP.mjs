import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkProviderSchema, PROFILES } from '@toolschema/core';
import { rewriteTool } from '@toolschema/mcp';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  S as CliError,
  s as isObject,
  t as listAllTools,
  i as McpStdioClient,
  g as PASS_OPTION_SPECS,
  h as PASS_OPTIONS_HELP,
  y as parseArgs,
  b as parseIntegerOption,
  u as parseJsonText,
  m as parseProfileList,
  v as toDereferenceOptions,
  C as UsageError,
} from './inspect-xHdlXoV3.mjs';

//#region src/countTokens/countTokens.ts
/** The tokenizer `toolschema check` counts with: the package and its encoding. */
const TOKENIZER = {
  package: 'gpt-tokenizer',
  encoding: 'o200k_base',
};
/**
 * Counts the tokens of a JSON value's compact JSON text with the `o200k_base` encoding (the one of
 * OpenAI's GPT-4o and later models; other providers' tokenizers differ, so read the counts as a
 * comparison between before and after, not as any one provider's bill).
 *
 * @param value A JSON value.
 * @returns Its size in tokens.
 */
function countJsonTokens(value) {
  return countTokens(JSON.stringify(value) ?? '');
}
//#endregion
//#region src/check/checkTool.ts
/** The part of a tool a provider receives: its name, description and input schema. */
function providerView(tool, inputSchema) {
  return {
    ...(Object.hasOwn(tool, 'name') ? { name: tool.name } : {}),
    ...(Object.hasOwn(tool, 'description') ? { description: tool.description } : {}),
    inputSchema,
  };
}
function isErrorOf(violation) {
  return violation.severity === 'error';
}
/**
 * Checks one tool against one provider profile: its input schema as listed, and as toolschema
 * rewrites it for the profile (`toProviderSchema`), with its size in tokens before and after.
 * A tool without an input schema is taken as `{ "type": "object" }`, what MCP means by none.
 *
 * @param tool A tool from a `tools/list` result.
 * @param profile The provider profile.
 * @param options Options for the pass.
 * @returns The tool's row for the profile.
 */
function checkTool(tool, profile, options = {}) {
  const listed = Object.hasOwn(tool, 'inputSchema') ? tool.inputSchema : { type: 'object' };
  const rewritten = rewriteTool(
    {
      ...tool,
      inputSchema: listed,
    },
    options,
    profile,
  );
  const [error] = rewritten.errors;
  return {
    tool: typeof tool.name === 'string' ? tool.name : '(unnamed)',
    profile,
    acceptedAsListed: !checkProviderSchema(listed, profile).some(isErrorOf),
    acceptedAfter: rewritten.violations.length === 0,
    remaining: rewritten.violations,
    ...(error === void 0 ? {} : { error }),
    tokensBefore: countJsonTokens(providerView(tool, listed)),
    tokensAfter: countJsonTokens(providerView(tool, rewritten.tool.inputSchema)),
  };
}
//#endregion
//#region src/check/formatCheckTable.ts
const HEADER = ['tool', 'profile', 'as listed', 'after toolschema', 'tokens before → after'];
function verdict(accepted) {
  return accepted ? 'accepted' : 'refused';
}
/**
 * Formats the rows of `toolschema check` as a plain-text table, then one line per rule a tool
 * still breaks, then a summary naming the tokenizer.
 *
 * @param rows One row per tool and profile.
 * @returns The text, lines joined by `\n`, without a trailing newline.
 */
function formatCheckTable(rows) {
  const cells = [
    HEADER,
    ...rows.map((row) => [
      row.tool,
      row.profile,
      verdict(row.acceptedAsListed),
      row.acceptedAfter ? 'accepted' : `refused (${row.remaining.length})`,
      `${row.tokensBefore} → ${row.tokensAfter}`,
    ]),
  ];
  const widths = HEADER.map((_, column) =>
    Math.max(...cells.map((line) => [...line[column]].length)),
  );
  const table = cells.map((line) =>
    line
      .map((cell, column) => cell + ' '.repeat(widths[column] - [...cell].length))
      .join('  ')
      .trimEnd(),
  );
  const remaining = rows.flatMap((row) =>
    row.remaining.map(
      (violation) =>
        `${row.tool} (${row.profile}): ${violation.rule} at ${violation.pointer === '' ? '(root)' : violation.pointer}: ${violation.message}`,
    ),
  );
  const refused = rows.filter((row) => !row.acceptedAfter).length;
  const summary = `${rows.length} checks, ${refused} still refused; tokens counted with ${TOKENIZER.package} (${TOKENIZER.encoding})`;
  return [...table, ...(remaining.length === 0 ? [] : ['', ...remaining]), '', summary].join('\n');
}
//#endregion
//#region src/check/readTools.ts
/**
 * Reads the tools of a `check` file: a `tools/list` result (`{ "tools": [...] }`), a JSON-RPC
 * answer holding one, an array of tools, or one JSON Schema (then one tool named after the file,
 * with that schema as its input).
 *
 * @param value The parsed file.
 * @param source The file's path, for the name of a lone schema and for messages.
 * @returns The tools, in order.
 */
function readTools(value, source) {
  const list = isObject(value) && isObject(value.result) ? value.result : value;
  const tools = Array.isArray(list)
    ? list
    : isObject(list) && Array.isArray(list.tools)
      ? list.tools
      : void 0;
  if (tools !== void 0) {
    if (!tools.every(isObject)) throw new CliError(`${source}: every tool must be an object`);
    return tools;
  }
  if (isObject(value) || typeof value === 'boolean')
    return [
      {
        name: basename(source).replace(/\.json$/i, ''),
        inputSchema: value,
      },
    ];
  throw new CliError(`${source}: expected a JSON Schema, a tools/list result or an array of tools`);
}
//#endregion
//#region src/check/check.ts
/** The profiles `check` uses without `--profile`: every provider, not `mcp` (no provider's). */
const DEFAULT_CHECK_PROFILES = PROFILES.filter((profile) => profile !== 'mcp');
/** Default time to wait for each answer of the server, in milliseconds. */
const DEFAULT_CHECK_TIMEOUT_MS = 3e4;
/** Help text of `toolschema check`. */
const CHECK_HELP = `Usage: toolschema check [options] -- <command> [args...]
       toolschema check [options] <file.json>

Checks each tool of an MCP server (or of a file: a JSON Schema, a tools/list result or an array
of tools) against providers' rules: one row per tool and profile, saying whether the provider
accepts the input schema as listed, whether it accepts what toolschema makes of it for the
profile, and the tool's size in tokens (name, description and input schema as compact JSON,
counted with ${TOKENIZER.package}, encoding ${TOKENIZER.encoding}) before and after. The rules a
tool still breaks are listed under the table.

Options:
  --profile A,B       the profiles to check (default: ${DEFAULT_CHECK_PROFILES.join(', ')})
  --json              print { tokenizer, rows } as JSON instead of the table
  --timeout MS        how long to wait for each answer of the server (default 30000)
${PASS_OPTIONS_HELP}
  -h, --help          show this help

Exit codes: 0 every tool is accepted after toolschema by every profile checked, 1 a tool is still
refused (or the input could not be read, or the server failed), 2 bad usage.

Examples:
  toolschema check --profile openai-strict,gemini -- npx -y some-server
  toolschema check tools.json`;
const CHECK_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  profile: { kind: 'string' },
  json: { kind: 'boolean' },
  timeout: { kind: 'string' },
  help: {
    kind: 'boolean',
    short: 'h',
  },
};
async function toolsOfFile(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = error.code;
    throw new CliError(
      `cannot read '${file}': ${code === 'ENOENT' ? 'no such file' : error.message}`,
    );
  }
  return readTools(parseJsonText(text, file), file);
}
async function toolsOfServer(command, args, timeoutMs, io) {
  const client = new McpStdioClient(command, args, {
    timeoutMs,
    onNoise: (line) =>
      io.stderr.write(
        `toolschema: ignoring non-JSON output of the server: ${line.slice(0, 200)}\n`,
      ),
  });
  try {
    return readTools({ tools: await listAllTools(client) }, command);
  } finally {
    await client.close();
  }
}
/**
 * Runs `toolschema check`.
 *
 * @param argv The arguments after `check`.
 * @param io The streams to use.
 * @returns The exit code: 1 when a tool is still refused by a profile checked.
 */
async function runCheck(argv, io) {
  const { options, positionals, rest } = parseArgs(argv, CHECK_OPTION_SPECS);
  if (options.help === true) {
    io.stdout.write(`${CHECK_HELP}\n`);
    return 0;
  }
  const profiles =
    options.profile === void 0 ? DEFAULT_CHECK_PROFILES : parseProfileList(options.profile);
  const pass = toDereferenceOptions(options);
  const timeoutMs = parseIntegerOption(options.timeout, '--timeout') ?? DEFAULT_CHECK_TIMEOUT_MS;
  const [command, ...args] = rest ?? [];
  if (command !== void 0 && positionals.length > 0)
    throw new UsageError('check takes a file or a server command after --, not both');
  if (command === void 0 && positionals.length !== 1)
    throw new UsageError('check needs one file, or a server command after --');
  const rows = (
    command === void 0
      ? await toolsOfFile(positionals[0])
      : await toolsOfServer(command, args, timeoutMs, io)
  ).flatMap((tool) => profiles.map((profile) => checkTool(tool, profile, pass)));
  if (options.json === true)
    io.stdout.write(
      `${JSON.stringify(
        {
          tokenizer: TOKENIZER,
          rows,
        },
        null,
        2,
      )}\n`,
    );
  else io.stdout.write(`${formatCheckTable(rows)}\n`);
  return rows.every((row) => row.acceptedAfter) ? 0 : 1;
}

//#endregion
export { runCheck };
