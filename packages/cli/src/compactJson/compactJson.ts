/** Marks, in the pending work, a piece of text to write as it is (the entry below it). */
const TEXT = Symbol('text');

/**
 * `JSON.stringify(value)` written without recursion: a schema nested deeper than `JSON.stringify`
 * can write (a few thousand levels in Node.js) still has a text, to measure or to count tokens
 * of. `value` is JSON as `JSON.parse` gives it; what JSON leaves out (`undefined`, a function, a
 * symbol) is written as `JSON.stringify` writes it: no key in an object, `null` in an array, and
 * `undefined` for the whole value.
 *
 * @param value A JSON value.
 * @returns Its compact JSON text, or `undefined` where `JSON.stringify` gives none.
 * @throws TypeError for a bigint, as `JSON.stringify` does.
 */
export function compactJson(value: unknown): string | undefined {
  if (isLeftOut(value)) return undefined;
  const parts: string[] = [];
  // Popped from the end: a container writes its opening text, then pushes its closing text and
  // its members in reverse; a text is pushed below its mark.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === TEXT) {
      parts.push(pending.pop() as string);
    } else if (item === null || typeof item !== 'object') {
      parts.push(JSON.stringify(item) ?? 'null');
    } else if (Array.isArray(item)) {
      pending.push(']', TEXT);
      for (let index = item.length - 1; index >= 0; index--) {
        const each: unknown = item[index];
        pending.push(isLeftOut(each) ? null : each);
        if (index > 0) pending.push(',', TEXT);
      }
      parts.push('[');
    } else {
      const members = Object.entries(item).filter(([, each]) => !isLeftOut(each));
      pending.push('}', TEXT);
      for (let index = members.length - 1; index >= 0; index--) {
        const [key, each] = members[index]!;
        pending.push(each, `${index > 0 ? ',' : ''}${JSON.stringify(key)}:`, TEXT);
      }
      parts.push('{');
    }
  }
  return parts.join('');
}

/** What `JSON.stringify` leaves out of an object and writes as `null` in an array. */
function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
