import { OBJECT_KEYWORDS } from '../finalizers/objectRoot.ts';
import type { Codec, Diagnostic, JsonValue } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import {
  hasBooleanBounds,
  writeIntegerBounds,
  writeNumericBounds,
} from '../utils/exclusiveBounds.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { parsePointerFragment, resolveLocalReference } from '../utils/pointer.ts';
import { rewriteArray } from './arrays.ts';
import type { Depth, RewriteContext, Rewritten, Target, WrittenEnums } from './context.ts';
import {
  countWritten,
  MAX_REWRITTEN_NODES,
  MAX_SCHEMA_DEPTH,
  MAX_UNROLLED_NODES,
  MAX_WRITTEN_NODES,
  report,
  takeBack,
  tooDeep,
  UNROLLED_TOO_MUCH,
} from './context.ts';
import { appendDescription, assignAnnotations, describeRefused } from './describe.ts';
import { rewriteEnum } from './enums.ts';
import { mayAcceptNull, typeKeywordAdmits } from './guards.ts';
import { jsonString } from './jsonString.ts';
import {
  allAssertionKeywords,
  applicableKeywords,
  filterKeywords,
  isAssertionKey,
} from './keywords.ts';
import { liftReference } from './liftReference.ts';
import { mergeAllOf } from './mergeAllOf.ts';
import { isTypelessNullable, makeOwnNullable, readNullable } from './nullable.ts';
import { rewriteObject } from './objects.ts';
import type { Recipe } from './recipe.ts';
import { KEEPABLE_ANNOTATIONS, keepsAnnotation } from './recipe.ts';
import {
  foldMadeUpAllOf,
  foldSiblingBranches,
  foldTypeBranches,
  relocateDescribed,
  relocateIntoMembers,
  renamePrefix,
} from './relocate.ts';
import {
  branchNarrowing,
  requiredBranchesClash,
  requiredNamesOfBranches,
} from './requiredBranches.ts';
import { leafTablesOf, leafWireAt, rewriteScalarLeaf } from './scalarLeaf.ts';
import { typedWire } from './typedWire.ts';
import { rewriteUnion } from './unions.ts';

type SchemaObject = Record<string, unknown>;

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** Every JSON type once (`integer` is a `number`). */
const ALL_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'];

/** Keywords whose presence, without `type`, says which type a schema constrains. */
const INFERRED_TYPES: ReadonlyArray<[string, readonly string[]]> = [
  ['object', OBJECT_KEYWORDS],
  [
    'array',
    ['items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
  ],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

/**
 * Rewrites a self-contained schema (the dereference pass's output) for one profile: the wire
 * schema and the codec, in one walk. `$ref`s (cycles) are unrolled `recipe.unrollLevels` deep,
 * or fewer where that would add more than {@link MAX_UNROLLED_NODES} schema nodes, then the value
 * travels as a JSON string.
 *
 * @param root The self-contained schema (not mutated).
 * @param recipe The profile's rules.
 * @param diagnostics Where the rewrites report.
 * @param objectDepthLimit The deepest object nesting to write (the recipe's, or fewer), the
 *   object a wrapped root travels in counted.
 * @param rootWrapped Whether the root will travel under `value` of a wrapper object
 *   (`wrapRoot`): one level of the nesting is that object's.
 * @returns The wire schema (its root an object), the codec, the `enum` lists the walk wrote (an
 *   upper bound of those the wire lists) and how many schema nodes it wrote.
 */
export function rewriteSchema(
  root: SchemaObject,
  recipe: Recipe,
  diagnostics: Diagnostic[],
  objectDepthLimit: number | undefined = recipe.maxObjectDepth,
  rootWrapped = false,
): { schema: SchemaObject; codec: Codec; enums: WrittenEnums; written: number } {
  const kept = diagnostics.length;
  const leafTables = leafTablesOf(recipe);
  for (let unrollLevels = recipe.unrollLevels; ; unrollLevels--) {
    const context: RewriteContext = {
      recipe,
      leafTables,
      root,
      diagnostics,
      firstReport: kept,
      reported: undefined,
      oneOfs: undefined,
      exclusiveBranches: undefined,
      entered: undefined,
      targets: undefined,
      summaries: undefined,
      patterns: undefined,
      written: 0,
      work: 0,
      unrollLevels,
      objectDepthLimit:
        objectDepthLimit === undefined || !rootWrapped ? objectDepthLimit : objectDepthLimit - 1,
      rootWrapped,
      unrolling: 0,
      madeUpPlaces: 0,
      unrolledWritten: 0,
      summarized: 0,
      enums: { values: 0, longest: 0 },
      rewrite: (schema, pointer, depth) => rewrite(schema, pointer, depth, context),
    };
    try {
      const result = context.rewrite(root, '', { schemas: 0, objects: 0 });
      return {
        schema: result.wire,
        codec: { version: 1, root: result.codec },
        enums: context.enums,
        written: context.written,
      };
    } catch (error) {
      // Unrolling wrote too much: the walk starts again one level shallower (at 0 it enters no
      // `$ref`, so it ends), with the diagnostics of the attempt given up.
      if (error !== UNROLLED_TOO_MUCH) throw error;
      diagnostics.length = kept;
    }
  }
}

function rewrite(
  schema: unknown,
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  const result = rewritePosition(schema, pointer, depth, context);
  moveDefault(result);
  return result;
}

function rewritePosition(
  input: unknown,
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  countWritten(context);
  const { recipe } = context;
  if (input === false) {
    if (recipe.objects === 'keep')
      return {
        wire: { not: {} },
        codec: null,
        passive: true,
        acceptsNull: false,
        original: false,
        never: true,
      };
    return {
      ...jsonString(false, {}, 'This schema accepts no value', context, pointer),
      acceptsNull: false,
      never: true,
    };
  }
  if (!isPlainObject(input)) return anyValue(true, {}, context, pointer);
  if (depth.schemas > MAX_SCHEMA_DEPTH) {
    return jsonString(
      input,
      {},
      `Schemas nest deeper than ${MAX_SCHEMA_DEPTH} levels here`,
      context,
      pointer,
    );
  }
  if (context.work > MAX_REWRITTEN_NODES) {
    return jsonString(
      input,
      {},
      `The rewrite wrote more than ${MAX_REWRITTEN_NODES} schema nodes before this place (unions beside unions, each branch rewriting the others)`,
      context,
      pointer,
    );
  }
  const leaf = rewriteScalarLeaf(input, context);
  if (leaf !== undefined) return leaf;
  // One scan of the schema's few keys tells which of the keywords below it has: asking each one
  // by name on schemas of many shapes is what made this walk slow.
  let present = steeringKeywordsOf(input);
  let schema = input;
  if (present & NULLABLE) {
    // OpenAPI 3.0's `nullable: true` beside a `type` is read as Ajv reads it (`"null"` joins the
    // type), so every rewrite below sees one spelling of a nullable schema; without a `type` it
    // is dropped, and reported where the schema refuses `null`.
    schema = readNullable(input);
    if (isTypelessNullable(input))
      return withIgnoredNullable(
        rewritePosition(schema, pointer, depth, context),
        schema,
        pointer,
        context,
      );
    present = steeringKeywordsOf(schema);
  }
  if (present & STEERING.$ref && typeof schema.$ref === 'string')
    return followReference(schema, pointer, depth, context);
  const annotations = present & ANNOTATED ? annotationsOf(schema, recipe) : {};

  if (present & STEERING.allOf && Array.isArray(schema.allOf)) {
    const lifted = referenceLifted(schema, schema.allOf, context);
    if (lifted !== undefined) return rewrite(lifted, pointer, depth, context);
    const { allOf, ...rest } = schema;
    const merged = mergeAllOf([rest, ...allOf]);
    if (merged === undefined) {
      return jsonString(
        schema,
        annotations,
        'This allOf cannot be merged into one schema without changing its meaning',
        context,
        pointer,
      );
    }
    if (merged.schema === false) return rewrite(false, pointer, oneSchemaDeeper(depth), context);
    const from = context.diagnostics.length;
    const result = rewrite(merged.schema, pointer, oneSchemaDeeper(depth), context);
    relocateIntoMembers(context.diagnostics, from, pointer, rest, allOf);
    relocateDescribed(context.diagnostics, from, pointer, recipe.profile, rest, allOf);
    describeRefused(result.wire, merged.described, context, pointer);
    // The original as merged, not as written: a union reads its branches' guards from it, and a
    // branch written `allOf: [siblings, branch]` (a `type` beside a `oneOf`) has none of its own.
    // Where a second `pattern` or `format` was described, the merge is wider, which a guard may
    // be (it only tells branches apart), and such a schema is never read as exact.
    return result;
  }
  if (present & STEERING.oneOf && Array.isArray(schema.oneOf)) {
    if (!Object.hasOwn(schema, 'anyOf') && narrowsDeclaredOnly(schema.oneOf, schema.properties))
      return unionOrObject(schema, 'oneOf', pointer, depth, context);
    return rewriteOneOf(schema, pointer, depth, context);
  }
  if (
    present & (STEERING.const | STEERING.enum) &&
    (Object.hasOwn(schema, 'const') || Array.isArray(schema.enum))
  ) {
    const values = (
      Object.hasOwn(schema, 'const') ? [schema.const] : (schema.enum as unknown[])
    ) as JsonValue[];
    const admitted = values.filter((value) => typeKeywordAdmits(schema.type, value));
    if (admitted.length === 0) return rewrite(false, pointer, oneSchemaDeeper(depth), context);
    const result = rewriteEnum(admitted, annotations, schema, context);
    // The listed values are what the wire offers; other assertions beside them are described,
    // and a `not` or `if` there may refuse the `null` listed (`enum: [null, "a"], not: { const:
    // null }`), which an optional property would then send for its absence.
    describeRefused(result.wire, assertionsBesideValues(schema), context, pointer);
    if (result.acceptsNull) result.acceptsNull = nullMayBeAccepted(schema, context);
    return result;
  }
  if (present & STEERING.type && Array.isArray(schema.type)) {
    const types = [
      ...new Set(schema.type.filter((type): type is string => typeof type === 'string')),
    ];
    if (types.length === 0) return rewrite(false, pointer, oneSchemaDeeper(depth), context);
    if (types.length === 1) {
      const { type: _, ...rest } = schema;
      return readAs(rewrite({ ...rest, type: types[0] }, pointer, depth, context), schema);
    }
    const nullableLeaf =
      types.length === 2 && (present & ~LEAF_OR_NULL) === 0
        ? rewriteNullableLeaf(schema, types, annotations, depth, context)
        : undefined;
    if (nullableLeaf !== undefined) return nullableLeaf;
    const split = types.map((type) => typeBranch(schema, type));
    if (narrowingAnyOf(schema, context)) {
      // What such a union asserts is an object's: every value of another type passes each
      // branch, so the union is the object branch's alone (which may then send the object and
      // describe the union).
      for (const branch of split) if (branch.type !== 'object') delete branch.anyOf;
    } else if (Array.isArray(schema.anyOf)) {
      const next = { ...annotations, allOf: [{ anyOf: split }, { anyOf: schema.anyOf }] };
      const from = context.diagnostics.length;
      const result = readAs(rewrite(next, pointer, depth, context), schema);
      // Read as `allOf: [{ anyOf: one branch per type }, { anyOf }]`, both at the position.
      foldTypeBranches(context.diagnostics, from, `${pointer}/allOf/0`, pointer);
      foldMadeUpAllOf(context.diagnostics, from, pointer);
      return result;
    }
    const from = context.diagnostics.length;
    const result = readAs(
      rewrite({ ...annotations, anyOf: split }, pointer, depth, context),
      schema,
    );
    foldTypeBranches(context.diagnostics, from, pointer);
    return result;
  }
  if (present & STEERING.anyOf && Array.isArray(schema.anyOf)) {
    if (narrowingAnyOf(schema, context))
      return unionOrObject(schema, 'anyOf', pointer, depth, context);
    return rewriteAnyOf(schema, annotations, pointer, depth, context);
  }

  let type = typeof schema.type === 'string' ? schema.type : undefined;
  if (type === undefined) {
    const inferred = INFERRED_TYPES.filter(([, keywords]) =>
      keywords.some((keyword) => Object.hasOwn(schema, keyword)),
    );
    if (inferred.length === 1) {
      type = inferred[0]![0];
      report(
        context,
        'profile-type-inferred',
        pointer,
        `This schema has no type; its keywords constrain ${type}s, so it is sent as one.`,
      );
    } else if (
      inferred.length === 0 &&
      !allAssertionKeywords().some((keyword) => Object.hasOwn(schema, keyword))
    ) {
      return anyValue(schema, annotations, context, pointer);
    } else {
      if (recipe.typelessAsJson) {
        return jsonString(
          schema,
          annotations,
          'This schema constrains several types at once',
          context,
          pointer,
        );
      }
      // One branch per type, each with every keyword: keywords of other types do not apply to it.
      const assertions = withoutAnnotations(schema);
      const split = {
        ...annotations,
        anyOf: ALL_TYPES.map((each) => ({ ...assertions, type: each })),
      };
      const from = context.diagnostics.length;
      const result = readAs(rewrite(split, pointer, depth, context), schema);
      // Read as one branch per type, each at the position itself.
      foldTypeBranches(context.diagnostics, from, pointer);
      return result;
    }
  }
  let result: Rewritten;
  if (type === 'object') {
    if (context.objectDepthLimit !== undefined && depth.objects >= context.objectDepthLimit) {
      const why = tooDeep(context, 'Objects nest', ' here');
      return jsonString(schema, annotations, why, context, pointer);
    }
    result = rewriteObject({ schema, annotations, context, pointer, depth });
  } else if (type === 'array') {
    result = rewriteArray({ schema, annotations, context, pointer, depth });
  } else if (SCALAR_TYPES.has(type)) {
    result = {
      wire: typedWire(type, annotations),
      codec: null,
      passive: true,
      acceptsNull: false,
      original: schema,
    };
  } else if (type === 'null') {
    if (recipe.nullStyle === 'nullable-keyword') {
      // `null` is a wire string there: the keywords that judge a `null` (`not`, `if`...) cannot
      // stand beside it, and are described.
      const result = rewriteEnum([null], annotations, schema, context);
      const beside = applicableKeywords('null')
        .filter((keyword) => Object.hasOwn(schema, keyword))
        .map((keyword): [string, unknown] => [keyword, schema[keyword]]);
      describeRefused(result.wire, beside, context, pointer);
      return result;
    }
    result = {
      wire: typedWire(type, annotations),
      codec: null,
      passive: true,
      acceptsNull: nullMayBeAccepted(schema, context),
      original: schema,
    };
  } else {
    return anyValue(schema, annotations, context, pointer);
  }
  // The filter has nothing to do where the schema has no assertion keyword and the rewrite wrote
  // none (only an array's adds one, `maxItems`).
  if (result.wire.type === type && (present & HAS_ASSERTION || type === 'array'))
    filterKeywords(
      result.wire,
      normalizedBounds(schema, type, recipe),
      type,
      context,
      pointer,
      result.carried,
      result.miscounted,
    );
  return result;
}

/** The keywords that steer the rewrite of a position, one bit each. */
const STEERING = {
  $ref: 1,
  allOf: 2,
  oneOf: 4,
  const: 8,
  enum: 16,
  type: 32,
  anyOf: 64,
} as const;
/** Set when a schema has an assertion keyword the keyword filter knows (for any type). */
const HAS_ASSERTION = 128;
/** Set when a schema has OpenAPI's `nullable` keyword. */
const NULLABLE = 256;
/** Set when a schema has an annotation some recipe keeps, or `examples` (see `annotationsOf`). */
const ANNOTATED = 512;
const STEERING_BITS: ReadonlyMap<string, number> = new Map([
  ...allAssertionKeywords().map((keyword): [string, number] => [keyword, HAS_ASSERTION]),
  ...[...KEEPABLE_ANNOTATIONS, 'examples'].map((keyword): [string, number] => [keyword, ANNOTATED]),
  ['nullable', NULLABLE],
  ...Object.entries(STEERING),
]);

/** What a schema `{ type: [T, "null"], ...}` that {@link rewriteNullableLeaf} takes may have. */
const LEAF_OR_NULL = STEERING.type | HAS_ASSERTION | ANNOTATED;

/**
 * Which steering keywords a schema has (a bit set of {@link STEERING}), whether it has an
 * assertion keyword ({@link HAS_ASSERTION}), `nullable` ({@link NULLABLE}) or an annotation a
 * recipe may keep ({@link ANNOTATED}), from one scan of its keys.
 */
function steeringKeywordsOf(schema: SchemaObject): number {
  let present = 0;
  for (const key in schema) present |= STEERING_BITS.get(key) ?? 0;
  return present;
}

/**
 * The branch a `type` list splits into for one of its types: the schema's assertions (a copy,
 * keys in their order), the type last.
 */
function typeBranch(schema: SchemaObject, type: string): SchemaObject {
  const branch: SchemaObject = {};
  for (const key of Object.keys(schema)) {
    if (key !== 'type' && isAssertionKey(key)) setOwn(branch, key, schema[key]);
  }
  branch.type = type;
  return branch;
}

/**
 * The rewrite of the commonest `type` list, a scalar leaf or `null` (what OpenAPI 3.0's
 * `nullable: true` beside a scalar `type` reads as), without the union it splits into: the same
 * result as the union of its two branches (the leaf and `null`, each one schema deeper, counted as
 * written with the union), which reports nothing and is its leaf's wire with the annotations,
 * made nullable. `undefined` where the union is needed: the other type is not a scalar leaf, or
 * the `null` branch would keep a keyword that applies to any type.
 *
 * @param schema The schema (`nullable` already read into its `type`).
 * @param types Its two types.
 * @param annotations The annotations the wire keeps there.
 * @param depth How deep it stands.
 * @param context The call's state.
 * @returns The rewritten position, or `undefined`.
 */
function rewriteNullableLeaf(
  schema: SchemaObject,
  types: readonly string[],
  annotations: SchemaObject,
  depth: Depth,
  context: RewriteContext,
): Rewritten | undefined {
  const [first, second] = types as [string, string];
  const type = first === 'null' ? second : first;
  if (type === 'null' || (first !== 'null' && second !== 'null')) return undefined;
  if (applicableKeywords('null').some((keyword) => Object.hasOwn(schema, keyword)))
    return undefined;
  // The leaf's wire is a new object (the branch, or a copy of it): the annotations join it there.
  const leaf = leafWireAt(typeBranch(schema, type), oneSchemaDeeper(depth), context);
  if (leaf === undefined) return undefined;
  // The union and its `null` branch, as the union's rewrite counts them (the leaf is counted).
  countWritten(context);
  countWritten(context);
  const { recipe } = context;
  // The union reads its annotations again: from `examples`, the description may come last.
  const kept = Object.hasOwn(schema, 'examples') ? annotationsOf(annotations, recipe) : annotations;
  assignAnnotations(leaf, kept);
  return {
    wire: makeOwnNullable(leaf, recipe),
    codec: null,
    passive: true,
    acceptsNull: true,
    original: schema,
  };
}

/** A `oneOf`, read as `anyOf` (with `profile-one-of`): a value several branches take is the validator's to refuse. */
function rewriteOneOf(
  schema: SchemaObject,
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  report(
    context,
    'profile-one-of',
    pointer,
    'oneOf became anyOf: a value matching several branches is no longer refused by the wire schema (the validator still refuses it).',
  );
  const { oneOf, anyOf, ...rest } = schema;
  // Only a list the `anyOf` path would take its own way with needs marking (see `unionOrObject`).
  if (narrowsDeclaredOnly(oneOf as unknown[], rest.properties)) {
    context.oneOfs ??= new WeakSet();
    context.oneOfs.add(oneOf as unknown[]);
  }
  if (anyOf === undefined && Array.isArray(oneOf)) {
    context.exclusiveBranches ??= new WeakSet();
    context.exclusiveBranches.add(oneOf);
  }
  const next =
    anyOf === undefined
      ? { ...rest, anyOf: oneOf }
      : { ...rest, allOf: [{ anyOf }, { anyOf: oneOf }] };
  const from = context.diagnostics.length;
  const result = readAs(rewrite(next, pointer, depth, context), schema);
  if (anyOf === undefined) {
    renamePrefix(context.diagnostics, from, `${pointer}/anyOf`, `${pointer}/oneOf`);
  } else {
    // Read as `allOf: [{ anyOf }, { anyOf: oneOf }]`, both at the position.
    renamePrefix(context.diagnostics, from, `${pointer}/allOf/1/anyOf`, `${pointer}/oneOf`);
    foldMadeUpAllOf(context.diagnostics, from, pointer);
  }
  // `oneOf` refuses a value that two branches accept, where `anyOf` takes it: a `null` two
  // branches take is refused, so an optional property here must decode null as absent.
  if (result.acceptsNull && nullBranchCount(oneOf as unknown[], context) > 1)
    result.acceptsNull = false;
  return result;
}

/** An `anyOf`, its keywords beside it read into each branch (`allOf: [siblings, branch]`). */
function rewriteAnyOf(
  schema: SchemaObject,
  annotations: SchemaObject,
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  const { anyOf, ...rest } = schema;
  const siblings = withoutAnnotations(rest);
  const place = { schema, annotations, context, pointer, depth };
  if (Object.keys(siblings).length === 0) return rewriteUnion(anyOf as unknown[], place);
  const from = context.diagnostics.length;
  const result = rewriteUnion(
    withTypeBeside(siblings, anyOf as unknown[]) ??
      (anyOf as unknown[]).map((branch) => ({ allOf: [siblings, branch] })),
    place,
  );
  foldSiblingBranches(context.diagnostics, from, pointer);
  return result;
}

/**
 * The branches of a union with the keywords beside it read in, where those are only a `type`
 * that each branch states as well or lacks (OpenAPI's `type: object` beside a `oneOf` of
 * objects): such a branch is the branch itself, or the branch with that `type` added, where
 * merging `allOf: [siblings, branch]` would find the same at a higher cost. `undefined` where a
 * branch needs the merge: another `type`, OpenAPI 3.0's `nullable` (the `type` beside it refuses
 * `null`), a reference or a name (`$`), members of its own (`allOf`, `anyOf`, `oneOf`, which the
 * merge distributes). The list is always a new one: the `oneOf` read as exclusive is the list
 * without siblings (see `rewriteOneOf`).
 */
function withTypeBeside(
  siblings: SchemaObject,
  branches: readonly unknown[],
): unknown[] | undefined {
  let only = false;
  for (const key in siblings) {
    if (key !== 'type') return undefined;
    only = true;
  }
  const { type } = siblings;
  if (!only || typeof type !== 'string') return undefined;
  const read: unknown[] = [];
  for (const branch of branches) {
    if (!isPlainObject(branch)) return undefined;
    let typed = false;
    for (const key in branch) {
      if (
        key.charCodeAt(0) === 36 /* $ */ ||
        key === 'nullable' ||
        key === 'allOf' ||
        key === 'anyOf' ||
        key === 'oneOf'
      )
        return undefined;
      if (key === 'type') {
        if (branch.type !== type) return undefined;
        typed = true;
      }
    }
    read.push(typed ? branch : { type, ...branch });
  }
  return read;
}

/**
 * A union whose branches only require names, beside the object that lists them: OpenAPI's
 * "send `id`, or `owner`, `repo` and `number`" (`oneOf: [{ required: ["id"] }, { required:
 * ["owner", "repo", "number"] }]`), or "at least one of these" (`anyOf`). Where the profile can
 * tell its branches apart, it stays a union. Where it cannot (the strict profiles send every
 * property, and each branch reads a `null` for another set of absent ones), the whole object
 * would travel as one JSON string: then the object is sent without the union, every name the
 * union requires optional, and the union moves into the description
 * (`profile-keyword-described`), for the validator to judge as it always does.
 */
function unionOrObject(
  schema: SchemaObject,
  keyword: 'anyOf' | 'oneOf',
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  const from = context.diagnostics.length;
  const summarized = context.summarized;
  const { [keyword]: branches, ...rest } = schema;
  const required = context.recipe.allRequired
    ? requiredNamesOfBranches(branches, rest.properties, rest.required)
    : undefined;
  if (required !== undefined) {
    // Where the object's own rewrite shows that the union's branches cannot be told apart, the
    // union is not rewritten only to be given up (nor counted toward the walk's bounds).
    const object = rewrite(rest, pointer, depth, context);
    if (object.codec?.kind !== 'json' && requiredBranchesClash(required, object)) {
      describeRefused(object.wire, [[keyword, branches]], context, pointer);
      return readAs(object, schema);
    }
    takeBack(context, from, summarized);
  }
  const union =
    keyword === 'oneOf'
      ? rewriteOneOf(schema, pointer, depth, context)
      : rewriteAnyOf(schema, annotationsOf(schema, context.recipe), pointer, depth, context);
  if (union.codec?.kind !== 'json' || !isPlainObject(rest.properties)) return union;
  const unionReports = context.diagnostics.slice(from);
  const unionSummarized = context.summarized;
  takeBack(context, from, summarized);
  const object = rewrite(rest, pointer, depth, context);
  if (object.codec?.kind === 'json') {
    // The object travels as a string for reasons of its own: the union's rewrite stands.
    takeBack(context, from, unionSummarized);
    for (const { code, pointer: at, message } of unionReports) report(context, code, at, message);
    return union;
  }
  describeRefused(object.wire, [[keyword, branches]], context, pointer);
  return readAs(object, schema);
}

/**
 * Whether a schema's `anyOf` only narrows the object beside it ({@link narrowsDeclaredOnly}) and
 * is no `oneOf` read as `anyOf`, which took its own way at its own position (`context.oneOfs`).
 */
function narrowingAnyOf(schema: SchemaObject, context: RewriteContext): boolean {
  return (
    Array.isArray(schema.anyOf) &&
    narrowsDeclaredOnly(schema.anyOf, schema.properties) &&
    context.oneOfs?.has(schema.anyOf) !== true
  );
}

/**
 * Whether every branch of a union only narrows the object beside it: it asserts nothing but names
 * it requires, properties that object declares (`properties`, each one's schema narrowed) and
 * `additionalProperties: true` (annotations aside). OpenAPI's "send `id`, or `owner` and `repo`"
 * (`[{ required: ["id"] }, { required: ["owner", "repo"] }]`) and "a `status` of `completed`
 * requires `conclusion`". Every such keyword constrains objects only, and the object beside the
 * union accepts every value the union does.
 *
 * @param branches The union's branches.
 * @param declared The `properties` beside the union.
 * @returns Whether the union only narrows that object.
 */
function narrowsDeclaredOnly(branches: readonly unknown[], declared: unknown): boolean {
  if (branches.length === 0) return false;
  for (const branch of branches) if (branchNarrowing(branch, declared) === undefined) return false;
  return true;
}

/**
 * A rewrite's result as the rewrite of another form of the same schema (`oneOf` read as `anyOf`,
 * a `type` list split...): guards read the schema as written. The result is this call's own, so
 * it is updated in place rather than copied.
 */
function readAs(result: Rewritten, schema: SchemaObject): Rewritten {
  result.original = schema;
  return result;
}

/**
 * Whether a schema of `type: "null"`, or whose values list `null`, may accept `null`: the
 * keywords beside the type or values that judge a `null` (`not`, `if`) are only described on the
 * wire, and may refuse it (`allOf: [{ not: {} }, { type: "null" }]` accepts nothing). An
 * optional property whose schema accepts `null` sends its absence as `null`, decoded as `null`,
 * which such a schema would refuse.
 */
function nullMayBeAccepted(schema: SchemaObject, context: RewriteContext): boolean {
  if (!Object.hasOwn(schema, 'not') && !Object.hasOwn(schema, 'if')) return true;
  return mayAcceptNull(schema, schemaAtReference(context));
}

/** What a `$ref` of the self-contained schema points to, or `undefined`: for `mayAcceptNull`. */
function schemaAtReference(context: RewriteContext): (ref: string) => unknown {
  return (ref) => {
    const target = resolveReference(ref, context);
    return target.found ? target.value : undefined;
  };
}

/** How many branches of a `oneOf` may accept `null` (stops counting at two). */
function nullBranchCount(branches: readonly unknown[], context: RewriteContext): number {
  const resolve = schemaAtReference(context);
  let count = 0;
  for (const branch of branches) {
    if (mayAcceptNull(branch, resolve) && ++count > 1) break;
  }
  return count;
}

/** The depth of a schema nested in this one, without a new object level. */
function oneSchemaDeeper(depth: Depth): Depth {
  return { schemas: depth.schemas + 1, objects: depth.objects };
}

/**
 * Where a `$ref` with siblings is rewritten as `allOf: [target, siblings]` before its diagnostics
 * are moved to their places: no JSON Pointer (each is empty or begins with `/`) begins so.
 */
const MADE_UP_PLACE = '#ref-';

/**
 * An `allOf` whose members hold one `$ref` the pass kept (a cycle, or a schema kept for its size),
 * read as that `$ref` beside the rest ({@link liftReference}). OpenAPI 3.0 gives a `$ref` no
 * siblings, so its documents describe a reference as `allOf: [{ $ref }, { description }]` and
 * derive a schema as `allOf: [{ $ref: base }, { properties }]`; merging either needs the target,
 * which only following the `$ref` gives (with its unrolling counted). Every member keeps its
 * index, so what is reported inside the members keeps its place.
 *
 * @returns The schema with the `$ref` lifted, or `undefined` where there is none to lift.
 */
function referenceLifted(
  schema: SchemaObject,
  allOf: readonly unknown[],
  context: RewriteContext,
): SchemaObject | undefined {
  if (Object.hasOwn(schema, '$ref')) return undefined;
  const lifted = liftReference(allOf);
  if (lifted === undefined || !resolveReference(lifted.ref, context).found) return undefined;
  return { ...schema, $ref: lifted.ref, allOf: lifted.allOf };
}

/** Follows a `$ref` into the document (a cycle the dereference pass kept), counting levels. */
function followReference(
  schema: SchemaObject,
  pointer: string,
  depth: Depth,
  context: RewriteContext,
): Rewritten {
  const { $ref, ...siblings } = schema;
  const ref = $ref as string;
  const target = resolveReference(ref, context);
  const annotations = annotationsOf(siblings, context.recipe);
  if (!target.found) return anyValue(siblings, annotations, context, pointer);
  context.entered ??= new Map();
  const entered = context.entered;
  const times = entered.get(ref) ?? 0;
  if (times >= context.unrollLevels || context.written > MAX_WRITTEN_NODES) {
    const fewer =
      context.unrollLevels < context.recipe.unrollLevels
        ? ` (not ${context.recipe.unrollLevels}: that would add more than ${MAX_UNROLLED_NODES} schema nodes)`
        : '';
    report(
      context,
      'profile-cycle-unrolled',
      pointer,
      `The recursion through ${ref} was unrolled ${times} levels${fewer}; deeper values travel as a JSON-encoded string.`,
    );
    // Where the schema was unrolled, it encloses this tail: naming it beats repeating its JSON
    // at every tail (hundreds of tails where a recursive type has many recursive properties).
    const described =
      times > 0
        ? `A JSON-encoded value of the same schema as the enclosing ${tailName(ref, target)}.`
        : undefined;
    return jsonString(target.value, annotations, undefined, context, pointer, described);
  }
  const assertions = withoutAnnotations(siblings);
  const madeUpAllOf = Object.keys(assertions).length > 0;
  // Without siblings the target itself is rewritten, the same object at every level, so what is
  // computed per schema object (its JSON description) is computed once.
  const combined = madeUpAllOf
    ? { ...annotations, allOf: [target.value, assertions] }
    : isPlainObject(target.value) && Object.keys(siblings).length > 0
      ? { ...target.value, ...siblings }
      : target.value;
  entered.set(ref, times + 1);
  context.unrolling += 1;
  const at = ref.slice(1);
  // The made-up `allOf: [target, siblings]` is rewritten at a place no pointer names, a new one
  // each time (reports are compared by the place they were made at): at the target's own
  // pointer, its members' places would be those of an `allOf` the target may hold itself
  // (FUZZ_SEED=253).
  const madeUpAt = madeUpAllOf ? `${MADE_UP_PLACE}${context.madeUpPlaces++}` : at;
  const from = context.diagnostics.length;
  try {
    const result = rewrite(
      combined,
      madeUpAt,
      { schemas: depth.schemas + 1, objects: depth.objects },
      context,
    );
    if (madeUpAllOf) {
      // Read as `allOf: [target, siblings]`: the target is the definition itself, the siblings
      // stand beside the `$ref` at this position, and the merged whole is the target's.
      renamePrefix(context.diagnostics, from, `${madeUpAt}/allOf/0`, at);
      renamePrefix(context.diagnostics, from, `${madeUpAt}/allOf/1`, pointer);
      renamePrefix(context.diagnostics, from, madeUpAt, at);
    }
    return result;
  } finally {
    entered.set(ref, times);
    context.unrolling -= 1;
  }
}

/**
 * A rewrite of a schema read without its typeless `nullable: true`, reported where the schema
 * then refuses `null`: the author most likely meant "or null" (what OpenAPI generators read), but
 * the keyword asserts nothing there, so the wire follows what validators judge and says so.
 */
function withIgnoredNullable(
  result: Rewritten,
  read: SchemaObject,
  pointer: string,
  context: RewriteContext,
): Rewritten {
  if (!result.acceptsNull && Object.keys(withoutAnnotations(read)).length > 0) {
    report(
      context,
      'profile-nullable-ignored',
      pointer,
      '`nullable: true` without a `type` beside it asserts nothing (OpenAPI 3.0.3; Ajv refuses it), so null is not accepted here; to accept null, write `anyOf: [schema, { type: "null" }]`, or `nullable: true` beside the `type`.',
    );
  }
  return result;
}

/** {@link nameOf} a target, worked out once per call (an unrolled cycle ends in many tails). */
function tailName(ref: string, target: Extract<Target, { found: true }>): string {
  if (target.name === undefined) target.name = nameOf(ref, target.value);
  return target.name;
}

/** How a tail names the schema it recurs into: its `title`, else the last token of the `$ref`. */
function nameOf(ref: string, target: unknown): string {
  if (isPlainObject(target) && typeof target.title === 'string' && target.title !== '')
    return JSON.stringify(target.title);
  const tokens = parsePointerFragment(ref.slice(1));
  const last = tokens === undefined ? undefined : tokens[tokens.length - 1];
  return last === undefined ? 'root object' : JSON.stringify(last);
}

/** What a `$ref` of the self-contained schema points to, resolved once per call. */
function resolveReference(ref: string, context: RewriteContext): Target {
  context.targets ??= new Map();
  const targets = context.targets;
  let target = targets.get(ref);
  if (target === undefined) {
    const resolved = resolveLocalReference(context.root, ref);
    target = resolved.found
      ? { found: true, value: resolved.value, name: undefined }
      : { found: false };
    targets.set(ref, target);
  }
  return target;
}

/** A schema that accepts any value: a JSON string where the provider needs a type, else `{}`. */
function anyValue(
  schema: unknown,
  annotations: SchemaObject,
  context: RewriteContext,
  pointer: string,
): Rewritten {
  if (context.recipe.typelessAsJson)
    return jsonString(schema, annotations, undefined, context, pointer);
  return {
    wire: { ...annotations },
    codec: null,
    passive: true,
    acceptsNull: true,
    original: schema,
  };
}

/**
 * The annotations the recipe keeps, with values the wire keeps (`keepsAnnotation`: no null
 * default); `examples` join the description.
 */
function annotationsOf(schema: SchemaObject, recipe: Recipe): SchemaObject {
  const annotations: SchemaObject = {};
  for (const keyword of recipe.annotations) {
    if (Object.hasOwn(schema, keyword)) {
      const value = schema[keyword];
      if (keepsAnnotation(keyword, value)) annotations[keyword] = value;
    }
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    appendDescription(
      annotations,
      `Examples: ${schema.examples.map((example) => JSON.stringify(example)).join(', ')}.`,
    );
  }
  return annotations;
}

/**
 * The schema without annotations, identifiers and definitions: what it asserts. Any other key
 * from the input is kept as an own property (a `__proto__` keyword is described like any other).
 */
function withoutAnnotations(schema: SchemaObject): SchemaObject {
  const rest: SchemaObject = {};
  for (const key of Object.keys(schema)) {
    if (isAssertionKey(key)) setOwn(rest, key, schema[key]);
  }
  return rest;
}

/** The keywords that say which values a schema that lists them accepts. */
const LISTING_KEYWORDS = new Set(['type', 'enum', 'const']);

/**
 * The assertions of a schema that lists its values, besides its `type` and the values: what the
 * wire describes beside them, as entries in the schema's order (read in one pass, no copies).
 */
function assertionsBesideValues(schema: SchemaObject): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = [];
  for (const key of Object.keys(schema)) {
    if (!LISTING_KEYWORDS.has(key) && isAssertionKey(key)) entries.push([key, schema[key]]);
  }
  return entries;
}

/**
 * The schema with draft-04's boolean bounds written as numbers, and, for integers under a provider
 * that takes inclusive bounds only, its exclusive bounds written as the inclusive ones that admit
 * the same integers (a copy, when they differ).
 */
function normalizedBounds(schema: SchemaObject, type: unknown, recipe: Recipe): SchemaObject {
  const integerBounds =
    type === 'integer' &&
    (schema.exclusiveMinimum !== undefined || schema.exclusiveMaximum !== undefined) &&
    takesInclusiveBoundsOnly(recipe);
  if (!integerBounds && !hasBooleanBounds(schema)) return schema;
  const copy = { ...schema };
  writeNumericBounds(copy);
  if (integerBounds) writeIntegerBounds(copy);
  return copy;
}

/** Whether a recipe keeps `minimum` and `maximum` but neither exclusive bound (Gemini's `Schema`). */
function takesInclusiveBoundsOnly(recipe: Recipe): boolean {
  const { keywords } = recipe;
  return (
    keywords.has('minimum') &&
    keywords.has('maximum') &&
    !keywords.has('exclusiveMinimum') &&
    !keywords.has('exclusiveMaximum')
  );
}

/** A `default` in the original shape is not a wire value where the codec maps: described instead. */
function moveDefault(result: Rewritten): void {
  if (result.passive || !Object.hasOwn(result.wire, 'default')) return;
  const value = result.wire.default;
  delete result.wire.default;
  appendDescription(result.wire, `Default: ${JSON.stringify(value)}.`);
}
