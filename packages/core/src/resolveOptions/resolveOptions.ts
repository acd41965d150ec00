import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { BudgetOptions, DereferenceOptions, Dialect } from '../types/index.ts';
import { readOptions } from '../utils/readOptions.ts';

/** Default output size floor: 128 KiB (an 8 × 8 reuse fan-out stays well under 256 KB). */
export const DEFAULT_MIN_BYTES = 128 * 1024;
/** Default growth allowed over the input: a big API inlines fully (real tools reach 5×). */
export const DEFAULT_FACTOR = 20;
/**
 * Default hard cap on output size: 1 MiB. A tool schema is read by a model and validated by the
 * client (Ajv): no model reads a megabyte of schema usefully, the largest real tool measured
 * (GitHub's) dereferences to 431 KB, and Ajv's generated code overflows V8's stack on multi-MB
 * inlined schemas. Larger caps are an option away.
 */
export const DEFAULT_MAX_BYTES = 1024 * 1024;
/** Default maximum nesting of the output; `JSON.stringify` overflows at about 2,500 in Node 20. */
export const DEFAULT_MAX_DEPTH = 512;

/**
 * Every key of {@link DereferenceOptions}, as a complete record: an option added to the type
 * cannot be forgotten by the reader.
 */
const DEREFERENCE_OPTION_KEYS = {
  dialect: true,
  cycles: true,
  unresolved: true,
  root: true,
  foreignPatterns: true,
  rootId: true,
  budget: true,
} as const satisfies Record<keyof DereferenceOptions, true>;

/** The options `dereference` reads, each once ({@link resolveOptions}). */
export const DEREFERENCE_KEYS = Object.keys(
  DEREFERENCE_OPTION_KEYS,
) as (keyof DereferenceOptions)[];

/** Every key of {@link BudgetOptions}, as a complete record. */
const BUDGET_OPTION_KEYS = {
  minBytes: true,
  factor: true,
  maxBytes: true,
  maxDepth: true,
} as const satisfies Record<keyof BudgetOptions, true>;

const BUDGET_KEYS = Object.keys(BUDGET_OPTION_KEYS) as (keyof BudgetOptions)[];

/** The dialects the pass knows, oldest first. */
export const DIALECTS: readonly Dialect[] = [
  'draft-04',
  'draft-06',
  'draft-07',
  '2019-09',
  '2020-12',
];

/** The budget options with every default filled in and every value checked. */
export interface BudgetLimits {
  /** Output size floor, in bytes of compact JSON. */
  minBytes: number;
  /** Growth allowed over the input size, above the floor. */
  factor: number;
  /** Hard cap on output bytes. */
  maxBytes: number;
  /** Maximum nesting depth (objects and arrays) of the output. */
  maxDepth: number;
}

/** The bound on the output of one document: its byte budget and its depth. */
export interface Budget {
  /** Maximum compact-JSON bytes of the output. */
  bytes: number;
  /** Maximum nesting depth (objects and arrays) of the output. */
  depth: number;
}

/**
 * The options of `dereference` as the pass reads them: complete (every default filled in) and
 * checked. Built once per call by {@link resolveOptions}.
 */
export interface ResolvedOptions {
  /** Dialect to assume when the root has no `$schema`. */
  dialect: Dialect;
  /**
   * References that close a cycle: kept as `$ref`, thrown on, or kept and then unrolled
   * {@link unrollLevels} deep by a finalizer.
   */
  cycles: 'ref' | 'throw' | 'unroll';
  /** Levels to unroll with `cycles: 'unroll'`; 0 otherwise. */
  unrollLevels: number;
  /** Local refs that point at nothing and refs to other documents. */
  unresolved: 'permissive' | 'keep' | 'throw';
  /** `'object'` makes the root an object schema (a finalizer). */
  root: 'any' | 'object';
  /** A `pattern` with no ECMA-262 `u` form: kept as written, or left out. */
  foreignPatterns: 'keep' | 'drop';
  /** The root's `$id`: kept, or left out where nothing resolves against it (a finalizer). */
  rootId: 'keep' | 'drop';
  /** The size and depth bound, before it is scaled to an input (see {@link budgetFor}). */
  budget: BudgetLimits;
}

/**
 * Turns the options a user wrote into the complete, checked value the pass reads: every default
 * filled in, every value checked once. A command line or any other front end can call it to
 * check options before it has a schema.
 *
 * @param given The user's options (see `DereferenceOptions` for their defaults); `null` is none.
 * @returns The resolved options.
 * @throws ToolSchemaError with code `invalid-option` for a value the pass does not know, options
 *   that are not an object, or an option whose reading throws.
 */
export function resolveOptions(given?: DereferenceOptions | null): ResolvedOptions {
  // Read once into plain data: every check below then reads what the pass will read.
  const options: DereferenceOptions = readOptions(given, DEREFERENCE_KEYS, 'dereference');
  const cycles = options.cycles ?? 'ref';
  const unroll = typeof cycles === 'object' && cycles !== null ? cycles.unroll : undefined;
  if (unroll === undefined && cycles !== 'ref' && cycles !== 'throw') {
    throw new ToolSchemaError('invalid-option', `cycles must be 'ref', 'throw' or { unroll: n }.`);
  }
  if (unroll !== undefined && !(Number.isInteger(unroll) && unroll >= 0)) {
    throw new ToolSchemaError('invalid-option', 'cycles.unroll must be a whole number ≥ 0.');
  }
  const unresolved = options.unresolved ?? 'permissive';
  if (unresolved !== 'permissive' && unresolved !== 'keep' && unresolved !== 'throw') {
    throw new ToolSchemaError(
      'invalid-option',
      `unresolved must be 'permissive', 'keep' or 'throw'.`,
    );
  }
  const dialect = options.dialect ?? '2020-12';
  if (!DIALECTS.includes(dialect)) {
    throw new ToolSchemaError('invalid-option', `dialect must be one of ${DIALECTS.join(', ')}.`);
  }
  const root = options.root ?? 'any';
  if (root !== 'any' && root !== 'object') {
    throw new ToolSchemaError('invalid-option', `root must be 'any' or 'object'.`);
  }
  const foreignPatterns = options.foreignPatterns ?? 'keep';
  if (foreignPatterns !== 'keep' && foreignPatterns !== 'drop') {
    throw new ToolSchemaError('invalid-option', `foreignPatterns must be 'keep' or 'drop'.`);
  }
  const rootId = options.rootId ?? 'keep';
  if (rootId !== 'keep' && rootId !== 'drop') {
    throw new ToolSchemaError('invalid-option', `rootId must be 'keep' or 'drop'.`);
  }
  const budget: BudgetOptions = readOptions(options.budget, BUDGET_KEYS, 'budget');
  return {
    dialect,
    cycles: unroll === undefined ? (cycles as 'ref' | 'throw') : 'unroll',
    unrollLevels: unroll ?? 0,
    unresolved,
    root,
    foreignPatterns,
    rootId,
    budget: {
      minBytes: positive('minBytes', budget.minBytes, DEFAULT_MIN_BYTES),
      factor: positive('factor', budget.factor, DEFAULT_FACTOR),
      maxBytes: positive('maxBytes', budget.maxBytes, DEFAULT_MAX_BYTES),
      maxDepth: positive('maxDepth', budget.maxDepth, DEFAULT_MAX_DEPTH),
    },
  };
}

/**
 * The bound on the output for an input of a given size:
 * `min(maxBytes, max(minBytes, factor × inputBytes))` bytes and `maxDepth` levels.
 *
 * @param limits The resolved budget options.
 * @param inputBytes Compact-JSON bytes of the input.
 * @returns The budget.
 */
export function budgetFor(limits: BudgetLimits, inputBytes: number): Budget {
  return {
    bytes: Math.min(limits.maxBytes, Math.max(limits.minBytes, limits.factor * inputBytes)),
    depth: limits.maxDepth,
  };
}

/**
 * The deepest data value (`const`, `default`, `enum`, ...) either road copies into the output
 * under a depth budget: room is left for the value's keyword and, at worst, a root `$defs` entry
 * around its schema. One bound for both roads, so the single walk never keeps a value the full
 * analysis would leave out (it gives the document to the analysis instead).
 *
 * @param maxDepth The budget's `maxDepth`.
 * @returns The deepest data value kept, in containers.
 */
export function maxDataDepthFor(maxDepth: number): number {
  return Math.max(1, maxDepth - 4);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) {
    throw new ToolSchemaError(
      'invalid-option',
      `budget.${name} must be a positive number, got ${String(value)}.`,
    );
  }
  return value;
}
