/**
 * The output byte measure: how both roads and the data copies count compact-JSON bytes. One
 * module, so the single walk and the analysis reach the same budget decision for one document.
 * Escapes inside strings are not counted; a number that is not a short integer counts 12.
 */

/** Bytes a boolean subschema counts: `false`, the longer of the two. */
export const BOOLEAN_SCHEMA_BYTES = 5;
/**
 * Bytes of `{"$ref":"#/$defs/"}` and a comma, without the name: a use of a definition kept as
 * `$ref`.
 */
export const REF_BYTES = 20;
/**
 * Bytes counted for the `"allOf":[],` (11) a `$ref` target takes when it cannot merge with the
 * keywords beside it; one more than written, an upper bound like {@link BOOLEAN_SCHEMA_BYTES}.
 */
export const ALL_OF_BYTES = 12;

/**
 * Bytes of a container's brackets (or braces) and the commas between its `count` members; the
 * members themselves are not counted.
 *
 * @param count How many items or members the array or object holds.
 * @returns `[]` or `{}` plus the commas.
 */
export function containerBytes(count: number): number {
  return count > 0 ? count + 1 : 2;
}

/**
 * Bytes of an object member's key with its quotes and colon (`"key":`); the value is not counted.
 *
 * @param key The key.
 * @returns Its bytes.
 */
export function keyBytes(key: string): number {
  return key.length + 3;
}

/**
 * Measures a JSON scalar: its compact-JSON bytes.
 *
 * @param value The scalar.
 * @returns Its bytes, or -1 for a value JSON cannot hold (`undefined`, a function, a symbol, a
 *   bigint, `NaN`, an infinity).
 */
export function scalarBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value).length;
      return Number.isFinite(value) ? 12 : -1;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      return 4;
    default:
      return -1;
  }
}

/**
 * Bytes of a root's `$schema` and `$id` (with their commas), which both roads emit first and
 * neither counts with the root's own keywords: part of the output the budget bounds.
 *
 * @param root The input root.
 * @param idKeyword `$id`, or `id` in draft-04.
 * @returns Their bytes (an upper bound: `$id` beside a draft-07 `$ref` is not emitted).
 */
export function rootIdentityBytes(root: Record<string, unknown>, idKeyword: string): number {
  let bytes = 0;
  const dialectUri = root.$schema;
  if (dialectUri !== undefined) {
    const size = scalarBytes(dialectUri);
    // A `$schema` that is not a string is rare; count what a scalar or a small value takes.
    bytes += keyBytes('$schema') + (size < 0 ? 4 : size) + 1;
  }
  const id = root[idKeyword];
  if (typeof id === 'string') bytes += keyBytes(idKeyword) + scalarBytes(id) + 1;
  return bytes;
}
