import { isPlainObject } from './isPlainObject.ts';

/** Keywords that refer to a schema by URI. */
const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/**
 * Whether some reference in a document (a `$ref`, `$dynamicRef` or `$recursiveRef` holding a
 * string) passes a test. One iterative walk of every object and array below the root, data
 * values included (a `$ref` key in a `const` counts: a caller asking this wants to be safe, not
 * exact); a kept-whole document may be deep.
 *
 * @param root The document.
 * @param test What to look for in a reference's URI.
 * @returns Whether one reference passes the test.
 */
export function someReference(root: unknown, test: (uri: string) => boolean): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
      continue;
    }
    if (!isPlainObject(node)) continue;
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (REFERENCE_KEYWORDS.has(key) && typeof value === 'string') {
        if (test(value)) return true;
      } else if (typeof value === 'object' && value !== null) pending.push(value);
    }
  }
  return false;
}
