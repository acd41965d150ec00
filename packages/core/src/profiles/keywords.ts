import type { RewriteContext } from './context.ts';
import { acceptsValue, describeRefused } from './describe.ts';

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

/** The same lists as sets, to ask a schema's few keys rather than probe it for each keyword. */
const APPLICABLE_SETS = new Map<string | undefined, ReadonlySet<string>>([
  [undefined, new Set(ALL_ASSERTION_KEYWORDS)],
  ...Object.entries(APPLICABLE).map(([type, keywords]): [string, ReadonlySet<string>] => [
    type,
    new Set(keywords),
  ]),
]);
const ANY_TYPE_SET: ReadonlySet<string> = new Set(ANY_TYPE);

/** Whether a schema has a key in a set (most schemas have a few keys and none of the keywords). */
function hasKeyIn(schema: SchemaObject, keywords: ReadonlySet<string>): boolean {
  for (const key in schema) if (keywords.has(key)) return true;
  return false;
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
 */
export function filterKeywords(
  wire: SchemaObject,
  original: SchemaObject,
  type: string | undefined,
  context: RewriteContext,
  pointer: string,
): void {
  const applicableSet = APPLICABLE_SETS.get(type) ?? ANY_TYPE_SET;
  if (!hasKeyIn(original, applicableSet) && !hasKeyIn(wire, applicableSet)) return;
  const applicable = applicableKeywords(type);
  const refused: Array<[string, unknown]> = [];
  for (const keyword of applicable) {
    if (!Object.hasOwn(original, keyword) && !Object.hasOwn(wire, keyword)) continue;
    const value = Object.hasOwn(wire, keyword) ? wire[keyword] : original[keyword];
    if (value === undefined) continue;
    if (keyword === 'propertyNames' && context.recipe.objects !== 'keep') continue;
    if (context.recipe.keywords.has(keyword) && acceptsValue(keyword, value, context)) {
      wire[keyword] = value;
    } else {
      delete wire[keyword];
      refused.push([keyword, value]);
    }
  }
  describeRefused(wire, refused, context, pointer);
}
