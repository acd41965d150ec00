import { isAnnotation } from '../vocabulary/index.ts';
import { setOwn } from './cloneJson.ts';
import { deepEqual } from './deepEqual.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Keywords whose meaning depends on keywords beside them in the same object: if the use site
 * and the target both have a keyword of one group, merging them would let each see the other's.
 */
const ADJACENT_GROUPS: readonly (readonly string[])[] = [
  ['properties', 'patternProperties', 'additionalProperties'],
  ['items', 'prefixItems', 'additionalItems'],
  ['contains', 'minContains', 'maxContains'],
  ['if', 'then', 'else'],
];

/** Keywords that see what every other keyword of their object evaluated. */
const UNEVALUATED = ['unevaluatedProperties', 'unevaluatedItems'];

/** Keywords whose scope makes a merge unsafe wherever they stand. */
const SCOPED = ['$dynamicRef', '$recursiveRef', '$dynamicAnchor', '$recursiveAnchor'];

/**
 * Applies an inlined `$ref` target to the keywords beside the `$ref` (2019-09 and later, where
 * `$ref` is an in-place applicator): `{ ...siblings, $ref: T }` means `{ ...siblings, allOf: [T] }`.
 * Merges both into one object when that keeps the meaning (no keyword collides, no adjacent
 * keyword sees a new neighbour), else appends the target to `allOf`. Use-site annotations
 * replace the target's. Both arguments are owned by the caller and may be reused in the result.
 *
 * @param siblings The emitted keywords beside `$ref`.
 * @param target The emitted target.
 * @returns The emitted schema.
 */
export function mergeReference(siblings: SchemaObject, target: unknown): unknown {
  const siblingKeys = Object.keys(siblings);
  if (siblingKeys.length === 0) return target;
  if (target === true) return siblings;
  const body: SchemaObject = target === false ? { not: {} } : (target as SchemaObject);
  if (canMerge(siblings, siblingKeys, body)) {
    for (const key of siblingKeys) {
      const value = siblings[key];
      if (!Object.hasOwn(body, key) || isAnnotation(key)) {
        setOwn(body, key, value);
      } else if (key === 'required') {
        body.required = union(body.required as unknown[], value as unknown[]);
      } else if (key === 'properties' || key === 'patternProperties') {
        const merged = body[key] as SchemaObject;
        for (const name of Object.keys(value as SchemaObject)) {
          setOwn(merged, name, (value as SchemaObject)[name]);
        }
      }
    }
    return body;
  }
  for (const key of siblingKeys) {
    if (isAnnotation(key) && Object.hasOwn(body, key)) delete body[key];
  }
  const allOf = siblings.allOf;
  if (Array.isArray(allOf)) allOf.push(body);
  else siblings.allOf = [body];
  return siblings;
}

/**
 * Annotations only: the draft-07 form, where keywords beside `$ref` other than annotations are
 * ignored. Use-site annotations replace the target's.
 *
 * @param annotations The emitted annotations beside `$ref`.
 * @param target The emitted target.
 * @returns The emitted schema.
 */
export function annotateReference(annotations: SchemaObject, target: unknown): unknown {
  const keys = Object.keys(annotations);
  if (keys.length === 0) return target;
  if (target === true) return annotations;
  const body: SchemaObject = target === false ? { not: {} } : (target as SchemaObject);
  for (const key of keys) setOwn(body, key, annotations[key]);
  return body;
}

function canMerge(
  siblings: SchemaObject,
  siblingKeys: readonly string[],
  body: SchemaObject,
): boolean {
  let siblingValidates = false;
  for (const key of siblingKeys) {
    if (SCOPED.includes(key)) return false;
    if (isAnnotation(key)) continue;
    siblingValidates = true;
    if (!Object.hasOwn(body, key)) continue;
    const mine = siblings[key];
    const theirs = body[key];
    if (key === 'required' && Array.isArray(mine) && Array.isArray(theirs)) continue;
    if ((key === 'properties' || key === 'patternProperties') && disjoint(mine, theirs)) continue;
    if (!deepEqual(mine, theirs)) return false;
  }
  if (!siblingValidates) return true;
  if (nullableMeetsType(siblings, body) || nullableMeetsType(body, siblings)) return false;
  for (const key of Object.keys(body)) {
    if (SCOPED.includes(key)) return false;
    // The target's unevaluated* saw only the target's own keywords; merged they would see ours.
    if (UNEVALUATED.includes(key)) return false;
  }
  for (const group of ADJACENT_GROUPS) {
    const inSiblings = group.some((key) => Object.hasOwn(siblings, key));
    const inBody = group.some((key) => Object.hasOwn(body, key));
    if (!inSiblings || !inBody) continue;
    // Only two sets of distinct property names merge: `additionalProperties` (or any other
    // keyword of a group) would start to see the other side's neighbours.
    if (group[0] !== 'properties') return false;
    if (
      Object.hasOwn(siblings, 'additionalProperties') ||
      Object.hasOwn(body, 'additionalProperties')
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Whether one side's OpenAPI 3.0 `nullable` would stand beside the other side's `type` once
 * merged: `nullable` modifies the `type` of its own object only (OpenAPI 3.0.3), so
 * `{ $ref, nullable: true }` over a typed target must not become a nullable type.
 */
function nullableMeetsType(one: SchemaObject, other: SchemaObject): boolean {
  return Object.hasOwn(one, 'nullable') && Object.hasOwn(other, 'type');
}

function disjoint(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) return false;
  for (const key of Object.keys(a)) if (Object.hasOwn(b, key)) return false;
  return true;
}

function union(a: unknown[], b: unknown[]): unknown[] {
  const out = [...a];
  for (const item of b) if (!out.includes(item)) out.push(item);
  return out;
}
