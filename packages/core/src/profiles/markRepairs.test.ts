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
});
