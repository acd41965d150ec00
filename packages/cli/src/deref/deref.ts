import { readFile } from 'node:fs/promises';
import {
  type DereferenceOptions,
  type DereferenceResult,
  dereference,
  ToolSchemaError,
} from '@toolschema/core';
import { CliError, UsageError } from '../CliError/index.ts';
import { type CliIo, formatDiagnostic, readAll } from '../io/index.ts';
import { locateJsonError } from '../locateJsonError/index.ts';
import { parseArgs } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  passErrorHint,
  toDereferenceOptions,
} from '../passOptions/index.ts';

/** Help text of `toolschema deref`. */
export const DEREF_HELP = `Usage: toolschema deref [options] [file]

Reads a JSON Schema from file (or stdin when no file or '-' is given) and prints the
self-contained schema: every local $ref inlined, $defs kept only where a cycle needs them.
The schema goes to stdout as pretty JSON; diagnostics go to stderr.

Options:
  --root any|object   'object' makes the root an object schema, as MCP tool inputs need
                      (default: any)
${PASS_OPTIONS_HELP}
  --compact           print the schema on one line
  --quiet             do not print diagnostics
  -h, --help          show this help

Exit codes: 0 done (diagnostics may have been printed), 1 unreadable input, invalid JSON or
a schema the pass refused, 2 bad usage.

Examples:
  toolschema deref schema.json > flat.json
  curl -s https://example.com/schema.json | toolschema deref --root object`;

const DEREF_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  root: { kind: 'string' },
  compact: { kind: 'boolean' },
  quiet: { kind: 'boolean' },
  help: { kind: 'boolean', short: 'h' },
} as const;

/**
 * Parses JSON text, reporting invalid JSON as a {@link CliError} that says where
 * (`source:line:column: reason`). A leading byte order mark is skipped.
 *
 * @param text The JSON text.
 * @param source The name of the input for the message (a path or `<stdin>`).
 * @returns The parsed value.
 */
export function parseJsonText(text: string, source: string): unknown {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const location = locateJsonError(body);
    if (location === undefined) {
      throw new CliError(`${source}: invalid JSON: ${(error as Error).message}`);
    }
    throw new CliError(
      `${source}:${location.line}:${location.column}: invalid JSON: ${location.reason}`,
    );
  }
}

/**
 * Dereferences the JSON Schema in a JSON text.
 *
 * @param text The JSON text of a schema.
 * @param source The name of the input, for error messages.
 * @param options Options for the pass.
 * @returns The pass's result.
 */
export function derefText(
  text: string,
  source: string,
  options: DereferenceOptions,
): DereferenceResult {
  const schema = parseJsonText(text, source);
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null)) {
    throw new CliError(`${source}: not a JSON Schema (expected an object or a boolean)`);
  }
  return dereference(schema as DereferenceResult['schema'], options);
}

async function readInput(file: string | undefined, io: CliIo): Promise<string> {
  if (file === undefined || file === '-') {
    if (io.stdin.isTTY === true) {
      throw new UsageError('no input: give a file, or pipe a schema into stdin');
    }
    return (await readAll(io.stdin)).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : (error as Error).message;
    throw new CliError(`cannot read '${file}': ${reason}`);
  }
}

/**
 * Runs `toolschema deref`.
 *
 * @param argv The arguments after `deref`.
 * @param io The streams to use.
 * @returns The exit code.
 */
export async function runDeref(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(argv, DEREF_OPTION_SPECS);
  const { options } = parsed;
  if (options.help === true) {
    io.stdout.write(`${DEREF_HELP}\n`);
    return 0;
  }
  // After `--` a name that starts with `-` is still a file.
  const positionals = [...parsed.positionals, ...(parsed.rest ?? [])];
  if (positionals.length > 1) throw new UsageError('deref takes at most one file');
  const root = options.root;
  if (root !== undefined && root !== 'any' && root !== 'object') {
    throw new UsageError(`option '--root' must be any or object, got '${root}'`);
  }
  const passOptions: DereferenceOptions = {
    ...toDereferenceOptions(options),
    ...(root === undefined ? {} : { root }),
  };
  const file = positionals[0];
  const source = file === undefined || file === '-' ? '<stdin>' : file;
  const text = await readInput(file, io);
  let result: DereferenceResult;
  try {
    result = derefText(text, source, passOptions);
  } catch (error) {
    // A schema the pass refuses is reported like its diagnostics, with the way around it.
    if (!(error instanceof ToolSchemaError)) throw error;
    io.stderr.write(`${formatDiagnostic(error, source)}${passErrorHint(error)}\n`);
    return 1;
  }
  if (options.quiet !== true) {
    for (const diagnostic of result.diagnostics) {
      io.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
    }
  }
  const output =
    options.compact === true
      ? JSON.stringify(result.schema)
      : JSON.stringify(result.schema, null, 2);
  io.stdout.write(`${output}\n`);
  return 0;
}
