import { deepEqual } from './deepEqual.ts';

/**
 * The values of `left` that `right` lists too (by {@link deepEqual}), in the order of `left`:
 * scalars found by a set, objects and arrays by deep equality, so two long enums intersect in
 * linear time rather than comparing every pair.
 *
 * @param left One list of JSON values.
 * @param right The other.
 * @returns The values of `left` found in `right`.
 */
export function commonValues<Value>(left: readonly Value[], right: readonly unknown[]): Value[] {
  const scalars = new Set<unknown>();
  const containers: unknown[] = [];
  for (const value of right) {
    if (value !== null && typeof value === 'object') containers.push(value);
    else scalars.add(value);
  }
  return left.filter((item) =>
    item !== null && typeof item === 'object'
      ? containers.some((other) => deepEqual(item, other))
      : scalars.has(item),
  );
}
