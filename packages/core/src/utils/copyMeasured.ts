import { setOwn } from './cloneJson.ts';
import { containerBytes, keyBytes, scalarBytes } from './jsonBytes.ts';
import { isJsonObject } from './jsonValue.ts';
import { MAX_ARRAY_ITEMS, MAX_DATA_CONTAINERS } from './measureJson.ts';

/**
 * The measure of the last value {@link copyMeasured} copied, and the work stacks it copies with
 * (see {@link createCopyMeasure}).
 */
export interface CopyMeasure {
  /** Approximate compact-JSON bytes (escapes not counted), as `measureJson` counts them. */
  bytes: number;
  /** Containers on the deepest path; 0 for a scalar. */
  depth: number;
  /**
   * The value of a string `$ref` member of some object in the value, or `undefined` when none
   * holds one: a keyword no dialect defines must not carry such a value into the output, where
   * it would dangle (see `annotation-ref-dropped`). Found in the same walk, at no extra cost.
   */
  ref: string | undefined;
  /** Work stacks: containers still to copy, their copies, their depths (empty between copies). */
  readonly sources: object[];
  readonly copies: unknown[];
  readonly depths: number[];
}

/**
 * Work stacks every measure shares: module-level on purpose (a copy never re-enters another, and
 * each leaves them empty). Three fresh arrays per call made a small cyclic document's
 * `dereference` about 10% slower in CPU time (17.3 µs against 15.5 µs per call, 500,000 calls,
 * both builds timed alternately).
 */
const sharedSources: object[] = [];
const sharedCopies: unknown[] = [];
const sharedDepths: number[] = [];

/**
 * A fresh measure for one call of the pass, over the shared work stacks.
 *
 * @returns The measure.
 */
export function createCopyMeasure(): CopyMeasure {
  return {
    bytes: 0,
    depth: 0,
    ref: undefined,
    sources: sharedSources,
    copies: sharedCopies,
    depths: sharedDepths,
  };
}

/**
 * Copies a JSON value and measures it in the same walk, without recursion, or gives up: on a
 * value deeper than `maxDepth` containers (so a JavaScript object that contains itself ends the
 * walk too), on more than `MAX_DATA_CONTAINERS` of them (an object shared at every level), and
 * on anything JSON cannot hold (`undefined`, a function, a symbol, a bigint,
 * `NaN`, a `Date` or any other object that is not plain); `cloneJson` then says what it was.
 * Keys named `__proto__` stay own data properties. Nothing is allocated but the copy.
 *
 * @param value The value to copy.
 * @param maxDepth The deepest nesting accepted.
 * @param measure Receives the copy's bytes and depth (as `measureJson` gives them) and the first
 *   string `$ref` member it met; its stacks are left empty.
 * @returns The copy, sharing no object with `value`, or `undefined` when it gives up.
 */
export function copyMeasured(value: unknown, maxDepth: number, measure: CopyMeasure): unknown {
  if (value === null || typeof value !== 'object') {
    const bytes = scalarBytes(value);
    if (bytes < 0) return undefined;
    measure.bytes = bytes;
    measure.depth = 0;
    measure.ref = undefined;
    return value;
  }
  if (maxDepth < 1) return undefined;
  if (Array.isArray(value)) {
    // Too long to walk: the caller's full reading refuses it.
    if (value.length > MAX_ARRAY_ITEMS) return undefined;
    // A flat list of scalars (`required`, `enum`, `type`): the common case.
    let bytes = containerBytes(value.length);
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
      measure.ref = undefined;
      return value.slice();
    }
  }
  if (!Array.isArray(value) && !isJsonObject(value)) return undefined;
  const copy: unknown = Array.isArray(value) ? new Array(value.length) : {};
  const { sources, copies, depths } = measure;
  sources.push(value);
  copies.push(copy);
  depths.push(1);
  let bytes = 0;
  let deepest = 0;
  let containers = 0;
  let ref: string | undefined;
  let failed = false;
  while (sources.length > 0 && !failed) {
    const source = sources.pop()!;
    const target = copies.pop();
    const depth = depths.pop()!;
    if (depth > maxDepth || ++containers > MAX_DATA_CONTAINERS) {
      failed = true;
      break;
    }
    if (depth > deepest) deepest = depth;
    if (Array.isArray(source)) {
      if (source.length > MAX_ARRAY_ITEMS) {
        failed = true;
        break;
      }
      const out = target as unknown[];
      bytes += containerBytes(source.length);
      for (let index = 0; index < source.length; index++) {
        const item: unknown = source[index];
        if (item !== null && typeof item === 'object') {
          if (!Array.isArray(item) && !isJsonObject(item)) failed = true;
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
      bytes += containerBytes(keys.length);
      for (const key of keys) {
        const item: unknown = (source as Record<string, unknown>)[key];
        bytes += keyBytes(key);
        let value = item;
        if (item !== null && typeof item === 'object') {
          if (!Array.isArray(item) && !isJsonObject(item)) failed = true;
          value = Array.isArray(item) ? new Array(item.length) : {};
          sources.push(item);
          copies.push(value);
          depths.push(depth + 1);
        } else {
          const size = scalarBytes(item);
          if (size < 0) failed = true;
          bytes += size;
          if (key === '$ref' && ref === undefined && typeof item === 'string') ref = item;
        }
        if (key === '__proto__') setOwn(out, key, value);
        else out[key] = value;
      }
    }
  }
  sources.length = 0;
  copies.length = 0;
  depths.length = 0;
  if (failed) return undefined;
  measure.bytes = bytes;
  measure.depth = deepest;
  measure.ref = ref;
  return copy;
}
