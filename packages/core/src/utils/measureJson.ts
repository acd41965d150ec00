import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { containerBytes, keyBytes, scalarBytes } from './jsonBytes.ts';

/** The compact-JSON size and nesting depth of a value. */
export interface JsonMeasure {
  /** Approximate bytes of `JSON.stringify(value)` (escapes not counted). */
  bytes: number;
  /** Containers (objects, arrays) on the deepest path; 0 for a scalar. */
  depth: number;
}

/**
 * More objects and arrays than any data value of a tool schema holds. JSON text cannot reach it
 * cheaply, but a JavaScript object shared at every level can: 40 levels of two uses of the same
 * object expand to 2⁴⁰ containers in JSON, and copying or measuring them would never end.
 */
export const MAX_DATA_CONTAINERS = 2_000_000;

/**
 * More items than any array of a tool schema holds (a JSON array this long is at least 32 MB).
 * A JavaScript array can claim up to 2³² − 1 items while it holds none (`length` alone, holes
 * all the way), and every reader walks its `length`: past this bound it is refused before it is
 * read.
 */
export const MAX_ARRAY_ITEMS = 16_777_216;

/**
 * The error for an array longer than {@link MAX_ARRAY_ITEMS}, before any reader walks it.
 *
 * @param length The array's `length`.
 * @returns The error to throw.
 */
export function arrayTooLong(length: number): ToolSchemaError {
  return new ToolSchemaError(
    'invalid-schema',
    `An array of the schema has ${length} items, more than the ${MAX_ARRAY_ITEMS} any schema holds.`,
  );
}

/**
 * The error for a data value past {@link MAX_DATA_CONTAINERS}.
 *
 * @returns The error to throw.
 */
export function dataTooLarge(): ToolSchemaError {
  return new ToolSchemaError(
    'invalid-schema',
    `A value of the schema expands to more than ${MAX_DATA_CONTAINERS} objects and arrays in JSON (a JavaScript object shared many times).`,
  );
}

/**
 * Measures a JSON value from untrusted input without recursion: its compact size and its depth.
 * Throws a {@link ToolSchemaError} on a reference cycle, which JSON cannot hold, and past
 * {@link MAX_DATA_CONTAINERS} objects and arrays.
 *
 * @param value The value.
 * @returns Its size and depth.
 */
export function measureJson(value: unknown): JsonMeasure {
  if (value === null || typeof value !== 'object') return { bytes: countedBytes(value), depth: 0 };
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) throw arrayTooLong(value.length);
    // Fast path: a flat list of scalars (`required`, `enum`, `type`), the common case.
    let bytes = containerBytes(value.length);
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (item !== null && typeof item === 'object') return measureTree(value);
      bytes += countedBytes(item);
    }
    return { bytes, depth: 1 };
  }
  return measureTree(value);
}

function measureTree(value: object): JsonMeasure {
  let bytes = 0;
  let maxDepth = 0;
  let containers = 0;
  const stack: unknown[] = [value, 1];
  const ancestors = new Set<object>();
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const item = stack.pop();
    if (depth < 0) {
      ancestors.delete(item as object);
      continue;
    }
    if (item === null || typeof item !== 'object') {
      bytes += countedBytes(item);
      continue;
    }
    if (ancestors.has(item)) {
      throw new ToolSchemaError(
        'invalid-schema',
        'The schema contains a reference cycle between JavaScript objects, which JSON cannot hold.',
      );
    }
    if (++containers > MAX_DATA_CONTAINERS) throw dataTooLarge();
    ancestors.add(item);
    stack.push(item, -1);
    if (depth > maxDepth) maxDepth = depth;
    if (Array.isArray(item)) {
      if (item.length > MAX_ARRAY_ITEMS) throw arrayTooLong(item.length);
      bytes += containerBytes(item.length);
      for (let index = item.length - 1; index >= 0; index--) stack.push(item[index], depth + 1);
    } else {
      const keys = Object.keys(item);
      bytes += containerBytes(keys.length);
      for (const key of keys) {
        bytes += keyBytes(key);
        stack.push((item as Record<string, unknown>)[key], depth + 1);
      }
    }
  }
  return { bytes, depth: maxDepth };
}

/** What `measureJson` counts for a scalar: what JSON cannot hold counts as `null`. */
function countedBytes(value: unknown): number {
  const bytes = scalarBytes(value);
  return bytes < 0 ? 4 : bytes;
}
