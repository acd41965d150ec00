import { describe, expect, it } from 'vitest';
import { presenceMayMatter } from './presence.ts';

describe('presenceMayMatter', () => {
  const properties = { a: { type: ['string', 'null'] }, b: { type: 'string' } };
  const object = (rest: Record<string, unknown>) => ({ type: 'object', properties, ...rest });

  it('is false where adding the key refuses nothing', () => {
    const cases = [
      object({}),
      object({ required: ['b'], minProperties: 1 }),
      // Closed, with room for every listed key.
      object({ additionalProperties: false, maxProperties: 2 }),
      object({ dependentRequired: { b: ['a'] } }),
      object({ dependentSchemas: { b: { required: ['c'] } }, dependencies: { b: ['a'] } }),
      object({ patternProperties: { '^x-': {} } }),
      // Anchored literal starts the key lacks (OpenAPI's extensions).
      object({ patternProperties: { '^x-': { type: 'integer' }, '^zz?': { type: 'string' } } }),
      // A conditional requirement on another key: `then` only asks for keys.
      object({ if: { properties: { b: { const: 'x' } } }, then: { required: ['b'] } }),
      object({ anyOf: [{ required: ['a'] }, { required: ['b'] }] }),
      // A negated list of other keys: adding `a` cannot make it hold.
      object({ not: { required: ['b', 'c'] } }),
    ];
    for (const schema of cases)
      expect([schema, presenceMayMatter(schema, 'a', 2)]).toStrictEqual([schema, false]);
  });

  it('is true where an added key may be refused', () => {
    const cases = [
      object({ maxProperties: 1 }),
      object({ maxProperties: 2 }),
      object({ additionalProperties: false, maxProperties: 1 }),
      object({ dependentRequired: { a: ['b'] } }),
      object({ dependencies: { a: { required: ['b'] } } }),
      object({ dependentSchemas: { a: { required: ['b'] } } }),
      // Triggered by another key, a dependent schema may judge the added `null`.
      object({ dependentSchemas: { b: { properties: { a: { type: 'string' } } } } }),
      object({ dependencies: { b: { not: { required: ['a'] } } } }),
      object({ patternProperties: { '^a$': { type: 'string' } } }),
      object({ patternProperties: { 'x-': { type: 'string' } } }),
      object({ patternProperties: { '^x|^a': { type: 'string' } } }),
      object({ patternProperties: { '^b?a': { type: 'string' } } }),
      object({ patternProperties: { '^.': { type: 'string' } } }),
      // Not both: the added `a` beside `b` makes the `not` hold.
      object({ not: { required: ['a', 'b'] } }),
      object({ not: { minProperties: 2 } }),
      object({ oneOf: [{ required: ['b'] }, { minProperties: 1 }] }),
      object({ if: { required: ['a'] }, then: { required: ['c'] } }),
      object({ then: { properties: { a: { type: 'string' } } } }),
      object({ anyOf: [{ not: { required: ['a'] } }, { required: ['b'] }] }),
      object({ allOf: [{ $ref: '#/$defs/Rule' }] }),
    ];
    for (const schema of cases)
      expect([schema, presenceMayMatter(schema, 'a', 2)]).toStrictEqual([schema, true]);
  });

  it('answers true past its budget', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 3_000; level++) deep = { anyOf: [deep] };
    expect(presenceMayMatter(object({ allOf: [deep] }), 'a', 2)).toBe(true);
  });
});
