/**
 * Up to how many keys a list is searched by comparison rather than hashed into a set. Most
 * objects list or require a few keys, and property names are interned strings, so comparing them
 * is mostly comparing pointers: cheaper than making a set and hashing the key. A longer list is
 * hashed, so that an object of thousands of keys is not handled in quadratic time.
 */
export const SCANNED_KEYS = 8;

/**
 * The set of a key list too long to scan.
 *
 * @param keys A list of keys.
 * @returns Their set past {@link SCANNED_KEYS} keys; `undefined` for a list to scan.
 */
export function keySetOf(keys: readonly string[]): ReadonlySet<string> | undefined {
  return keys.length > SCANNED_KEYS ? new Set(keys) : undefined;
}

/**
 * Whether a key is in a list, through its set when it has one ({@link keySetOf}).
 *
 * @param keys The list.
 * @param set Its set, or `undefined` where the list is scanned.
 * @param key The key.
 * @returns Whether the list holds the key.
 */
export function isAmong(
  keys: readonly string[],
  set: ReadonlySet<string> | undefined,
  key: string,
): boolean {
  if (set !== undefined) return set.has(key);
  for (let index = 0; index < keys.length; index++) if (keys[index] === key) return true;
  return false;
}
