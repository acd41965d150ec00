import { describe, expect, it } from 'vitest';
import { type CopyMeasure, copyMeasured, createCopyMeasure } from './copyMeasured.ts';
import { measureJson } from './measureJson.ts';

function copyOf(value: unknown, maxDepth = 100): { copy: unknown; measure: CopyMeasure } {
  const measure = createCopyMeasure();
  measure.bytes = -1;
  measure.depth = -1;
  const copy = copyMeasured(value, maxDepth, measure);
  expect([measure.sources, measure.copies, measure.depths]).toStrictEqual([[], [], []]);
  return { copy, measure };
}

describe('copyMeasured', () => {
  const values: unknown[] = [
    'text',
    12,
    -3.5,
    true,
    false,
    null,
    [],
    {},
    ['a', 1, null, false],
    [{ a: 1 }, [2, [3]]],
    { nested: { list: [1, { deep: 'x' }], empty: {} }, n: 123456 },
  ];

  it('copies as JSON would and measures as measureJson does', () => {
    for (const value of values) {
      const { copy, measure } = copyOf(value);
      expect(copy).toStrictEqual(value);
      const expected = measureJson(value);
      expect({ bytes: measure.bytes, depth: measure.depth }).toStrictEqual(expected);
    }
  });

  it('finds a string $ref member at any depth, and only that', () => {
    const found = (value: unknown): string | undefined => {
      const measure = createCopyMeasure();
      measure.ref = 'stale';
      expect(copyMeasured(value, 100, measure)).toStrictEqual(value);
      return measure.ref;
    };
    expect(found({ $ref: '#/a' })).toBe('#/a');
    expect(found([1, [{ x: [{ y: { $ref: '#/deep' } }] }]])).toBe('#/deep');
    expect(found(JSON.parse('{"__proto__":{"$ref":"#/p"}}'))).toBe('#/p');
    for (const value of [
      '$ref',
      { $ref: 1 },
      { $ref: null },
      { $ref: { $ref: false } },
      ['$ref', '#/a'],
      { ref: '#/a', $refs: '#/a' },
      [],
      7,
    ]) {
      expect(found(value)).toBeUndefined();
    }
  });

  it('shares no object with the original', () => {
    const value = { list: [{ a: 1 }], map: { b: [2] } };
    const { copy } = copyOf(value) as { copy: typeof value };
    expect(copy).not.toBe(value);
    expect(copy.list).not.toBe(value.list);
    expect(copy.list[0]).not.toBe(value.list[0]);
    expect(copy.map.b).not.toBe(value.map.b);
  });

  it('keeps __proto__ as an own key and touches no prototype', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"x":[{"__proto__":1}]}') as object;
    const { copy } = copyOf(value) as { copy: Record<string, unknown> };
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('gives up past maxDepth, on a JavaScript cycle, and on values JSON cannot hold', () => {
    expect(copyOf({ a: { b: { c: 1 } } }, 2).copy).toBeUndefined();
    expect(copyOf({ a: { b: { c: 1 } } }, 3).copy).toStrictEqual({ a: { b: { c: 1 } } });
    expect(copyOf([1], 0).copy).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(copyOf(cyclic, 1000).copy).toBeUndefined();
    expect(copyOf(10n).copy).toBeUndefined();
    expect(copyOf([1, undefined]).copy).toBeUndefined();
    expect(copyOf({ f: () => 1 }).copy).toBeUndefined();
    expect(copyOf([{ s: Symbol('s') }]).copy).toBeUndefined();
  });

  it('copies the next value with the same measure after giving up on one', () => {
    const measure = createCopyMeasure();
    expect(copyMeasured([{ a: 10n }, { b: { c: 1 } }], 100, measure)).toBeUndefined();
    expect(measure.sources).toStrictEqual([]);
    expect(copyMeasured({ after: [{ x: 1 }] }, 100, measure)).toStrictEqual({ after: [{ x: 1 }] });
    expect(measure.bytes).toBe(JSON.stringify({ after: [{ x: 1 }] }).length);
  });

  it('does not recurse: a 100,000-deep value is copied within its bound', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const { copy, measure } = copyOf(deep, 200_000);
    expect(measure.depth).toBe(100_000);
    expect(copy === deep).toBe(false);
  });
});
