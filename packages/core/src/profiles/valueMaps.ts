/**
 * A compiled codec position in one direction (wire → original for decoding, back for encoding).
 * Returns the value itself when nothing in it maps, and copies only the objects and arrays on the
 * way to what changes (the rest is shared).
 */
export type ValueMap = (value: unknown) => unknown;

/** The map of a position that maps nothing: parents test for it and skip the call. */
export const IDENTITY: ValueMap = (value) => value;

/**
 * Maps every item of an array with `items`.
 *
 * @param items The map of each item.
 * @returns The array's map ({@link IDENTITY} when `items` is).
 */
export function mapArrayItems(items: ValueMap): ValueMap {
  if (items === IDENTITY) return IDENTITY;
  return function mapArray(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const mapped = items(item);
      if (mapped !== item) {
        // Copied at the first change; holes stay holes (an absent item maps to itself).
        out ??= value.slice();
        out[index] = mapped;
      }
    }
    return out ?? value;
  };
}

/**
 * Maps the item at index `i` of an array with `prefix[i]`, the rest with `items`.
 *
 * @param prefix The maps of the first items.
 * @param items The map of the items after them.
 * @returns The tuple's map ({@link IDENTITY} when every map is).
 */
export function mapTupleItems(prefix: readonly ValueMap[], items: ValueMap): ValueMap {
  if (items === IDENTITY && prefix.every((map) => map === IDENTITY)) return IDENTITY;
  return function mapTuple(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    let out: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const mapped = (index < prefix.length ? (prefix[index] as ValueMap) : items)(item);
      if (mapped !== item) {
        out ??= value.slice();
        out[index] = mapped;
      }
    }
    return out ?? value;
  };
}
