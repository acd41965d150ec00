import { describe, expect, it } from 'vitest';
import { decodeArguments } from '../decodeArguments/index.ts';
import type { Codec } from '../types/index.ts';
import { encodeArguments } from './encodeArguments.ts';

const codec = (root: Codec['root']): Codec => ({ version: 1, root });

describe('encodeArguments', () => {
  it('is the inverse of decodeArguments on every codec kind', () => {
    const all = codec({
      kind: 'object',
      properties: {
        data: { kind: 'json' },
        level: { kind: 'enum', pairs: [['2', 2]] },
        labels: { kind: 'entries', value: null },
        list: { kind: 'array', items: { kind: 'json' } },
        pair: { kind: 'tuple', prefix: [null, { kind: 'json' }], items: null },
        id: null,
      },
      nullMeansAbsent: ['gone'],
      extra: { property: 'otherProperties', value: { kind: 'json' } },
    });
    const args = {
      data: { a: [1] },
      level: 2,
      labels: { x: 'y' },
      list: [null, 'a'],
      pair: ['p', { q: 1 }],
      id: 'i',
      more: true,
    };
    const wire = encodeArguments(all, args);
    expect(wire).toStrictEqual({
      data: '{"a":[1]}',
      level: '2',
      labels: [{ key: 'x', value: 'y' }],
      list: ['null', '"a"'],
      pair: ['p', '{"q":1}'],
      id: 'i',
      gone: null,
      otherProperties: [{ key: 'more', value: 'true' }],
    });
    expect(decodeArguments(all, wire)).toStrictEqual(args);
  });

  it('picks the union branch whose original guard matches', () => {
    const union = codec({
      kind: 'union',
      branches: [
        { wire: { types: ['null'] }, original: { types: ['null'] }, codec: null },
        {
          wire: { types: ['array'] },
          original: { types: ['object'] },
          codec: { kind: 'entries', value: null },
        },
      ],
    });
    expect(encodeArguments(union, null)).toBe(null);
    expect(encodeArguments(union, { a: 1 })).toStrictEqual([{ key: 'a', value: 1 }]);
    expect(encodeArguments(union, 'x')).toBe('x');
  });

  it('wraps a wrapped root and never throws', () => {
    expect(
      encodeArguments(codec({ kind: 'wrap', property: 'value', value: null }), [1]),
    ).toStrictEqual({ value: [1] });
    const malformed = { version: 1, root: { kind: 'entries' } } as unknown as Codec;
    expect(encodeArguments(malformed, { a: 1 })).toStrictEqual({ a: 1 });
    expect(encodeArguments(codec({ kind: 'json' }), undefined)).toBe(undefined);
  });

  it('returns the arguments themselves when nothing maps, and copies only what changes', () => {
    const object = codec({
      kind: 'object',
      properties: { list: { kind: 'array', items: { kind: 'enum', pairs: [['2', 2]] } } },
      nullMeansAbsent: ['gone'],
    });
    const unchanged = { gone: 'here', list: [1, 3], other: { deep: [1] } };
    expect(encodeArguments(object, unchanged)).toBe(unchanged);
    const args = { list: [1, 2], other: { deep: [1] } };
    const encoded = encodeArguments(object, args) as Record<string, unknown>;
    expect(encoded).toStrictEqual({ list: [1, '2'], other: { deep: [1] }, gone: null });
    expect(encoded.other).toBe(args.other);
    expect(args).toStrictEqual({ list: [1, 2], other: { deep: [1] } });
  });

  it('sends an absent property as null the way its codec writes null', () => {
    // `level` merges absent with null, and its wire spells null "null"; `gone`'s wire null
    // means absent, and its codec writes a JSON string for every value, null included.
    const object = codec({
      kind: 'object',
      properties: {
        level: {
          kind: 'enum',
          pairs: [
            ['0', 0],
            ['null', null],
          ],
        },
        gone: { kind: 'json' },
        plain: null,
      },
      nullMeansAbsent: ['gone'],
      absentSentAsNull: ['level', 'plain'],
    });
    const wire = encodeArguments(object, {});
    expect(wire).toStrictEqual({ gone: null, level: 'null', plain: null });
    expect(decodeArguments(object, wire)).toStrictEqual({ level: null, plain: null });
    expect(encodeArguments(object, { level: null, gone: null })).toStrictEqual({
      level: 'null',
      gone: 'null',
      plain: null,
    });
  });

  it('passes through arguments whose JSON would be exponential in their objects, without writing it', () => {
    // 40 levels of one object used twice: 2⁴⁰ objects in JSON, which JSON.stringify would write.
    let shared: Record<string, unknown> = { name: 'leaf' };
    for (let level = 0; level < 40; level++) shared = { left: shared, right: shared };
    const args = { data: shared };
    const json = codec({ kind: 'object', properties: { data: { kind: 'json' } } });
    expect(encodeArguments(json, args)).toBe(args);
    // A value JSON holds at its size is encoded as before.
    let small: Record<string, unknown> = { name: 'leaf' };
    for (let level = 0; level < 4; level++) small = { left: small, right: small };
    expect(encodeArguments(json, { data: small })).toStrictEqual({ data: JSON.stringify(small) });
  });

  it('finds an enum value by deep equality, the first pair first', () => {
    const enumCodec = codec({
      kind: 'enum',
      pairs: [
        ['a', { x: [1] }],
        ['b', { x: [1] }],
        ['c', 0],
        ['d', null],
      ],
    });
    expect(encodeArguments(enumCodec, { x: [1] })).toBe('a');
    expect(encodeArguments(enumCodec, -0)).toBe('c');
    expect(encodeArguments(enumCodec, null)).toBe('d');
    expect(encodeArguments(enumCodec, Number.NaN)).toBe(Number.NaN);
    expect(encodeArguments(enumCodec, { x: [2] })).toStrictEqual({ x: [2] });
  });
});
