import { describe, expect, it } from 'vitest';
import { writeIntegerBounds, writeNumericBounds } from './exclusiveBounds.ts';

/** A copy of a schema written by a helper. */
function written(write: (node: Record<string, unknown>) => void, schema: Record<string, unknown>) {
  const copy = { ...schema };
  write(copy);
  return copy;
}

describe('writeNumericBounds', () => {
  it("writes draft-04's boolean bounds as numbers", () => {
    expect(written(writeNumericBounds, { minimum: 1, exclusiveMinimum: true })).toStrictEqual({
      exclusiveMinimum: 1,
    });
    expect(written(writeNumericBounds, { maximum: 1, exclusiveMaximum: false })).toStrictEqual({
      maximum: 1,
    });
  });
});

describe('writeIntegerBounds', () => {
  it('writes exclusive bounds as the inclusive ones that admit the same integers', () => {
    expect(written(writeIntegerBounds, { exclusiveMinimum: 0 })).toStrictEqual({ minimum: 1 });
    expect(written(writeIntegerBounds, { exclusiveMinimum: -2.5 })).toStrictEqual({
      minimum: -2,
    });
    expect(written(writeIntegerBounds, { exclusiveMaximum: 10 })).toStrictEqual({ maximum: 9 });
    expect(written(writeIntegerBounds, { exclusiveMaximum: 2.5 })).toStrictEqual({ maximum: 2 });
  });

  it('keeps the tighter of an inclusive bound and the one written', () => {
    expect(written(writeIntegerBounds, { minimum: 5, exclusiveMinimum: 2 })).toStrictEqual({
      minimum: 5,
    });
    expect(written(writeIntegerBounds, { minimum: 1, exclusiveMinimum: 2 })).toStrictEqual({
      minimum: 3,
    });
    expect(written(writeIntegerBounds, { maximum: 3, exclusiveMaximum: 10 })).toStrictEqual({
      maximum: 3,
    });
    expect(written(writeIntegerBounds, { maximum: 30, exclusiveMaximum: 10 })).toStrictEqual({
      maximum: 9,
    });
  });

  it('leaves a bound past the safe integers, and anything not a finite number, as it is', () => {
    for (const schema of [
      { exclusiveMinimum: 2 ** 60 },
      { exclusiveMaximum: -(2 ** 60) },
      { exclusiveMinimum: true },
      { exclusiveMaximum: '3' },
      { minimum: 1 },
    ]) {
      expect(written(writeIntegerBounds, schema)).toStrictEqual(schema);
    }
  });

  it('admits exactly the integers the exclusive bounds admit', () => {
    for (const low of [-3, -2.5, -0.5, 0, 0.25, 1, 7.999]) {
      for (const high of [-1, 0, 0.5, 3, 4.75, 10]) {
        const bounds = written(writeIntegerBounds, {
          exclusiveMinimum: low,
          exclusiveMaximum: high,
        });
        for (let value = -6; value <= 12; value++) {
          expect(
            (bounds.minimum as number) <= value && value <= (bounds.maximum as number),
            `${low} < ${value} < ${high}`,
          ).toBe(low < value && value < high);
        }
      }
    }
  });
});
