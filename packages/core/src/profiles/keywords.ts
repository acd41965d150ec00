import { isAnnotation } from '../vocabulary/index.ts';
import type { RewriteContext } from './context.ts';
import { acceptedValue, describeRefused } from './describe.ts';

type SchemaObject = Record<string, unknown>;

/** The assertion keywords that constrain each type (others do not apply to it). */
const BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: [
    'minItems',
    'maxItems',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
    'unevaluatedItems',
  ],
  object: [
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
    'unevaluatedProperties',
    'propertyNames',
  ],
  boolean: [],
  null: [],
};

/** Keywords that apply whatever the type. */
const ANY_TYPE = ['not', 'if', 'then', 'else'];

/** Every assertion keyword the filter knows. */
const ALL_ASSERTION_KEYWORDS: readonly string[] = [
  ...new Set(Object.values(BY_TYPE).flat()),
  ...ANY_TYPE,
];

/** Per type, the keywords that constrain its values, computed once (the lists are read per node). */
const APPLICABLE: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(BY_TYPE).map(([type, keywords]) => [type, [...keywords, ...ANY_TYPE]]),
);

/**
 * Per type, each applicable keyword's place in its list: the filter reads a schema's few keys
 * and sorts what it finds, rather than asking the schema for every keyword of the list.
 */
const APPLICABLE_ORDER = new Map<string | undefined, ReadonlyMap<string, number>>([
  [undefined, orderOf(ALL_ASSERTION_KEYWORDS)],
  ...Object.entries(APPLICABLE).map(([type, keywords]): [string, ReadonlyMap<string, number>] => [
    type,
    orderOf(keywords),
  ]),
]);
const ANY_TYPE_ORDER = orderOf(ANY_TYPE);

function orderOf(keywords: readonly string[]): ReadonlyMap<string, number> {
  return new Map(keywords.map((keyword, index) => [keyword, index]));
}

/**
 * The places (in `order`) of the keywords two schemas have as own keys, each once, sorted.
 *
 * @returns The places, or `undefined` when neither schema has one (most schemas).
 */
function presentKeywords(
  first: SchemaObject,
  second: SchemaObject,
  order: ReadonlyMap<string, number>,
): number[] | undefined {
  return addPresent(addPresent(undefined, first, order), second, order);
}

/**
 * Adds the places of a schema's own keys that `order` lists to `found` (each once), keeping it
 * sorted: a few places put in their place as they come, where sorting the list after (with a
 * comparator) was most of the filter's cost on a string with its bounds and pattern.
 */
function addPresent(
  found: number[] | undefined,
  schema: SchemaObject,
  order: ReadonlyMap<string, number>,
): number[] | undefined {
  let result = found;
  for (const key in schema) {
    const place = order.get(key);
    if (place === undefined || !Object.hasOwn(schema, key) || result?.includes(place)) continue;
    if (result === undefined) result = [place];
    else {
      let at = result.length;
      while (at > 0 && result[at - 1]! > place) {
        result[at] = result[at - 1]!;
        at--;
      }
      result[at] = place;
    }
  }
  return result;
}

/**
 * The keywords that constrain a value of any type (for a schema without `type`).
 *
 * @returns Every assertion keyword the filter knows (shared: not to be written).
 */
export function allAssertionKeywords(): readonly string[] {
  return ALL_ASSERTION_KEYWORDS;
}

/**
 * The assertion keywords that constrain only values of one type: those of
 * {@link applicableKeywords} but the ones that apply to any type (`not`, `if`...).
 *
 * @param type A JSON type.
 * @returns The keywords (shared: not to be written; none for a type the filter does not know).
 */
export function keywordsOfType(type: string): readonly string[] {
  return Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type]! : [];
}

/**
 * The assertion keywords that constrain a value of a type.
 *
 * @param type The type, or `undefined` for any type.
 * @returns The keywords (shared: not to be written).
 */
export function applicableKeywords(type: string | undefined): readonly string[] {
  if (type === undefined) return ALL_ASSERTION_KEYWORDS;
  return Object.hasOwn(APPLICABLE, type) ? APPLICABLE[type]! : ANY_TYPE;
}

/**
 * Copies the original's assertion keywords that apply to the wire type, and keeps on the wire
 * only those the provider accepts (with an accepted value); the rest moves into the description.
 *
 * @param wire The wire schema (written in place).
 * @param original The original schema.
 * @param type The type the wire describes, or `undefined` for any type.
 * @param context The call's state.
 * @param pointer Where, in the self-contained schema.
 * @param carried Keywords the rewrite of the position already carried (left as they are).
 * @param miscounted Keywords the wire cannot keep there (described whatever the provider accepts).
 */
export function filterKeywords(
  wire: SchemaObject,
  original: SchemaObject,
  type: string | undefined,
  context: RewriteContext,
  pointer: string,
  carried: ReadonlySet<string> | undefined,
  miscounted?: ReadonlySet<string>,
): void {
  const present = presentKeywords(original, wire, APPLICABLE_ORDER.get(type) ?? ANY_TYPE_ORDER);
  if (present === undefined) return;
  const applicable = applicableKeywords(type);
  const refused: Array<[string, unknown]> = [];
  for (const place of present) {
    const keyword = applicable[place]!;
    const value = Object.hasOwn(wire, keyword) ? wire[keyword] : original[keyword];
    if (value === undefined) continue;
    if (carried?.has(keyword)) continue;
    const accepted =
      context.recipe.keywords.has(keyword) && miscounted?.has(keyword) !== true
        ? acceptedValue(keyword, value, context)
        : undefined;
    if (accepted !== undefined) {
      wire[keyword] = accepted;
    } else {
      // Deleted only where the wire has it: most refused keywords are the original's alone, and
      // a `delete` of a key the object lacks still went through V8's runtime.
      if (Object.hasOwn(wire, keyword)) delete wire[keyword];
      refused.push([keyword, value]);
    }
  }
  describeRefused(wire, refused, context, pointer);
}

/**
 * Keywords besides annotations that assert nothing: identifiers, definitions, and `nullable`
 * without a `type` (beside one, `readNullable` has already read it into the type).
 */
const NOT_ASSERTIONS = new Set([
  'example',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  'nullable',
]);

/**
 * Tells whether a key of a schema may assert something: not an annotation, an identifier, a
 * definition or an extension (`x-*`). Any other key, a keyword unknown to JSON Schema included,
 * counts as an assertion (the rewrites describe what they cannot keep).
 *
 * @param key A key of a schema object.
 * @returns Whether it may assert.
 */
export function isAssertionKey(key: string): boolean {
  return !isAnnotation(key) && !NOT_ASSERTIONS.has(key) && !key.startsWith('x-');
}
