import { isPlainObject } from '../utils/isPlainObject.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Keywords that may refuse an object once a key is added to it: too many keys, a key not
 * allowed, a key's value judged again, a dependency triggered (a `$ref` is not followed).
 */
const ADDED_KEY_REFUSERS: ReadonlySet<string> = new Set([
  'maxProperties',
  'propertyNames',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
]);

/**
 * Keywords that, under a `not`, an `if` or a `oneOf`, may come to hold once a key is added (and
 * so flip the answer): those above, and `minProperties` (a `required` list there flips only if it
 * names the key).
 */
const ADDED_KEY_READERS: ReadonlySet<string> = new Set([...ADDED_KEY_REFUSERS, 'minProperties']);

/** Keywords whose subschema's answer is turned around or counted: what holds there may refuse. */
const NEGATING: ReadonlySet<string> = new Set(['not', 'if', 'oneOf']);

/** Keywords beside the properties whose subschemas judge the whole object. */
const OBJECT_APPLICATORS = ['not', 'if', 'then', 'else', 'anyOf', 'oneOf', 'allOf'] as const;

/** How many nodes {@link mayReadAddedKey} reads before it answers "may" (a bound on its work). */
const MENTION_BUDGET = 2_000;

/**
 * Whether an object schema may refuse an object it accepts once `name` is added to it (with a
 * `null` value its property takes): a `maxProperties` the listed keys could pass, a dependency
 * that `name` triggers or a dependent schema that may judge it, a `patternProperties` pattern
 * that may match `name` (patterns are not run: only an anchored literal start the key lacks tells
 * a miss), or a `not`, `if`/`then`/`else` or union beside the properties that names the key or
 * reads keys in a way an added key could change. The profiles that send every property read an
 * absent optional property as the `null` it takes (one wire value for both); where this answers
 * `true`, that would turn a call the validator accepts into one it refuses, and absent and `null`
 * must travel apart.
 *
 * @param schema The object schema (its properties listed).
 * @param name An optional property it lists.
 * @param listed How many properties it lists.
 * @returns `false` only where adding the key surely refuses nothing the object accepted.
 */
export function presenceMayMatter(schema: SchemaObject, name: string, listed: number): boolean {
  const max = schema.maxProperties;
  if (typeof max === 'number') {
    const closed =
      schema.additionalProperties === false && !isPlainObject(schema.patternProperties);
    if (!closed || max < listed) return true;
  }
  for (const keyword of ['dependentRequired', 'dependentSchemas', 'dependencies']) {
    const dependencies = schema[keyword];
    if (!isPlainObject(dependencies)) continue;
    if (Object.hasOwn(dependencies, name)) return true;
    // A schema another key triggers judges the object too (`{ x: { properties: { name: … } } }`).
    for (const dependency of Object.values(dependencies)) {
      if (!Array.isArray(dependency) && mayReadAddedKey(dependency, name, false)) return true;
    }
  }
  // A pattern that may match the key judges its `null` too, unless its schema takes every value.
  const patterns = schema.patternProperties;
  if (isPlainObject(patterns)) {
    for (const pattern of Object.keys(patterns)) {
      if (!takesAll(patterns[pattern]) && !surelyMisses(pattern, name)) return true;
    }
  }
  for (const keyword of OBJECT_APPLICATORS) {
    if (!Object.hasOwn(schema, keyword)) continue;
    if (mayReadAddedKey(schema[keyword], name, NEGATING.has(keyword))) return true;
  }
  return false;
}

/**
 * Whether a subschema beside the properties may refuse an object once `name` is added to it:
 * it names the key (as a key, or a string: `required: [name]`) or holds a keyword that reads
 * keys ({@link ADDED_KEY_REFUSERS}; under a `not`, an `if` or a `oneOf`, where an answer can
 * flip, {@link ADDED_KEY_READERS}), or is too big to read within the budget. One iterative walk.
 */
function mayReadAddedKey(root: unknown, name: string, negated: boolean): boolean {
  const pending: Array<[unknown, boolean]> = [[root, negated]];
  let budget = MENTION_BUDGET;
  while (pending.length > 0) {
    if (--budget < 0) return true;
    const [node, under] = pending.pop()!;
    if (node === name) return true;
    if (Array.isArray(node)) {
      for (const item of node) pending.push([item, under]);
    } else if (isPlainObject(node)) {
      const readers = under ? ADDED_KEY_READERS : ADDED_KEY_REFUSERS;
      for (const key of Object.keys(node)) {
        if (key === name || readers.has(key)) return true;
        // Outside a negation, a `required` list only asks for keys: adding one refuses nothing.
        if (!under && key === 'required') continue;
        pending.push([node[key], under || NEGATING.has(key)]);
      }
    }
  }
  return false;
}

/** `true` or `{}`: a schema that takes every value. */
function takesAll(schema: unknown): boolean {
  return schema === true || (isPlainObject(schema) && Object.keys(schema).length === 0);
}

/** Characters that stand for themselves in a pattern (outside a class). */
const LITERAL = /^[A-Za-z0-9_\- ]$/;

/**
 * Whether a pattern surely matches no string that starts as `name` does not: it is anchored
 * (`^x-`) and `name` lacks the literal start. Read, never run: a hostile pattern could take
 * exponential time on a hostile key. An alternation anywhere, or no literal start, says "may".
 */
function surelyMisses(pattern: string, name: string): boolean {
  if (!pattern.startsWith('^') || pattern.includes('|')) return false;
  let end = 1;
  while (end < pattern.length && LITERAL.test(pattern[end]!)) end += 1;
  // A quantifier after the run makes its last character optional or repeated.
  const quantified = end < pattern.length && '?*+{'.includes(pattern[end]!);
  const literal = pattern.slice(1, quantified ? end - 1 : end);
  return literal.length > 0 && !name.startsWith(literal);
}
