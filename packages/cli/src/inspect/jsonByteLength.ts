/**
 * The UTF-8 bytes of `JSON.stringify(value)`, counted without recursion: a schema nested deeper
 * than `JSON.stringify` can write (a few thousand levels in Node) still has a size. `value` is
 * JSON as `JSON.parse` gives it; what JSON leaves out (`undefined`, a function) counts as
 * `JSON.stringify` writes it: no key in an object, `null` in an array.
 *
 * @param value A JSON value.
 * @returns Its compact size in bytes.
 */
export function jsonByteLength(value: unknown): number {
  let bytes = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') {
      bytes += scalarByteLength(item);
    } else if (Array.isArray(item)) {
      // Brackets, and a comma between items.
      bytes += 2 + Math.max(0, item.length - 1);
      for (const each of item) pending.push(isLeftOut(each) ? null : each);
    } else {
      let members = 0;
      for (const [key, each] of Object.entries(item)) {
        if (isLeftOut(each)) continue;
        members++;
        // The quoted key and its colon.
        bytes += scalarByteLength(key) + 1;
        pending.push(each);
      }
      bytes += 2 + Math.max(0, members - 1);
    }
  }
  return bytes;
}

/** What `JSON.stringify` leaves out of an object and writes as `null` in an array. */
function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function scalarByteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
}
