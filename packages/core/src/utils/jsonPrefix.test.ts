import { describe, expect, it } from 'vitest';
import { jsonPrefix } from './jsonPrefix.ts';

const values: unknown[] = [
  null,
  true,
  0,
  -1.5e-7,
  'a "quoted"\n\u2028 \ud800 string',
  [],
  {},
  [1, 'two', null, [3, { four: 4 }]],
  { a: 1, b: [true, false], c: { d: 'e' }, '': 0, 'k"ey': 'v' },
  JSON.parse('{"__proto__":{"x":1},"constructor":[1]}'),
  { skipped: undefined, kept: 1, fn: () => 1, list: [undefined, () => 1] },
  { date: new Date(0), nested: { toJSON: () => 'custom' } },
  // Inherited enumerable keys: JSON.stringify writes own keys only.
  Object.assign(Object.create({ inherited: { x: 1 } }), { own: 1 }),
  Object.assign(Object.create({ inherited: 1 }), { own: { leaf: [1, 'two'] } }),
];

describe('jsonPrefix', () => {
  it('is JSON.stringify whole when the text is no longer than the limit', () => {
    for (const value of values) {
      const text = JSON.stringify(value);
      expect(jsonPrefix(value, text.length)).toBe(text);
      expect(jsonPrefix(value, 10_000)).toBe(text);
    }
  });

  it('is a prefix of JSON.stringify longer than the limit when the text is longer', () => {
    for (const value of values) {
      const text = JSON.stringify(value);
      for (let limit = 0; limit < text.length; limit++) {
        const prefix = jsonPrefix(value, limit);
        expect(prefix.length).toBeGreaterThan(limit);
        expect(text.startsWith(prefix)).toBe(true);
      }
    }
  });

  it('stops writing a long value early', () => {
    const long = Array.from({ length: 100_000 }, (_, index) => ({ index, name: `item ${index}` }));
    expect(jsonPrefix(long, 100).length).toBeLessThan(200);
  });
});
