/**
 * Up to how many keys a list is searched by comparison rather than hashed into a set. Most
 * objects list or require a few keys, and property names are interned strings, so comparing them
 * is mostly comparing pointers: cheaper than making a set and hashing the key. A longer list is
 * hashed, so that an object of thousands of keys is not handled in quadratic time.
 */
export const SCANNED_KEYS = 8;

/**
 * Where a key is in a list of distinct keys: scanned up to {@link SCANNED_KEYS} keys, looked up
 * in the list's index past them.
 *
 * @param keys The list.
 * @param index The index of each key in the list.
 * @param key A key of a value.
 * @returns Its index in `keys`, or -1 when it is not there.
 */
export function keyIndexOf(
  keys: readonly string[],
  index: ReadonlyMap<string, number>,
  key: string,
): number {
  if (keys.length > SCANNED_KEYS) return index.get(key) ?? -1;
  for (let at = 0; at < keys.length; at++) {
    if (keys[at] === key) return at;
  }
  return -1;
}
