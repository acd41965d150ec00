import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { describeNonJson, isJsonObject, nonJsonError } from './jsonValue.ts';
import { arrayTooLong, dataTooLarge, MAX_ARRAY_ITEMS, MAX_DATA_CONTAINERS } from './measureJson.ts';

/**
 * Writes `value` under `key` as an own data property. Plain assignment would call the
 * `__proto__` setter and replace the prototype instead of storing the key.
 *
 * @param target The object written to.
 * @param key The key.
 * @param value The value.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * Puts `value` in a container under an array index or an object key, the key as an own data
 * property (see {@link setOwn}).
 *
 * @param container An array or an object.
 * @param key The index or the key.
 * @param value The value.
 */
export function setOwnAt(
  container: Record<string, unknown> | unknown[],
  key: string | number,
  value: unknown,
): void {
  if (typeof key === 'number') (container as unknown[])[key] = value;
  else setOwn(container as Record<string, unknown>, key, value);
}

/** Marks the frame that leaves a container, so it is no longer an ancestor. */
const EXIT = Symbol('exit');

/**
 * Deep-copies a JSON value from untrusted input without recursion (any depth), keeping
 * `__proto__` keys as own properties. `undefined`, functions and symbols are dropped from
 * objects and become `null` in arrays, as `JSON.stringify` does; a reference cycle, a bigint,
 * `NaN` or an infinity, and an object JSON would silently empty (a `Date`, `Map`, `Set`,
 * `RegExp`...) are a {@link ToolSchemaError}. A shared object is copied per use, up
 * to `MAX_DATA_CONTAINERS` objects and arrays (then a {@link ToolSchemaError}).
 *
 * @param value The value to copy.
 * @returns A copy that shares no object with `value`.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return checkScalar(value);
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) throw arrayTooLong(value.length);
    // Fast path: a flat list of strings, numbers, booleans or null, the common case.
    let flat = true;
    for (let index = 0; index < value.length && flat; index++) {
      const item: unknown = value[index];
      const type = typeof item;
      flat =
        type === 'string' ||
        (type === 'number' && Number.isFinite(item)) ||
        type === 'boolean' ||
        item === null;
    }
    if (flat) return value.slice() as T;
  }
  const root: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const stack: unknown[] = [value, root];
  const ancestors = new Set<object>();
  let containers = 0;
  while (stack.length > 0) {
    const target = stack.pop();
    const source = stack.pop() as object;
    if (target === EXIT) {
      ancestors.delete(source);
      continue;
    }
    if (ancestors.has(source)) {
      throw new ToolSchemaError(
        'invalid-schema',
        'The schema contains a reference cycle between JavaScript objects, which JSON cannot hold.',
      );
    }
    if (++containers > MAX_DATA_CONTAINERS) throw dataTooLarge();
    if (!Array.isArray(source) && !isJsonObject(source))
      throw nonJsonError(describeNonJson(source)!);
    ancestors.add(source);
    stack.push(source, EXIT);
    if (Array.isArray(source)) {
      if (source.length > MAX_ARRAY_ITEMS) throw arrayTooLong(source.length);
      const out = target as unknown[];
      for (let index = 0; index < source.length; index++) {
        const item: unknown = source[index];
        if (item !== null && typeof item === 'object') {
          const copy = Array.isArray(item) ? new Array(item.length) : {};
          out[index] = copy;
          stack.push(item, copy);
        } else {
          out[index] = checkScalar(item) ?? null;
        }
      }
    } else {
      const out = target as Record<string, unknown>;
      for (const key of Object.keys(source)) {
        const item: unknown = (source as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') {
          const copy = Array.isArray(item) ? new Array(item.length) : {};
          setOwn(out, key, copy);
          stack.push(item, copy);
        } else {
          const scalar = checkScalar(item);
          if (scalar !== undefined) setOwn(out, key, scalar);
        }
      }
    }
  }
  return root as T;
}

/**
 * Deep-copies a tree this package built itself (plain JSON, no cycles, no odd values), without
 * recursion. The fast path for handing out one more copy of an inlined definition.
 *
 * @param value The tree.
 * @returns A copy that shares no object with `value`.
 */
export function cloneTree<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  const root: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const stack: unknown[] = [value, root];
  while (stack.length > 0) {
    const target = stack.pop();
    const source = stack.pop();
    if (Array.isArray(source)) {
      const out = target as unknown[];
      for (let index = 0; index < source.length; index++) {
        const item: unknown = source[index];
        if (item !== null && typeof item === 'object') {
          const copy = Array.isArray(item) ? new Array(item.length) : {};
          out[index] = copy;
          stack.push(item, copy);
        } else {
          out[index] = item;
        }
      }
    } else {
      const out = target as Record<string, unknown>;
      const record = source as Record<string, unknown>;
      for (const key in record) {
        const item = record[key];
        if (item !== null && typeof item === 'object') {
          const copy = Array.isArray(item) ? new Array(item.length) : {};
          if (key === '__proto__') setOwn(out, key, copy);
          else out[key] = copy;
          stack.push(item, copy);
        } else if (key === '__proto__') {
          setOwn(out, key, item);
        } else {
          out[key] = item;
        }
      }
    }
  }
  return root as T;
}

function checkScalar<T>(value: T): T {
  if (typeof value === 'bigint' || (typeof value === 'number' && !Number.isFinite(value))) {
    throw nonJsonError(describeNonJson(value)!);
  }
  if (typeof value === 'function' || typeof value === 'symbol') return undefined as T;
  return value;
}
