/**
 * Tells whether a value is a JSON object: not null, not an array. The one object predicate of
 * the pass (both roads, the finalizers).
 *
 * @param value The value.
 * @returns Whether it is an object.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
