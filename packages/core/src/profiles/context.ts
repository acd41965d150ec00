import type { CodecNode, Diagnostic, DiagnosticCode } from '../types/index.ts';
import type { LeafTables } from './leafTable.ts';
import type { Recipe } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/** What one rewrite produced for one schema position. */
export interface Rewritten {
  /** The wire schema. */
  wire: SchemaObject;
  /** How values map between the wire and the original. */
  codec: CodecNode;
  /**
   * The codec maps nothing here (decoding and encoding return the value as it is: the codec only
   * marks where objects and arrays stand, for repair), known as the codec is built, so the
   * rewrites never walk a codec to ask.
   */
  passive: boolean;
  /** The original accepts `null` here. */
  acceptsNull: boolean;
  /** The original schema as the rewrite read it (refs resolved, `allOf` merged): for guards. */
  original: unknown;
  /** The original accepts nothing here (`false`). */
  never?: boolean;
  /**
   * Keywords of the original this rewrite already carried into the wire its own way (an open
   * object's `propertyNames` in its entries' key description), or left out as asserting nothing:
   * the keyword filter leaves them alone.
   */
  carried?: ReadonlySet<string>;
  /**
   * Keywords of the original the wire cannot keep, whatever the provider accepts, because they
   * would judge another value there (an object whose unknown keys travel as entries under one
   * property has fewer keys than the original value: `maxProperties` would count the wire's): the
   * keyword filter moves them into the description.
   */
  miscounted?: ReadonlySet<string>;
}

/**
 * The state of one `toProviderSchema` call, shared by the rewrites. Its maps are made on first
 * use: most tool schemas report little and have no cycle, and a call on a small schema costs
 * about as much as making four maps.
 */
export interface RewriteContext {
  /** The profile's rules. */
  recipe: Recipe;
  /** The recipe's tables for scalar leaves. */
  leafTables: LeafTables | undefined;
  /** The self-contained schema (for its `$ref`s into root `$defs`). */
  root: unknown;
  /** Diagnostics so far. */
  diagnostics: Diagnostic[];
  /** Where this walk's diagnostics start in {@link RewriteContext.diagnostics}. */
  firstReport: number;
  /**
   * The places reported under each code (see `reportKey`), to report each once, made once the walk has
   * reported {@link COMPARED_REPORTS} diagnostics (before that, they are compared one by one).
   */
  reported: Map<DiagnosticCode, Set<string>> | undefined;
  /**
   * The `oneOf` lists the walk read as `anyOf` (each then stands in an `anyOf` of its own): where
   * such a union cannot travel as a union, its `oneOf` position decides what it becomes.
   */
  oneOfs: WeakSet<unknown[]> | undefined;
  /**
   * The branch lists of the `oneOf`s read as `anyOf` (without keywords beside them): there a
   * value two branches take is refused, which decides how a branch reads a `null` it shares
   * (see `readSharedNullAsAbsent`).
   */
  exclusiveBranches: WeakSet<readonly unknown[]> | undefined;
  /** How many times each `$ref` was entered on the current path (unrolling). */
  entered: Map<string, number> | undefined;
  /** What each `$ref` of the call points to, resolved once (an unrolled cycle meets it often). */
  targets: Map<string, Target> | undefined;
  /**
   * The description of each schema that travels as a JSON string, by identity: an unrolled cycle
   * ends in the same definition many times, and its JSON is written once.
   */
  summaries: Map<unknown, string | undefined> | undefined;
  /**
   * The wire's form of each `pattern` met ({@link acceptedValue}), by its text: finding it may
   * compile the pattern twice, and a position's keywords are read more than once.
   */
  patterns: Map<string, string | undefined> | undefined;
  /** Schema nodes written so far (a bound on unrolling). */
  written: number;
  /**
   * The walk's work so far, in schema nodes: those written, and one per 32 characters of the
   * JSON strings' summaries (bounded by {@link MAX_REWRITTEN_NODES}).
   */
  work: number;
  /** How many levels this walk unrolls a cycle: the recipe's, or fewer when that is too large. */
  unrollLevels: number;
  /**
   * The deepest object nesting this walk writes below the root (deeper objects travel as JSON
   * strings): the recipe's `maxObjectDepth`, or fewer where the schema would list too many
   * properties, one fewer where the root travels wrapped.
   */
  objectDepthLimit: number | undefined;
  /**
   * Whether the root travels under `value` of a wrapper object, which is one level of the
   * provider's nesting.
   */
  rootWrapped: boolean;
  /** How many `$ref`s the current path is inside. */
  unrolling: number;
  /** How many places a `$ref` beside other keywords was rewritten at (each its own, see `followReference`). */
  madeUpPlaces: number;
  /** Schema nodes written inside `$ref`s so far: what unrolling adds to the schema. */
  unrolledWritten: number;
  /** Characters of schema summaries written into JSON-string descriptions so far. */
  summarized: number;
  /** The `enum` lists written into wire schemas so far (see {@link countEnum}). */
  enums: WrittenEnums;
  /** Rewrites one subschema (the walk, handed to the rewrites of each kind). */
  rewrite: (schema: unknown, pointer: string, depth: Depth) => Rewritten;
}

/**
 * The `enum` lists one walk wrote into wire schemas: an upper bound of what the finished wire
 * lists, which spares the enum limits a walk over the wire (see {@link countEnum}).
 */
export interface WrittenEnums {
  /** Values of every list written, summed. */
  values: number;
  /** Values of the longest list written. */
  longest: number;
}

/** What a `$ref` of the self-contained schema points to. */
export type Target =
  | {
      found: true;
      value: unknown;
      /** How a cycle's tail names the target, once a tail has asked. */
      name: string | undefined;
    }
  | { found: false };

/** How deep a position is: in schemas (a stack bound) and in objects (a provider limit). */
export interface Depth {
  /** Schemas above this one. */
  schemas: number;
  /** Objects above this one. */
  objects: number;
}

/** Schema nodes one call may write before further references travel as JSON strings. */
export const MAX_WRITTEN_NODES = 50_000;

/**
 * Schema nodes unrolling a cycle may add before the walk starts again one level shallower. A
 * recursive type with many recursive properties multiplies at each level (JSON Schema's own
 * draft-07 meta-schema, 160 nodes, grew to 28 MB at 3 levels); past this, the schema is beyond
 * every provider's limits and a model's attention.
 */
export const MAX_UNROLLED_NODES = 2_000;

/**
 * Characters of schema summaries one call writes into the descriptions of JSON strings. Vega's
 * `legend` (379 KB self-contained) sent 3,192 of them, 4.8 MB, most repeating a few definitions.
 */
export const MAX_SUMMARY_CHARACTERS = 32_768;

/**
 * Work one walk may do ({@link RewriteContext.work}: schema nodes written, a JSON string's
 * summary one per 32 characters) before every further place travels as a JSON string. Each
 * branch of a union beside other keywords is rewritten with them, so unions nested in such
 * unions multiply: five branches nested nine levels deep (a few KB) took 30 s. The largest real
 * schema measured (GitHub's REST API, 2,149 schemas, and the validator and Python corpora, every
 * profile) writes 1,672.
 */
export const MAX_REWRITTEN_NODES = 50_000;

/** Nesting of schemas one call follows before the rest travels as a JSON string. */
export const MAX_SCHEMA_DEPTH = 200;

/** Thrown inside the walk when unrolling passes {@link MAX_UNROLLED_NODES}. */
export const UNROLLED_TOO_MUCH = Symbol('unrolled too much');

/**
 * Counts one schema node written, and stops the walk (with {@link UNROLLED_TOO_MUCH}) when
 * unrolling has written too many: the walk then starts again one level shallower.
 *
 * @param context The call's state.
 */
export function countWritten(context: RewriteContext): void {
  context.written += 1;
  context.work += 1;
  if (context.unrolling > 0 && ++context.unrolledWritten > MAX_UNROLLED_NODES)
    throw UNROLLED_TOO_MUCH;
}

/**
 * Counts an `enum` list written into a wire schema, with one value more: a nullable copy
 * (`makeNullable`) may add `null` to it. The counts bound the finished wire from above: each
 * rewrite's wire stands at one place of it (a node rewritten at two places is counted at each),
 * and lists that a union or an object then throws away stay counted.
 *
 * @param context The call's state.
 * @param values The list, as the wire holds it.
 */
export function countEnum(context: RewriteContext, values: readonly unknown[]): void {
  const counted = values.length + 1;
  const { enums } = context;
  enums.values += counted;
  if (counted > enums.longest) enums.longest = counted;
}

/**
 * How many diagnostics a walk compares one by one before it indexes them by code and pointer.
 * Most tool schemas report one or two: comparing those is cheaper than making a map and a set
 * and hashing each pointer (a string built by concatenation, flattened to be hashed).
 */
const COMPARED_REPORTS = 16;

/**
 * The codes reported once per place and message, not per place: each names what it is about in
 * its message (`profile-keyword-described`: the keywords moved into the description there), so a
 * second one at a place (a union described beside a keyword the filter described) says more.
 */
const ONCE_PER_MESSAGE: ReadonlySet<DiagnosticCode> = new Set(['profile-keyword-described']);

/** What tells two reports of one code apart (see {@link ONCE_PER_MESSAGE}). */
function reportKey(code: DiagnosticCode, pointer: string, message: string): string {
  return ONCE_PER_MESSAGE.has(code) ? `${pointer}\u0000${message}` : pointer;
}

/**
 * Records a diagnostic once per code and place (and message, for {@link ONCE_PER_MESSAGE}).
 *
 * @param context The call's state.
 * @param code The code.
 * @param pointer Where, in the self-contained schema.
 * @param message A sentence for humans.
 */
export function report(
  context: RewriteContext,
  code: DiagnosticCode,
  pointer: string,
  message: string,
): void {
  const { diagnostics } = context;
  if (
    context.reported === undefined &&
    diagnostics.length - context.firstReport < COMPARED_REPORTS
  ) {
    const byMessage = ONCE_PER_MESSAGE.has(code);
    for (let index = context.firstReport; index < diagnostics.length; index++) {
      const known = diagnostics[index]!;
      if (
        known.code === code &&
        known.pointer === pointer &&
        (!byMessage || known.message === message)
      )
        return;
    }
  } else {
    context.reported ??= indexReports(context);
    if (!addReported(context.reported, code, reportKey(code, pointer, message))) return;
  }
  diagnostics.push({ code, pointer, message });
}

/** Adds a place (its `reportKey`) to a report index; `false` when it was already there. */
function addReported(
  reported: Map<DiagnosticCode, Set<string>>,
  code: DiagnosticCode,
  key: string,
): boolean {
  let keys = reported.get(code);
  if (keys === undefined) {
    keys = new Set();
    reported.set(code, keys);
  } else if (keys.has(key)) {
    return false;
  }
  keys.add(key);
  return true;
}

/**
 * Takes back what the walk reported and summarized since a position began (`reports`: the
 * length of {@link RewriteContext.diagnostics}, `summarized`: {@link RewriteContext.summarized},
 * both read then). A position that gives up the wire its subschemas were rewritten into, to
 * travel as a JSON string, carries the original whole: their diagnostics (an object closed,
 * entries, a keyword described...) would name rewrites the output does not have, and their
 * summaries would spend the budget of descriptions the model reads.
 *
 * @param context The call's state.
 * @param reports How many diagnostics there were when the position began.
 * @param summarized How many summary characters were written when the position began.
 */
export function takeBack(context: RewriteContext, reports: number, summarized: number): void {
  const { diagnostics, reported } = context;
  if (diagnostics.length > reports) {
    // Each place is reported once, so the index holds each diagnostic taken back once: it loses
    // exactly those (made again from what is left, it would cost a walk over every report).
    if (reported !== undefined) {
      for (let index = reports; index < diagnostics.length; index++) {
        const { code, pointer, message } = diagnostics[index]!;
        reported.get(code)?.delete(reportKey(code, pointer, message));
      }
    }
    diagnostics.length = reports;
  }
  context.summarized = summarized;
}

/** The pointers of the walk's diagnostics so far, by code. */
function indexReports(context: RewriteContext): Map<DiagnosticCode, Set<string>> {
  const reported = new Map<DiagnosticCode, Set<string>>();
  const { diagnostics } = context;
  for (let index = context.firstReport; index < diagnostics.length; index++) {
    const { code, pointer, message } = diagnostics[index]!;
    addReported(reported, code, reportKey(code, pointer, message));
  }
  return reported;
}

/** One schema position being rewritten, as the rewrite of each kind receives it. */
export interface Place {
  /** The original schema there. */
  schema: SchemaObject;
  /** The annotations the wire keeps there. */
  annotations: SchemaObject;
  /** Where it stands, in the self-contained schema. */
  pointer: string;
  /** How deep it stands. */
  depth: Depth;
  /** The call's state. */
  context: RewriteContext;
}

/**
 * Why an object past the walk's depth limit travels as a JSON string: deeper than the provider
 * accepts, or than fits its limit on the properties of the whole schema.
 *
 * @param context The call's state.
 * @param what What nests too deep (`Objects nest`, `The entries of this object would nest`).
 * @param where Where, for the sentence (`' here'`, or `''`).
 * @returns The reason, for the JSON string's description and diagnostic.
 */
export function tooDeep(context: RewriteContext, what: string, where: string): string {
  const { recipe, objectDepthLimit, rootWrapped } = context;
  // The levels as the provider counts them: the wrapper object around the root is one.
  const levels =
    objectDepthLimit === undefined ? undefined : objectDepthLimit + (rootWrapped ? 1 : 0);
  const wrapper = rootWrapped ? ', the object the root travels in counted' : '';
  return levels === recipe.maxObjectDepth
    ? `${what} deeper than the ${levels} levels ${recipe.profile} accepts${where}${wrapper}`
    : `${what} deeper than ${levels} levels${where}${wrapper} (${recipe.profile} accepts ${recipe.maxObjectDepth}, but the schema would list more than the ${recipe.maxProperties} properties it accepts)`;
}
