import { describe, expect, it } from 'vitest';
import { annotateReference, mergeReference } from './mergeReference.ts';

describe('mergeReference', () => {
  it('returns the target when there are no siblings', () => {
    const target = { type: 'string' };
    expect(mergeReference({}, target)).toBe(target);
    expect(mergeReference({}, false)).toBe(false);
  });

  it('returns the siblings for a true target and a not-everything object for false', () => {
    expect(mergeReference({ minimum: 1 }, true)).toStrictEqual({ minimum: 1 });
    expect(mergeReference({ minimum: 1 }, false)).toStrictEqual({ not: {}, minimum: 1 });
  });

  it('merges when nothing collides, equal values deduplicated', () => {
    expect(
      mergeReference({ type: 'object', minProperties: 1 }, { type: 'object', maxProperties: 3 }),
    ).toStrictEqual({ type: 'object', maxProperties: 3, minProperties: 1 });
  });

  it('uses allOf on a collision and removes the annotations the use site replaces', () => {
    expect(
      mergeReference({ minimum: 1, title: 'mine' }, { minimum: 0, title: 'theirs', maximum: 3 }),
    ).toStrictEqual({ minimum: 1, title: 'mine', allOf: [{ minimum: 0, maximum: 3 }] });
  });

  it('keeps additionalProperties with its own properties', () => {
    expect(
      mergeReference({ properties: { a: {} } }, { additionalProperties: false }),
    ).toStrictEqual({ properties: { a: {} }, allOf: [{ additionalProperties: false }] });
  });

  it('merges annotation-only siblings into any target, even with unevaluatedProperties', () => {
    expect(
      mergeReference({ description: 'd' }, { properties: {}, unevaluatedProperties: false }),
    ).toStrictEqual({ properties: {}, unevaluatedProperties: false, description: 'd' });
  });

  it('merges when the use site has unevaluatedProperties (it sees the target either way)', () => {
    expect(
      mergeReference({ unevaluatedProperties: false }, { properties: { a: true } }),
    ).toStrictEqual({ properties: { a: true }, unevaluatedProperties: false });
  });

  it('never merges across dynamic scope keywords', () => {
    expect(mergeReference({ minimum: 1 }, { $dynamicRef: '#x' })).toStrictEqual({
      minimum: 1,
      allOf: [{ $dynamicRef: '#x' }],
    });
  });

  it('never sets an OpenAPI nullable beside a type it did not stand beside', () => {
    // `nullable` modifies only its own object's `type`: beside a `$ref` it asserts nothing.
    expect(mergeReference({ nullable: true }, { type: 'object', maxProperties: 3 })).toStrictEqual({
      nullable: true,
      allOf: [{ type: 'object', maxProperties: 3 }],
    });
    expect(mergeReference({ type: 'string' }, { nullable: true, enum: ['a', null] })).toStrictEqual(
      {
        type: 'string',
        allOf: [{ nullable: true, enum: ['a', null] }],
      },
    );
    // Neither side typed: nothing for `nullable` to modify, merged as before.
    expect(mergeReference({ nullable: true }, { enum: ['a'] })).toStrictEqual({
      enum: ['a'],
      nullable: true,
    });
  });

  it('keeps a __proto__ sibling as an own property', () => {
    const siblings = JSON.parse('{"__proto__":{"polluted":true}}');
    const merged = mergeReference(siblings, { type: 'object' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
  });
});

describe('annotateReference', () => {
  it('puts use-site annotations on the target', () => {
    expect(
      annotateReference({ description: 'd' }, { type: 'string', description: 'x' }),
    ).toStrictEqual({ type: 'string', description: 'd' });
  });

  it('handles boolean targets', () => {
    expect(annotateReference({}, true)).toBe(true);
    expect(annotateReference({ title: 't' }, true)).toStrictEqual({ title: 't' });
    expect(annotateReference({ title: 't' }, false)).toStrictEqual({ not: {}, title: 't' });
  });
});
