import { setOwn } from '../cloneJson/index.ts';
import { MAX_DATA_CONTAINERS, scalarBytes } from '../measureJson/index.ts';

/** The measure of a copied value, written by {@link copyMeasured}. */
export interface CopyMeasure {
  /** Approximate compact-JSON bytes (escapes not counted), as `measureJson` counts them. */
  bytes: number;
  /** Containers on the deepest path; 0 for a scalar. */
  depth: number;
}

/** Work stacks, reused across calls (the walk never re-enters itself). */
const sources: object[] = [];
const copies: unknown[] = [];
const depths: number[] = [];

/**
 * Copies a JSON value and measures it in the same walk, without recursion, or gives up: on a
 * value deeper than `maxDepth` containers (so a JavaScript object that contains itself ends the
 * walk too), on more than `MAX_DATA_CONTAINERS` of them (an object shared at every level), and
 * on anything JSON cannot hold (`undefined`, a function, a symbol, a bigint).
 * Keys named `__proto__` stay own data properties. Nothing is allocated but the copy.
 *
 * @param value The value to copy.
 * @param maxDepth The deepest nesting accepted.
 * @param measure Receives the copy's bytes and depth (as `measureJson` gives them).
 * @returns The copy, sharing no object with `value`, or `undefined` when it gives up.
 */
export function copyMeasured(value: unknown, maxDepth: number, measure: CopyMeasure): unknown {
  if (value === null || typeof value !== 'object') {
    const bytes = scalarBytes(value);
    if (bytes < 0) return undefined;
    measure.bytes = bytes;
    measure.depth = 0;
    return value;
  }
  if (maxDepth < 1) return undefined;
  if (Array.isArray(value)) {
    // A flat list of scalars (`required`, `enum`, `type`): the common case.
    let bytes = value.length > 0 ? value.length + 1 : 2;
    let flat = true;
    for (let index = 0; index < value.length && flat; index++) {
      const item: unknown = value[index];
      if (item !== null && typeof item === 'object') flat = false;
      else {
        const size = scalarBytes(item);
        if (size < 0) return undefined;
        bytes += size;
      }
    }
    if (flat) {
      measure.bytes = bytes;
      measure.depth = 1;
      return value.slice();
    }
  }
  const copy: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const base = sources.length;
  sources.push(value);
  copies.push(copy);
  depths.push(1);
  let bytes = 0;
  let deepest = 0;
  let containers = 0;
  let failed = false;
  while (sources.length > base && !failed) {
    const source = sources.pop()!;
    const target = copies.pop();
    const depth = depths.pop()!;
    if (depth > maxDepth || ++containers > MAX_DATA_CONTAINERS) {
      failed = true;
      break;
    }
    if (depth > deepest) deepest = depth;
    bytes += 2;
    if (Array.isArray(source)) {
      const out = target as unknown[];
      bytes += source.length > 0 ? source.length - 1 : 0;
      for (let index = 0; index < source.length; index++) {
        const item: unknown = source[index];
        if (item !== null && typeof item === 'object') {
          const child = Array.isArray(item) ? new Array(item.length) : {};
          out[index] = child;
          sources.push(item);
          copies.push(child);
          depths.push(depth + 1);
        } else {
          const size = scalarBytes(item);
          if (size < 0) failed = true;
          bytes += size;
          out[index] = item;
        }
      }
    } else {
      const out = target as Record<string, unknown>;
      const keys = Object.keys(source);
      bytes += keys.length > 0 ? keys.length - 1 : 0;
      for (const key of keys) {
        const item: unknown = (source as Record<string, unknown>)[key];
        bytes += key.length + 3;
        let value = item;
        if (item !== null && typeof item === 'object') {
          value = Array.isArray(item) ? new Array(item.length) : {};
          sources.push(item);
          copies.push(value);
          depths.push(depth + 1);
        } else {
          const size = scalarBytes(item);
          if (size < 0) failed = true;
          bytes += size;
        }
        if (key === '__proto__') setOwn(out, key, value);
        else out[key] = value;
      }
    }
  }
  // Leave the shared stacks as they were found.
  sources.length = base;
  copies.length = base;
  depths.length = base;
  if (failed) return undefined;
  measure.bytes = bytes;
  measure.depth = deepest;
  return copy;
}
