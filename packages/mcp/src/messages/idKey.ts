/**
 * Keys a JSON-RPC id by type and value, so the string `"1"` and the number `1` (distinct ids in
 * JSON-RPC) never match each other.
 *
 * @param id The `id` member of a message.
 * @returns The key, or `undefined` for a missing, null or malformed id (nothing to match).
 */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `string:${id}`;
  if (typeof id === 'number') return `number:${id}`;
  return undefined;
}
