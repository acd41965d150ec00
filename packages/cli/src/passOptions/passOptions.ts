import {
  type CycleMode,
  type DereferenceOptions,
  type Dialect,
  ToolSchemaError,
} from '@toolschema/core';
import { resolveOptions } from '@toolschema/core/adapter';
import { UsageError } from '../CliError/index.ts';
import { type ParsedOptions, parseIntegerOption } from '../parseArgs/index.ts';

/** The command line options that map onto {@link DereferenceOptions}, shared by all commands. */
export const PASS_OPTION_SPECS = {
  cycles: { kind: 'string' },
  unresolved: { kind: 'string' },
  dialect: { kind: 'string' },
  'foreign-patterns': { kind: 'string' },
  'root-id': { kind: 'string' },
  'max-bytes': { kind: 'string' },
  'max-depth': { kind: 'string' },
} as const;

/** Help text for {@link PASS_OPTION_SPECS}, one option per line. */
export const PASS_OPTIONS_HELP = `  --cycles ref|throw|unroll=N
                      refs that close a cycle: keep as $ref into root $defs (default), fail,
                      or inline N levels then allow anything
  --unresolved permissive|keep|throw
                      dangling and external refs: allow anything (default), keep, or fail
  --dialect D         dialect when the schema has no $schema: draft-04, draft-06, draft-07,
                      draft-2019-09, draft-2020-12 (default); 2019-09 and 2020-12 also work
  --foreign-patterns keep|drop
                      a pattern written for another regex engine, with no form that compiles
                      with JavaScript's u flag: keep it (default; proxy: input schemas), or
                      leave it out (proxy: output schemas, which MCP clients compile)
  --root-id keep|drop the root's $id: keep it (default for deref), or leave it out where nothing
                      resolves against it (proxy, inspect, check: clients cache validators by $id)
  --max-bytes N       hard cap on output size in bytes; past it definitions stay $ref
  --max-depth N       maximum nesting depth of the output; past it definitions stay $ref`;

/**
 * Parses a `--cycles` value.
 *
 * @param value `ref`, `throw` or `unroll=N`.
 * @returns The cycle mode.
 */
export function parseCycleMode(value: string): CycleMode {
  if (value === 'ref' || value === 'throw') return value;
  const unroll = /^unroll=(\d+)$/.exec(value);
  if (unroll !== null) return { unroll: Number(unroll[1]) };
  throw new UsageError(`option '--cycles' must be ref, throw or unroll=N, got '${value}'`);
}

/**
 * Reads a `--dialect` value. The adapters spell targets `draft-2020-12` and `draft-07`, the pass
 * spells dialects `2020-12` and `draft-07`: both spellings are accepted.
 *
 * @param value The value as given.
 * @returns The pass's spelling (checked by the pass).
 */
export function parseDialect(value: string): Dialect {
  return value.replace(/^draft-(\d{4}-\d{2})$/, '$1') as Dialect;
}

/** Reads a budget option: the pass accepts only positive numbers there. */
function parsePositiveOption(value: string | undefined, option: string): number | undefined {
  const parsed = parseIntegerOption(value, option);
  if (parsed === 0)
    throw new UsageError(`option '${option}' must be greater than 0, got '${value}'`);
  return parsed;
}

/**
 * Checks one option with the pass's own option resolver, which knows its values (no second list of them here),
 * and turns its refusal into a usage error that names the option and echoes the value.
 */
function checkWithPass(option: string, value: string, options: DereferenceOptions): void {
  try {
    resolveOptions(options);
  } catch (error) {
    if (!(error instanceof ToolSchemaError) || error.code !== 'invalid-option') throw error;
    // The pass says `<name> must be ...`; the command line says which option and what it got.
    const rule = /^\S+ (must .*?)\.?$/.exec(error.message)?.[1] ?? error.message;
    throw new UsageError(`option '${option}' ${rule}, got '${value}'`);
  }
}

/**
 * Turns the parsed pass options into options for `dereference`. Throws a {@link UsageError} for a
 * value the pass does not know.
 *
 * @param options The parsed options (from {@link PASS_OPTION_SPECS}).
 * @returns Options for `dereference` (without `root`).
 */
export function toDereferenceOptions(
  options: ParsedOptions<typeof PASS_OPTION_SPECS>,
): Omit<DereferenceOptions, 'root'> {
  const result: Omit<DereferenceOptions, 'root'> = {};
  if (options.cycles !== undefined) result.cycles = parseCycleMode(options.cycles);
  if (options.unresolved !== undefined) {
    result.unresolved = options.unresolved as NonNullable<DereferenceOptions['unresolved']>;
    checkWithPass('--unresolved', options.unresolved, { unresolved: result.unresolved });
  }
  if (options.dialect !== undefined) {
    result.dialect = parseDialect(options.dialect);
    checkWithPass('--dialect', options.dialect, { dialect: result.dialect });
  }
  const foreignPatterns = options['foreign-patterns'];
  if (foreignPatterns !== undefined) {
    result.foreignPatterns = foreignPatterns as NonNullable<DereferenceOptions['foreignPatterns']>;
    checkWithPass('--foreign-patterns', foreignPatterns, {
      foreignPatterns: result.foreignPatterns,
    });
  }
  const rootId = options['root-id'];
  if (rootId !== undefined) {
    result.rootId = rootId as NonNullable<DereferenceOptions['rootId']>;
    checkWithPass('--root-id', rootId, { rootId: result.rootId });
  }
  const maxBytes = parsePositiveOption(options['max-bytes'], '--max-bytes');
  const maxDepth = parsePositiveOption(options['max-depth'], '--max-depth');
  if (maxBytes !== undefined || maxDepth !== undefined) {
    result.budget = {
      ...(maxBytes === undefined ? {} : { maxBytes }),
      ...(maxDepth === undefined ? {} : { maxDepth }),
    };
  }
  // Whatever else the pass refuses in the combination (none today) is still a usage error.
  try {
    resolveOptions(result);
  } catch (error) {
    if (error instanceof ToolSchemaError && error.code === 'invalid-option') {
      throw new UsageError(error.message);
    }
    throw error;
  }
  return result;
}

/**
 * What to say after an error the pass threw because of an option: the values that would have
 * gone through instead. Empty for other errors.
 *
 * @param error The pass's error.
 * @returns A sentence to append (with its leading space), or `''`.
 */
export function passErrorHint(error: ToolSchemaError): string {
  if (error.code === 'cycle') {
    return ' Use --cycles ref (the default) to keep the cycle as a $ref into root $defs, or --cycles unroll=N to inline it N levels.';
  }
  if (error.code === 'ref-unresolved' || error.code === 'ref-external') {
    return ' Use --unresolved permissive (the default) to allow anything there, or --unresolved keep to keep the $ref.';
  }
  return '';
}
