import {
  type CycleMode,
  type DereferenceOptions,
  type Dialect,
  dereference,
  ToolSchemaError,
} from '@toolschema/core';
import { UsageError } from '../CliError/index.ts';
import { type ParsedOptions, parseIntegerOption } from '../parseArgs/index.ts';

/** The command line options that map onto {@link DereferenceOptions}, shared by all commands. */
export const PASS_OPTION_SPECS = {
  cycles: { kind: 'string' },
  unresolved: { kind: 'string' },
  dialect: { kind: 'string' },
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
                      2019-09, 2020-12 (default)
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

/** Reads a budget option: the pass accepts only positive numbers there. */
function parsePositiveOption(value: string | undefined, option: string): number | undefined {
  const parsed = parseIntegerOption(value, option);
  if (parsed === 0) throw new UsageError(`option '${option}' must be greater than 0`);
  return parsed;
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
  // The pass knows its own values (checked below): no second list of them here.
  if (options.unresolved !== undefined) {
    result.unresolved = options.unresolved as NonNullable<DereferenceOptions['unresolved']>;
  }
  if (options.dialect !== undefined) result.dialect = options.dialect as Dialect;
  const maxBytes = parsePositiveOption(options['max-bytes'], '--max-bytes');
  const maxDepth = parsePositiveOption(options['max-depth'], '--max-depth');
  if (maxBytes !== undefined || maxDepth !== undefined) {
    result.budget = {
      ...(maxBytes === undefined ? {} : { maxBytes }),
      ...(maxDepth === undefined ? {} : { maxDepth }),
    };
  }
  try {
    dereference(true, result);
  } catch (error) {
    if (error instanceof ToolSchemaError && error.code === 'invalid-option') {
      throw new UsageError(error.message);
    }
    throw error;
  }
  return result;
}
