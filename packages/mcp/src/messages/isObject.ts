/**
 * Tells whether a parsed JSON value is an object (not null, not an array).
 *
 * @param value The value.
 * @returns Whether it is a JSON object.
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
