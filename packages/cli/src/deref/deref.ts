import { readFile, writeFile } from 'node:fs/promises';
import {
  checkProviderSchema,
  type DereferenceOptions,
  type DereferenceResult,
  dereference,
  type Profile,
  ToolSchemaError,
  toProviderSchema,
} from '@toolschema/core';
import { CliError, UsageError } from '../CliError/index.ts';
import { type CliIo, formatDiagnostic, formatViolation, readAll } from '../io/index.ts';
import { locateJsonError } from '../locateJsonError/index.ts';
import { parseArgs } from '../parseArgs/index.ts';
import {
  PASS_OPTION_SPECS,
  PASS_OPTIONS_HELP,
  passErrorHint,
  toDereferenceOptions,
} from '../passOptions/index.ts';
import { PROFILE_OPTION_HELP, parseProfile } from '../profileOption/index.ts';

/** Help text of `toolschema deref`. */
export const DEREF_HELP = `Usage: toolschema deref [options] [file]

Reads a JSON Schema from file (or stdin when no file or '-' is given) and prints the
self-contained schema: every local $ref inlined, $defs kept only where a cycle needs them.
The schema goes to stdout as pretty JSON; diagnostics go to stderr.

Options:
  --root any|object   'object' makes the root an object schema, as MCP tool inputs need
                      (default: any)
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
                      (a tool input: object root); prints the wire schema, and the rules
                      the provider would still refuse on stderr
  --codec FILE        with --profile, write the codec (JSON) that maps the model's arguments
                      back to the original shape to FILE
  --compact           print the schema on one line
  --quiet             do not print diagnostics
  -h, --help          show this help

Exit codes: 0 done (diagnostics may have been printed), 1 unreadable input, invalid JSON or
a schema the pass refused, 2 bad usage.

Examples:
  toolschema deref schema.json > flat.json
  curl -s https://example.com/schema.json | toolschema deref --root object
  toolschema deref --profile openai-strict --codec codec.json tool-input.json`;

const DEREF_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  root: { kind: 'string' },
  profile: { kind: 'string' },
  codec: { kind: 'string' },
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

/** What {@link profileText} returns: `toProviderSchema`'s result and the refusals left. */
export interface ProfileTextResult extends ReturnType<typeof toProviderSchema> {
  /** Rules of the profile the wire schema still breaks with severity `error`. */
  violations: ReturnType<typeof checkProviderSchema>;
}

/**
 * Rewrites the JSON Schema in a JSON text for a provider profile (`toProviderSchema`), and checks
 * the wire schema against the profile's rules.
 *
 * @param text The JSON text of a tool's input schema.
 * @param source The name of the input, for error messages.
 * @param profile The provider profile.
 * @param options Options for the pass (`root` is always `object`).
 * @returns The wire schema, codec, diagnostics and the refusals left.
 */
export function profileText(
  text: string,
  source: string,
  profile: Profile,
  options: Omit<DereferenceOptions, 'root'>,
): ProfileTextResult {
  const schema = parseJsonText(text, source);
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null)) {
    throw new CliError(`${source}: not a JSON Schema (expected an object or a boolean)`);
  }
  const result = toProviderSchema(schema as DereferenceResult['schema'], profile, options);
  const violations = checkProviderSchema(result.schema, profile).filter(
    (violation) => violation.severity === 'error',
  );
  return { ...result, violations };
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

async function writeCodec(file: string, codec: unknown): Promise<void> {
  try {
    await writeFile(file, `${JSON.stringify(codec, null, 2)}\n`, 'utf8');
  } catch (error) {
    throw new CliError(`cannot write '${file}': ${(error as Error).message}`);
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
  const profile = parseProfile(options.profile);
  if (profile !== undefined && root === 'any') {
    throw new UsageError(`option '--profile' rewrites a tool input, whose root is an object`);
  }
  if (profile === undefined && options.codec !== undefined) {
    throw new UsageError(`option '--codec' needs '--profile'`);
  }
  const passOptions: DereferenceOptions = {
    ...toDereferenceOptions(options),
    ...(root === undefined ? {} : { root }),
  };
  const file = positionals[0];
  const source = file === undefined || file === '-' ? '<stdin>' : file;
  const text = await readInput(file, io);
  let result: { schema: unknown; diagnostics: DereferenceResult['diagnostics'] };
  try {
    if (profile === undefined) result = derefText(text, source, passOptions);
    else {
      const profiled = profileText(text, source, profile, toDereferenceOptions(options));
      result = profiled;
      if (options.codec !== undefined) await writeCodec(options.codec, profiled.codec);
      for (const violation of profiled.violations) {
        io.stderr.write(`${formatViolation(violation, `${profile} still refuses it`)}\n`);
      }
    }
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
