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
  if (value === null || typeof value !== 'object' || hasToJson(value)) return JSON.stringify(value);
  // One string, each part appended, and every writer told when to stop: a list of parts joined
  // at the end, and an exception thrown through the writers to stop, cost a quarter or more of
  // a 2,000-character summary's time in a micro-benchmark (GitHub's union-heavy tools write one
  // per union that travels as a string, kept or not).
  let text = '';
  /** Appends a part: whether the text is now long enough. */
  const write = (part: string): boolean => {
    text += part;
    return text.length > limit;
  };
  /** Writes a value: whether the text is now long enough. */
  const writeValue = (item: unknown): boolean => {
    if (item === null || typeof item !== 'object' || hasToJson(item) || holdsFewValues(item)) {
      // Scalars (and anything `JSON.stringify` treats its own way) as it writes them; a small
      // part (most of a schema's objects: a property's schema and its `enum`) at once, as it
      // writes it in the whole text.
      return write(JSON.stringify(item) ?? 'null');
    }
    if (Array.isArray(item)) {
      if (write('[')) return true;
      for (let index = 0; index < item.length; index++) {
        if (index > 0 && write(',')) return true;
        const element: unknown = item[index];
        if (isSkipped(element) ? write('null') : writeValue(element)) return true;
      }
      return write(']');
    }
    if (write('{')) return true;
    let first = true;
    for (const key of Object.keys(item)) {
      const property: unknown = (item as Record<string, unknown>)[key];
      if (isSkipped(property)) continue;
      if (write(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`)) return true;
      first = false;
      if (writeValue(property)) return true;
    }
    return write('}');
  };
  writeValue(value);
  return text;
}

/**
 * Values a part of the value may hold, at every depth, for {@link jsonPrefix} to write it with
 * one `JSON.stringify` call: a property's schema with its `enum`, or an array of a few such. Past
 * the limit, the text runs on by one such part at most.
 */
const FEW_VALUES = 32;

/**
 * Whether an object or array holds at most {@link FEW_VALUES} values, containers and all (keys
 * as `for...in` lists them, inherited ones too: counting more only writes more parts one by one).
 * `JSON.stringify` writes such a part whole faster than the writer writes it key by key: the
 * summary of a union beside an object (GitHub's `checks/update` body) spent most of its time
 * writing each property's schema and `enum` one key and one value at a time.
 */
function holdsFewValues(container: object): boolean {
  let left = FEW_VALUES;
  const stack: object[] = [container];
  for (let each = stack.pop(); each !== undefined; each = stack.pop()) {
    if (Array.isArray(each)) {
      left -= each.length;
      if (left < 0) return false;
      for (let index = 0; index < each.length; index++) {
        const element: unknown = each[index];
        if (element !== null && typeof element === 'object') stack.push(element);
      }
      continue;
    }
    for (const key in each) {
      if (--left < 0) return false;
      const value: unknown = (each as Record<string, unknown>)[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
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
