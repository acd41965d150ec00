import { setOwn } from './cloneJson.ts';
import { deepEqual } from './deepEqual.ts';
import { isPlainObject } from './isPlainObject.ts';

/** Up to this many values, {@link DistinctValues} compares a new one with each (no key to build). */
const COMPARED_VALUES = 16;

/**
 * JSON values kept once each by deep equality ({@link deepEqual}: key order does not matter), in
 * linear time: a few values are compared one by one, more are found by a canonical key (their
 * JSON with sorted keys), so a list of 10⁵ distinct values does not compare 10¹⁰ pairs.
 */
export class DistinctValues {
  private readonly values: unknown[] = [];
  private keys: Set<string> | undefined;

  /**
   * Adds a value unless a deep-equal one is there.
   *
   * @param value A JSON value `JSON.stringify` can write.
   * @returns Whether it was new (`false`: a deep-equal value was added before).
   */
  add(value: unknown): boolean {
    if (this.keys === undefined) {
      if (this.values.some((known) => deepEqual(known, value))) return false;
      this.values.push(value);
      if (this.values.length > COMPARED_VALUES) this.keys = new Set(this.values.map(canonicalKey));
      return true;
    }
    const key = canonicalKey(value);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }
}

/** The JSON of a value with every object's keys sorted: equal for deep-equal values. */
function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (!isPlainObject(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) setOwn(sorted, key, item[key]);
    return sorted;
  }) as string;
}
