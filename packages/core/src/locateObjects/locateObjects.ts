import { escapePointerToken } from '../utils/pointer.ts';

/**
 * Finds where given objects stand in a JSON tree, in document order, without recursion: for
 * converters that learn about a problem by the object they write (a fallback's result, an
 * override's schema) and must report it with a pointer. Stops once every object is found.
 *
 * @param root The tree (a converter's output).
 * @param wanted The objects to find.
 * @returns Each object found, with the RFC 6901 pointer of its first place.
 */
export function locateObjects(
  root: object,
  wanted: { has(value: object): boolean; readonly size: number },
): [object, string][] {
  const found: [object, string][] = [];
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[root, '']];
  for (
    let entry = stack.pop();
    entry !== undefined && found.length < wanted.size;
    entry = stack.pop()
  ) {
    const [value, pointer] = entry;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (wanted.has(value)) found.push([value, pointer]);
    const keys = Object.keys(value);
    for (let index = keys.length - 1; index >= 0; index -= 1) {
      const key = keys[index] as string;
      stack.push([
        (value as Record<string, unknown>)[key],
        `${pointer}/${escapePointerToken(key)}`,
      ]);
    }
  }
  return found;
}
