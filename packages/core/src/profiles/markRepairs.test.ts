import { describe, expect, it } from 'vitest';
import { markRepairs } from './markRepairs.ts';

/** Stray nulls marked, every property sure. */
const SURE = { strayNull: true, unsure: [] } as const;

describe('markRepairs', () => {
  it('reads an object’s required names once, however many properties it lists', () => {
    const count = 2_000;
    const properties: Record<string, unknown> = {};
    const names: string[] = [];
    for (let index = 0; index < count; index++) {
      properties[`p${index}`] = { type: 'string' };
      names.push(`q${index}`);
    }
    let reads = 0;
    // Counts every read of an item: a lookup per property would read the list once per property.
    const required = new Proxy(names, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const node = markRepairs(null, { type: 'object', properties, required }, SURE);
    expect(node).toStrictEqual({ kind: 'object', strayNull: Object.keys(properties) });
    expect(reads).toBeLessThanOrEqual(count);
  });

  it('lists no stray null where asked not to, and none for required or null-taking properties', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        c: { type: ['string', 'null'] },
        d: { type: 'string', nullable: true },
        e: {},
        f: false,
      },
      required: ['b'],
    };
    expect(markRepairs(null, schema, SURE)).toStrictEqual({ kind: 'object', strayNull: ['a'] });
    expect(markRepairs(null, schema, { strayNull: false, unsure: [] })).toStrictEqual({
      kind: 'object',
    });
  });

  it('marks inside a union whose branches take types no other takes, each branch by its types', () => {
    const schema = {
      type: 'object',
      properties: {
        u: {
          anyOf: [
            {
              type: 'object',
              properties: { list: { type: 'array' }, flag: { type: 'boolean' } },
              required: ['list'],
            },
            { type: 'string' },
            { type: 'null' },
          ],
        },
      },
    };
    const u = {
      kind: 'union',
      branches: [
        {
          wire: { types: ['object'] },
          original: { types: ['object'] },
          codec: {
            kind: 'object',
            properties: { list: { kind: 'array', items: null } },
            strayNull: ['flag'],
          },
        },
        { wire: { types: ['string'] }, original: { types: ['string'] }, codec: null },
      ],
    };
    // `u` takes null (its last branch): no stray null there.
    expect(markRepairs(null, schema, SURE)).toStrictEqual({ kind: 'object', properties: { u } });
  });

  it('marks nothing inside a union whose branches share a type (an integer is a number)', () => {
    const union = (second: unknown) => ({
      type: 'object',
      properties: {
        u: { oneOf: [{ type: 'object', properties: { list: { type: 'array' } } }, second] },
      },
      required: ['u'],
    });
    const none = { kind: 'object' };
    expect(markRepairs(null, union({ type: 'object' }), SURE)).toStrictEqual({
      kind: 'object',
      // Both branches objects: a string there is parsed, nothing inside is marked.
      properties: { u: { kind: 'object' } },
    });
    expect(markRepairs(null, union({ type: ['string', 'object'] }), SURE)).toStrictEqual(none);
    expect(markRepairs(null, union({ $ref: '#/$defs/A' }), SURE)).toStrictEqual(none);
    const numbers = {
      type: 'object',
      properties: {
        n: {
          anyOf: [
            { type: 'integer' },
            { type: 'number' },
            { type: 'array', items: { type: 'object' } },
          ],
        },
      },
      required: ['n'],
    };
    expect(markRepairs(null, numbers, SURE)).toStrictEqual(none);
  });
});
