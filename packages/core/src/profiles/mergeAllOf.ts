import { setOwn } from '../utils/cloneJson.ts';
import { commonValues } from '../utils/commonValues.ts';
import { deepEqual } from '../utils/deepEqual.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { isAnnotation, isJsonSchemaKeyword } from '../vocabulary/index.ts';
import { readNullable } from './nullable.ts';

type SchemaObject = Record<string, unknown>;

/** What merging the branches of an `allOf` gave. */
export interface MergedAllOf {
  /** One schema that accepts exactly what every branch accepts (`false`: nothing). */
  schema: SchemaObject | false;
  /** Constraints of later branches that only the description can carry (a second `pattern`). */
  described: Array<[string, unknown]>;
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
/** Keywords a second, different value of which the description carries. */
const DESCRIBED_WHEN_DIFFERENT = new Set(['pattern', 'format']);
/**
 * Keywords whose meaning depends on their neighbours in the same schema: merged only where no
 * other branch has a keyword they would then meet (see {@link meetsNeighbours}). A neighbour in
 * another branch is no neighbour in the original: `then` beside another branch's `if`, draft-07's
 * `additionalItems` beside another branch's tuple `items`, `minContains` beside another's
 * `contains` would all start to apply once merged.
 */
const ADJACENT = new Set([
  'patternProperties',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
]);

/**
 * Merges the branches of an `allOf` into one schema where that keeps the meaning: types
 * intersected, properties and `required` combined (a property one branch lacks meets that
 * branch's `additionalProperties`), bounds tightened, enums intersected. A branch with `anyOf` or
 * `oneOf` is distributed (`A ∧ (B ∨ C)` = `(A ∧ B) ∨ (A ∧ C)`). Returns `undefined` where the
 * merge would change the meaning (a `$ref`, neighbouring keywords in two branches, two different
 * `multipleOf`...).
 *
 * @param branches The branches (plain JSON Schemas, not mutated).
 * @returns The merged schema, or `undefined`.
 */
export function mergeAllOf(branches: readonly unknown[]): MergedAllOf | undefined {
  return mergeBranches(branches, { left: MAX_DISTRIBUTED_OPTIONS });
}

/** Keywords by which a schema names itself: references may point at it, or resolve against it. */
const NAMING_KEYWORDS = ['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor'];

/**
 * Whether a branch names itself ({@link NAMING_KEYWORDS}): merged into its neighbours, what
 * referred to it would refer to the merge (a document kept whole for its `$dynamicRef`s, whose
 * root stands in an `allOf` of its own under the object root).
 */
function namesItself(branch: SchemaObject): boolean {
  return NAMING_KEYWORDS.some((keyword) => Object.hasOwn(branch, keyword));
}

/**
 * Whether a schema has an own key starting with `$`, as every keyword {@link namesItself} and
 * {@link refersElsewhere} read does: one scan of the few keys spares asking each of those seven
 * keywords by name (absent, mostly, on objects of many shapes: lookups that miss V8's caches).
 */
function hasDollarKey(branch: SchemaObject): boolean {
  for (const key in branch) {
    if (key.charCodeAt(0) === 36 /* $ */ && Object.hasOwn(branch, key)) return true;
  }
  return false;
}

/** Keywords by which a schema applies another: merged, it would apply it somewhere else. */
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

/**
 * Whether a branch applies another schema by reference ({@link REFERENCE_KEYWORDS}): a
 * `$dynamicRef` resolves by the dynamic scope it is reached through, which a merge changes.
 */
function refersElsewhere(branch: SchemaObject): boolean {
  return REFERENCE_KEYWORDS.some((keyword) => typeof branch[keyword] === 'string');
}

/**
 * Union options one merge may visit by distributing unions (two 8-option unions visit 72). Each
 * union multiplies the options of the others (an `allOf` of five 8-option `oneOf`s is 32,768
 * branches, each a copy of the rest, 43 MB from 12 KB): past this, the `allOf` does not merge.
 */
const MAX_DISTRIBUTED_OPTIONS = 128;

/** {@link mergeAllOf}, with what is left of the distribution budget of the whole merge. */
function mergeBranches(
  branches: readonly unknown[],
  budget: { left: number },
): MergedAllOf | undefined {
  const flat: SchemaObject[] = [];
  const stack = [...branches].reverse();
  while (stack.length > 0) {
    const branch = stack.pop();
    if (branch === true) continue;
    if (branch === false) return { schema: false, described: [] };
    if (!isPlainObject(branch)) continue;
    if (hasDollarKey(branch) && (refersElsewhere(branch) || namesItself(branch))) return undefined;
    if (Array.isArray(branch.allOf)) {
      const { allOf, ...rest } = branch;
      // Popped after `rest`, in order; a loop, as a spread of 200,000 members would overflow.
      for (let index = allOf.length - 1; index >= 0; index--) stack.push(allOf[index]);
      stack.push(rest);
      continue;
    }
    flat.push(readNullable(branch));
  }
  const union = flat.findIndex(
    (branch) => Array.isArray(branch.anyOf) || Array.isArray(branch.oneOf),
  );
  if (union >= 0) return distribute(flat, union, budget);
  const described: Array<[string, unknown]> = [];
  const merged: SchemaObject = {};
  for (let index = 0; index < flat.length; index++) {
    if (!mergeInto(merged, flat[index]!, flat, described)) return undefined;
    // `properties` and `additionalProperties` of every branch, once, where the first branch's
    // keywords end (once per branch made a wide allOf of branches without them quadratic).
    if (index === 0 && !mergeProperties(merged, flat)) return undefined;
  }
  if (!mergeRequired(merged, flat)) return undefined;
  if (merged.type !== undefined && Array.isArray(merged.type) && merged.type.length === 0) {
    return { schema: false, described: [] };
  }
  return { schema: merged, described };
}

/** `A ∧ (B ∨ C)` = `(A ∧ B) ∨ (A ∧ C)`, for the first branch that is a union. */
function distribute(
  flat: readonly SchemaObject[],
  index: number,
  budget: { left: number },
): MergedAllOf | undefined {
  const { anyOf, oneOf, ...rest } = flat[index]!;
  if (anyOf !== undefined && oneOf !== undefined) return undefined;
  const options = (anyOf ?? oneOf) as unknown[];
  if (options.length > 16) return undefined;
  budget.left -= options.length;
  if (budget.left < 0) return undefined;
  const others = [...flat.slice(0, index), rest, ...flat.slice(index + 1)];
  const merged: unknown[] = [];
  const described: Array<[string, unknown]> = [];
  for (const option of options) {
    const result = mergeBranches([...others, option], budget);
    if (result === undefined) return undefined;
    if (result.schema !== false) merged.push(result.schema);
    for (const each of result.described) described.push(each);
  }
  if (merged.length === 0) return { schema: false, described: [] };
  // Annotations of the union's own schema stay on the union.
  const annotations: SchemaObject = {};
  for (const key of Object.keys(rest)) if (isAnnotation(key)) annotations[key] = rest[key];
  return {
    schema: { ...annotations, [oneOf === undefined ? 'anyOf' : 'oneOf']: merged },
    described,
  };
}

/** Merges one branch into the result; `false` when the meaning would change. */
function mergeInto(
  merged: SchemaObject,
  branch: SchemaObject,
  all: readonly SchemaObject[],
  described: Array<[string, unknown]>,
): boolean {
  for (const keyword of Object.keys(branch)) {
    // Merged once, over every branch: `properties` and `additionalProperties` by
    // mergeProperties, `required` by mergeRequired (merging them here, branch by branch, made
    // a wide allOf quadratic in its branches). `required` keeps the place the first branch
    // gives it among the merged keywords.
    if (keyword === 'properties' || keyword === 'additionalProperties') continue;
    const value = branch[keyword];
    if (!Object.hasOwn(merged, keyword)) {
      // A draft-07 tuple (`items` as a list) is the neighbour of `additionalItems`.
      const adjacent = ADJACENT.has(keyword) || (keyword === 'items' && Array.isArray(value));
      if (adjacent && all.some((other) => other !== branch && meetsNeighbours(other, keyword))) {
        return false;
      }
      setOwn(merged, keyword, value);
      continue;
    }
    const current = merged[keyword];
    // A keyword no dialect defines (OpenAPI's `xml`, an `x-*` extension) asserts nothing: like
    // an annotation, the first branch's stays.
    if (
      keyword === 'required' ||
      deepEqual(current, value) ||
      isAnnotation(keyword) ||
      !isJsonSchemaKeyword(keyword)
    )
      continue;
    if (keyword === 'type') {
      merged.type = intersectTypes(current, value);
    } else if (keyword === 'enum' || keyword === 'const') {
      const left = keyword === 'const' ? [current] : current;
      const right = keyword === 'const' ? [value] : value;
      // An `enum` that is no list is no schema a merge can keep the meaning of.
      if (!Array.isArray(left) || !Array.isArray(right)) return false;
      merged[keyword] = undefined;
      delete merged[keyword];
      merged.enum = commonValues(left, right);
    } else if (
      LOWER_BOUNDS.includes(keyword) &&
      typeof current === 'number' &&
      typeof value === 'number'
    ) {
      merged[keyword] = Math.max(current, value);
    } else if (
      UPPER_BOUNDS.includes(keyword) &&
      typeof current === 'number' &&
      typeof value === 'number'
    ) {
      merged[keyword] = Math.min(current, value);
    } else if (keyword === 'uniqueItems') {
      merged.uniqueItems = current === true || value === true;
    } else if (DESCRIBED_WHEN_DIFFERENT.has(keyword)) {
      described.push([keyword, value]);
    } else if (keyword === 'items') {
      // Two draft-07 tuples (`items` as a list) are no one schema `allOf` can hold.
      if (Array.isArray(current) || Array.isArray(value)) return false;
      merged.items = { allOf: [current, value] };
    } else if (keyword !== 'properties' && keyword !== 'additionalProperties') {
      return false;
    }
  }
  if (Object.hasOwn(merged, 'enum') && Object.hasOwn(merged, 'const')) {
    const values = merged.enum;
    if (!Array.isArray(values)) return false;
    merged.enum = values.filter((item) => deepEqual(item, merged.const));
    delete merged.const;
  }
  return true;
}

/**
 * `required` of all branches, once: the first branch's list where every branch that has one
 * lists the same, else every name once, in branch order. `false` where a branch's `required`
 * is no list and the lists differ (no merge keeps the meaning of that).
 */
function mergeRequired(merged: SchemaObject, all: readonly SchemaObject[]): boolean {
  const lists = all.filter((branch) => Object.hasOwn(branch, 'required'));
  const first = lists[0]?.required;
  if (lists.every((branch) => deepEqual(branch.required, first))) return true;
  const names = new Set<unknown>();
  for (const branch of lists) {
    if (!Array.isArray(branch.required)) return false;
    for (const name of branch.required) names.add(name);
  }
  merged.required = [...names];
  return true;
}

/** Whether another branch has a keyword that an adjacent keyword would meet once merged. */
function meetsNeighbours(other: SchemaObject, keyword: string): boolean {
  const neighbours = NEIGHBOURS[keyword];
  if (neighbours === undefined) return other[keyword] !== undefined;
  return neighbours.some((neighbour) => other[neighbour] !== undefined);
}

/** The keywords each adjacent keyword reads beside it (itself included). */
const NEIGHBOURS: Readonly<Record<string, readonly string[]>> = {
  patternProperties: ['properties', 'additionalProperties', 'patternProperties'],
  unevaluatedProperties: ['properties', 'additionalProperties', 'unevaluatedProperties'],
  prefixItems: ['items', 'prefixItems'],
  unevaluatedItems: ['items', 'prefixItems', 'additionalItems', 'contains', 'unevaluatedItems'],
  items: ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems'],
  additionalItems: ['items', 'additionalItems'],
  contains: ['items', 'prefixItems', 'contains', 'minContains', 'maxContains'],
  minContains: ['contains', 'minContains'],
  maxContains: ['contains', 'maxContains'],
  if: ['if', 'then', 'else'],
  then: ['if', 'then'],
  else: ['if', 'else'],
};

/**
 * `properties` and `additionalProperties` of all branches, once: a property is checked by every
 * branch that lists it and by the `additionalProperties` of every branch that does not.
 */
function mergeProperties(merged: SchemaObject, all: readonly SchemaObject[]): boolean {
  const only = onlyListing(all);
  if (only !== undefined) {
    // One branch lists properties and none constrains others (a union's branch beside its
    // `type`): the merge would copy that list name by name, so the list itself is read instead
    // (the rewrite never writes into what it reads).
    if (hasOwnKey(only)) merged.properties = only;
    return true;
  }
  // Per name, the indexes of the branches that list it; and the branches that constrain the
  // names they do not list. One walk over the branches: a wide allOf stays linear.
  const listedBy = new Map<string, number[]>();
  const constraining: number[] = [];
  for (let index = 0; index < all.length; index++) {
    const branch = all[index] as SchemaObject;
    const listed = isPlainObject(branch.properties) ? branch.properties : undefined;
    if (listed !== undefined) {
      for (const name of Object.keys(listed)) {
        const indexes = listedBy.get(name);
        if (indexes === undefined) listedBy.set(name, [index]);
        else indexes.push(index);
      }
    }
    if (branch.patternProperties !== undefined || branch.additionalProperties !== undefined) {
      constraining.push(index);
    }
  }
  const properties: SchemaObject = {};
  for (const [name, indexes] of listedBy) {
    const parts: unknown[] = [];
    // The listing and the constraining branches, in branch order (both lists ascend).
    let listing = 0;
    let other = 0;
    while (listing < indexes.length || other < constraining.length) {
      const next = Math.min(indexes[listing] ?? Infinity, constraining[other] ?? Infinity);
      const branch = all[next] as SchemaObject;
      if (indexes[listing] === next) {
        parts.push((branch.properties as SchemaObject)[name]);
        listing++;
        if (constraining[other] === next) other++;
      } else if (branch.patternProperties !== undefined) {
        return false;
      } else {
        // `additionalProperties: true` checks nothing: left out, the property stays the schema
        // it is (with its own pointers) rather than `allOf: [schema, true]`.
        if (branch.additionalProperties !== true) parts.push(branch.additionalProperties);
        other++;
      }
    }
    setOwn(properties, name, allOfOrTrue(parts));
  }
  if (listedBy.size > 0) merged.properties = properties;
  const additional = all
    .filter((branch) => branch.additionalProperties !== undefined)
    .map((branch) => branch.additionalProperties);
  if (additional.length === 1) merged.additionalProperties = additional[0];
  else if (additional.length > 1) {
    const checking = additional.filter((schema) => schema !== true);
    merged.additionalProperties = checking.includes(false) ? false : allOfOrTrue(checking);
  }
  return true;
}

/** The schemas as one: `true` for none, the one itself, or their `allOf`. */
function allOfOrTrue(schemas: unknown[]): unknown {
  if (schemas.length === 0) return true;
  return schemas.length === 1 ? schemas[0] : { allOf: schemas };
}

const TYPE_ORDER = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];

/** The types both `type` values admit (`integer` where one says `number`). */
function intersectTypes(left: unknown, right: unknown): string | string[] {
  const a = Array.isArray(left) ? (left as string[]) : [left as string];
  const b = Array.isArray(right) ? (right as string[]) : [right as string];
  const both = new Set<string>();
  for (const type of a) {
    if (b.includes(type)) both.add(type);
    else if (type === 'integer' && b.includes('number')) both.add('integer');
    else if (type === 'number' && b.includes('integer')) both.add('integer');
  }
  const result = TYPE_ORDER.filter((type) => both.has(type));
  return result.length === 1 ? result[0]! : result;
}

/**
 * The `properties` of the one branch that lists any, where no branch has `patternProperties` or
 * `additionalProperties`: then {@link mergeProperties} has nothing to combine.
 */
function onlyListing(all: readonly SchemaObject[]): SchemaObject | undefined {
  let only: SchemaObject | undefined;
  for (const branch of all) {
    if (branch.patternProperties !== undefined || branch.additionalProperties !== undefined)
      return undefined;
    if (!isPlainObject(branch.properties)) continue;
    if (only !== undefined) return undefined;
    only = branch.properties;
  }
  return only;
}

/** Whether an object has an own enumerable key (without listing them all). */
function hasOwnKey(object: SchemaObject): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}
