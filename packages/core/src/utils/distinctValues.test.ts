import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import { deepEqual } from './deepEqual.ts';
import { DistinctValues } from './distinctValues.ts';

/** What {@link DistinctValues} answers, by comparing each value with every kept one. */
function keptByComparing(values: readonly unknown[]): boolean[] {
  const kept: unknown[] = [];
  return values.map((value) => {
    if (kept.some((known) => deepEqual(known, value))) return false;
    kept.push(value);
    return true;
  });
}

function keptBy(values: readonly unknown[], compared?: number): boolean[] {
  const distinct = new DistinctValues(compared);
  return values.map((value) => distinct.add(value));
}

/** The same JSON with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  const reversed: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse())
    Object.defineProperty(reversed, key, {
      value: reversedKeys((value as Record<string, unknown>)[key]),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  return reversed;
}

/** `{ a: { a: ... index } }`, `depth` objects deep: deeper than the fingerprint reads. */
function nested(depth: number, index: number): unknown {
  let value: unknown = index;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe('DistinctValues', () => {
  it('keeps what comparing every pair keeps, past the values it compares one by one', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        fc.array(json, { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (values, picks) => {
          // Values again, some with their keys in another order, among new ones.
          const repeated = picks.map((pick) =>
            values.length === 0 ? pick : reversedKeys(values[pick % values.length]),
          );
          const all = [...values, ...repeated, ...values];
          const expected = keptByComparing(all);
          expect(keptBy(all)).toEqual(expected);
          // Fingerprinted from the first value (a union's many branches): the same answers.
          expect(keptBy(all, 0)).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: fuzzSeed() },
    );
  });

  it('tells apart values that differ only inside their strings or deep down', () => {
    const values: unknown[] = [];
    for (let index = 0; index < 40; index++) {
      // Same lengths, same first, middle and last characters: the same fingerprint.
      values.push({
        description: `s${String(index).padStart(3, '0')}mmmm${String(index).padStart(3, '0')}e`,
        type: 'string',
      });
      values.push(nested(20, index));
    }
    const all = [...values, ...values.map(reversedKeys)];
    const kept = keptBy(all);
    expect(kept).toEqual(keptByComparing(all));
    expect(keptBy(all, 0)).toEqual(kept);
    expect(kept.filter(Boolean)).toHaveLength(values.length);
  });

  it('reads 0 and -0 as one value, as deepEqual does', () => {
    const values = [
      ...Array.from({ length: 20 }, (_, index) => ({ n: index + 0.5 })),
      { n: 0 },
      { n: -0 },
    ];
    expect(keptBy(values)).toEqual(keptByComparing(values));
  });
});
