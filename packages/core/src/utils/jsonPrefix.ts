/** Thrown inside the writer once the text is long enough. */
const LONG_ENOUGH = Symbol('long enough');

/**
 * The beginning of a JSON value's `JSON.stringify` text, written only as far as needed: the whole
 * text when it has at most `limit` characters, else its first `limit + 1` characters or more (so
 * the caller knows it is longer). A description that quotes a schema quotes its first 2,000
 * characters, and the schema may be hundreds of kilobytes long.
 *
 * @param value A JSON value (plain objects and arrays, no cycle).
 * @param limit The length that matters.
 * @returns The text, or a prefix of it longer than `limit`.
 */
export function jsonPrefix(value: unknown, limit: number): string {
  const parts: string[] = [];
  let length = 0;
  const write = (text: string): void => {
    parts.push(text);
    length += text.length;
    if (length > limit) throw LONG_ENOUGH;
  };
  const writeValue = (item: unknown): void => {
    if (item === null || typeof item !== 'object' || hasToJson(item) || holdsNoContainer(item)) {
      // Scalars (and anything `JSON.stringify` treats its own way) as it writes them; a leaf
      // (most of a schema's objects) at once, as it writes it in the whole text.
      write(JSON.stringify(item) ?? 'null');
      return;
    }
    if (Array.isArray(item)) {
      write('[');
      for (let index = 0; index < item.length; index++) {
        if (index > 0) write(',');
        const element: unknown = item[index];
        if (isSkipped(element)) write('null');
        else writeValue(element);
      }
      write(']');
      return;
    }
    write('{');
    let first = true;
    for (const key of Object.keys(item)) {
      const property: unknown = (item as Record<string, unknown>)[key];
      if (isSkipped(property)) continue;
      write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      writeValue(property);
    }
    write('}');
  };
  if (value === null || typeof value !== 'object' || hasToJson(value)) return JSON.stringify(value);
  try {
    writeValue(value);
  } catch (error) {
    if (error !== LONG_ENOUGH) throw error;
  }
  return parts.join('');
}

/**
 * Whether an object or array holds no object or array (nor anything with `toJSON`): a leaf, short
 * by nature, which `JSON.stringify` writes whole faster than the writer writes its parts.
 */
function holdsNoContainer(container: object): boolean {
  if (Array.isArray(container)) {
    for (let index = 0; index < container.length; index++) {
      const element: unknown = container[index];
      if (element !== null && typeof element === 'object') return false;
    }
    return true;
  }
  for (const key in container) {
    const value: unknown = (container as Record<string, unknown>)[key];
    if (value !== null && typeof value === 'object') return false;
  }
  return true;
}

/** What `JSON.stringify` leaves out of an object (and writes as `null` in an array). */
function isSkipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
