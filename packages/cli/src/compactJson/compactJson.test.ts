import { describe, expect, it } from 'vitest';
import { compactJson } from './compactJson.ts';

/** A JSON value drawn from `next` (numbers in [0, 1)): every kind, nested, odd strings. */
function randomJson(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 4 ? 6 : 8));
  const strings = ['', 'a', 'é', '"\\', '\n\u0001', '😀', '__proto__', 'x y'];
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return [0, -1.5, 1e21, 123456789, 5e-7][Math.floor(next() * 5)];
    case 3:
    case 4:
    case 5:
      return strings[Math.floor(next() * strings.length)];
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      const size = Math.floor(next() * 4);
      for (let key = 0; key < size; key++) {
        object[strings[Math.floor(next() * strings.length)]!] = randomJson(next, depth + 1);
      }
      return object;
    }
  }
}

/** A small deterministic generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('compactJson', () => {
  it('is JSON.stringify on any JSON value', () => {
    const next = seeded(20261204);
    for (let run = 0; run < 2000; run++) {
      const value = randomJson(next, 0);
      expect(compactJson(value)).toBe(JSON.stringify(value));
    }
  });

  it('writes what JSON leaves out as JSON.stringify writes it', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, () => 1, 'é'], d: Number.NaN };
    expect(compactJson(value)).toBe('{"c":[null,null,"é"],"d":null}');
    expect(compactJson(undefined)).toBeUndefined();
    expect(compactJson(() => 1)).toBeUndefined();
    expect(() => compactJson({ a: 1n })).toThrow(TypeError);
  });

  it('writes a schema deeper than JSON.stringify can write', () => {
    const depth = 20_000;
    const text = `${'{"items":'.repeat(depth)}{}${'}'.repeat(depth)}`;
    const deep: unknown = JSON.parse(text);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(compactJson(deep)).toBe(text);
  });
});
