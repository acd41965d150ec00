import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFresh } from '../../test/helpers/ajv.ts';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import type { CodecGuard, JsonType, JsonValue } from '../types/index.ts';
import {
  acceptsEmptyObject,
  closedKeys,
  compileGuard,
  guardIsExact,
  guardOf,
  guardsOverlap,
  guardTypesOf,
  matchesGuard,
  mayAcceptNull,
  readGuard,
  sharesOnlyEmptyObject,
  tagIndexOf,
  tagsApart,
} from './guards.ts';

const TYPES: readonly JsonType[] = [
  'null',
  'boolean',
  'integer',
  'number',
  'string',
  'array',
  'object',
];
const KEYS = ['kind', 'a', 'b', '__proto__', 'constructor'];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(
    fc.constantFrom(...KEYS),
    fc.constantFrom<unknown>('x', 1, -0, 1.5, null, true, [1]),
    {
      maxKeys: 4,
    },
  ),
  fc.constantFrom<unknown>(undefined, Number.NaN, () => 1, Symbol('s'), 10n),
);

const guard: fc.Arbitrary<CodecGuard> = fc.record(
  {
    types: fc.uniqueArray(fc.constantFrom(...TYPES), { maxLength: 3 }),
    values: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
    keys: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 4 }),
    tags: fc.array(
      fc.tuple(
        fc.constantFrom(...KEYS),
        fc.array(fc.constantFrom<JsonValue>('x', 1, 0, null, true, [1], { a: 1 }), {
          maxLength: 2,
        }),
      ),
      { maxLength: 2 },
    ),
    keyTypes: fc.array(
      fc.tuple(
        fc.constantFrom(...KEYS),
        fc.uniqueArray(fc.constantFrom(...TYPES), { maxLength: 2 }),
      ),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<CodecGuard>;

describe('compileGuard', () => {
  it('answers as matchesGuard on any guard and value', () => {
    fc.assert(
      fc.property(guard, fc.array(value, { maxLength: 8 }), (tested, values) => {
        const test = compileGuard(tested);
        for (const item of values) expect(test(item)).toBe(matchesGuard(tested, item));
      }),
      { numRuns: 300, seed: fuzzSeed() },
    );
  });

  it('reads tags of scalars by identity and tags of containers by deep equality', () => {
    const scalars = compileGuard({ types: ['object'], tags: [['kind', ['a', 0]]] });
    expect(scalars({ kind: 'a' })).toBe(true);
    expect(scalars({ kind: -0 })).toBe(true);
    expect(scalars({ kind: 'b' })).toBe(false);
    expect(scalars({ kind: Number.NaN })).toBe(false);
    expect(scalars({ other: 1 })).toBe(true);
    const containers = compileGuard({ tags: [['kind', [[1, { a: 1 }]]]] });
    expect(containers({ kind: [1, { a: 1 }] })).toBe(true);
    expect(containers({ kind: [1, { a: 2 }] })).toBe(false);
    const values = compileGuard({ values: ['x', { a: [1] }] });
    expect(values('x')).toBe(true);
    expect(values({ a: [1] })).toBe(true);
    expect(values({ a: [2] })).toBe(false);
  });

  it('checks the allowed keys in any order of the value', () => {
    const test = compileGuard({ types: ['object'], keys: ['a', 'b', 'c'] });
    expect(test({ a: 1, b: 2, c: 3 })).toBe(true);
    expect(test({ c: 3, a: 1 })).toBe(true);
    expect(test({ b: 2, a: 1, c: 3 })).toBe(true);
    expect(test({ a: 1, d: 4 })).toBe(false);
    expect(test(JSON.parse('{"a":1,"__proto__":2}'))).toBe(false);
  });

  it('admits a whole number where the guard says number, not the other way', () => {
    expect(compileGuard({ types: ['number'] })(2)).toBe(true);
    expect(compileGuard({ types: ['integer'] })(2.5)).toBe(false);
    expect(compileGuard({ types: ['string'] })(undefined)).toBe(false);
  });

  it('checks the types of the keys it lists, where present', () => {
    const test = compileGuard({
      keyTypes: [
        ['a', ['number']],
        ['__proto__', ['string']],
      ],
    });
    expect(test({ a: 2.5 })).toBe(true);
    expect(test({ a: 2 })).toBe(true);
    expect(test({ b: 'x' })).toBe(true);
    expect(test({ a: '2' })).toBe(false);
    expect(test(JSON.parse('{"__proto__":"x"}'))).toBe(true);
    expect(test(JSON.parse('{"__proto__":1}'))).toBe(false);
    // Not an object: nothing to read.
    expect(test('a')).toBe(true);
  });

  it('falls back to matchesGuard on a malformed guard, throwing where it throws', () => {
    const malformed = { types: 5 } as unknown as CodecGuard;
    expect(() => compileGuard(malformed)({})).toThrow(TypeError);
    expect(() => matchesGuard(malformed, {})).toThrow(TypeError);
  });
});

describe('mayAcceptNull', () => {
  const definitions: Record<string, unknown> = {
    '#/$defs/Text': { type: 'string' },
    '#/$defs/Loop': { $ref: '#/$defs/Loop' },
  };
  const resolve = (ref: string) => definitions[ref];

  it('is false only where the schema surely refuses null', () => {
    const refusing = [
      false,
      { type: 'string' },
      { enum: ['a', 1] },
      { const: 0 },
      { anyOf: [{ type: 'string' }, { const: 1 }] },
      { oneOf: [{ type: 'object' }, false] },
      { allOf: [{}, { type: 'array' }] },
      { $ref: '#/$defs/Text' },
      { type: 'string', nullable: false },
      // `not`, `if` and a `oneOf` two of whose branches take null judge it too.
      { type: 'null', not: {} },
      { allOf: [{ not: {} }, { type: 'null' }] },
      { not: { type: 'null' } },
      { not: { anyOf: [{ type: 'string' }, {}] } },
      { oneOf: [{ type: 'null' }, {}] },
      { if: { type: 'null' }, then: false },
      { if: { type: 'string' }, else: { type: 'string' } },
    ];
    const accepting = [
      true,
      {},
      { type: ['string', 'null'] },
      { type: 'string', nullable: true },
      { enum: ['a', null] },
      { properties: { a: { type: 'string' } } },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
      { $ref: '#/$defs/Missing' },
      { $ref: '#/$defs/Loop' },
      { type: 'null', not: { not: {} } },
      { not: { type: 'string' } },
      { oneOf: [{ type: 'null' }, { type: 'string' }] },
      { if: { type: 'null' }, else: false },
      { if: { type: 'string' }, then: false },
      // What it cannot tell, it may take: a `not` of a schema it cannot read, a dynamic reference.
      { not: { $ref: '#/$defs/Missing' } },
      { type: 'null', not: { $dynamicRef: '#meta' } },
      { oneOf: [{ $ref: '#/$defs/Missing' }, {}] },
    ];
    expect(refusing.map((schema) => mayAcceptNull(schema, resolve))).toStrictEqual(
      refusing.map(() => false),
    );
    expect(accepting.map((schema) => mayAcceptNull(schema, resolve))).toStrictEqual(
      accepting.map(() => true),
    );
  });
});

describe('guardTypesOf', () => {
  it('reads the types guardOf reads, and no more', () => {
    const schemas = [
      true,
      {},
      { type: 'string' },
      { type: ['object', 'null'], properties: { a: { const: 1 } } },
      { type: 'string', nullable: true },
      { anyOf: [{ type: 'array' }, { type: 'null' }] },
      { oneOf: [{ type: 'integer' }, { enum: [1] }] },
      { anyOf: [{ type: 'array' }, {}] },
      { type: 'unknown' },
    ];
    expect(schemas.map(guardTypesOf)).toStrictEqual(schemas.map((schema) => guardOf(schema).types));
  });
});

describe('guardIsExact', () => {
  /**
   * Values for `enum`, `const` and instances, with the pairs a guard and Ajv could read apart:
   * `0` and `-0`, a whole number that is also a `number`, composed and decomposed accents, an
   * astral character, empty containers of both kinds, objects whose keys come in either order.
   */
  const listed: readonly JsonValue[] = [
    'x',
    '',
    '\u00e9',
    'e\u0301',
    '\u{1F600}',
    0,
    1,
    1.5,
    2,
    null,
    true,
    false,
    [],
    {},
    [1],
    { a: 1, b: 'x' },
    { b: 'x', a: 1 },
  ];
  /** A keyword in about every other schema (fast-check leaves optional record keys out seldom). */
  const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.option(arbitrary, { nil: undefined, freq: 2 });
  /**
   * Small schemas of vacuous and listing keywords, sometimes with one that asserts more. About
   * half of them are exact: with fewer, a run could check no exact schema at all (the property
   * once failed so, unseeded, when 200 runs met about two exact schemas).
   */
  const schema = fc
    .record({
      type: sometimes(
        fc.oneof(
          fc.constantFrom<unknown>(...TYPES),
          fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
        ),
      ),
      // Ajv refuses an empty enum; it takes repeated values (0 and -0, say) as one.
      enum: sometimes(fc.array(fc.constantFrom(...listed), { minLength: 1, maxLength: 4 })),
      const: sometimes(fc.constantFrom(...listed)),
      // Properties the guard holds as tags (`const`, `enum`, a `type` beside them that admits
      // each value or not) or by their types (a `type` alone), and ones it does not (a `type`
      // with a bound or a format, `false`, a `nullable`).
      properties: sometimes(
        fc.constantFrom<unknown>(
          {},
          { a: { type: 'string' } },
          { a: { type: ['integer', 'null'], title: 't' }, b: { type: 'string' } },
          { a: { type: 'number' }, b: { const: 'x' } },
          { a: { type: 'string', minLength: 2 } },
          { a: { type: 'string', nullable: true } },
          { a: { type: 'string', format: 'email' } },
          { a: { const: 'x' } },
          { a: { enum: [1, 'x'] }, b: true },
          { a: { type: 'string', enum: ['x', 1] } },
          { a: { type: 'integer', const: 1 }, b: { description: 'd' } },
          { a: { type: 'integer', const: 1.5 } },
          { a: { const: 'x', enum: ['x', 1] } },
          { a: false },
        ),
      ),
      additionalProperties: sometimes(
        fc.constantFrom<unknown>(true, {}, false, { type: 'string' }),
      ),
      items: sometimes(fc.constantFrom<unknown>(true, {}, { type: 'string' })),
      required: sometimes(fc.constantFrom<unknown>([], ['a'])),
      title: sometimes(fc.constant('t')),
      extra: fc.option(
        fc.constantFrom<Record<string, unknown>>(
          { minLength: 2 },
          { format: 'email' },
          { type: 'string', nullable: true },
          { minProperties: 1 },
          { multipleOf: 2 },
          { patternProperties: { '^b': { type: 'string' } } },
        ),
        { nil: undefined, freq: 2 },
      ),
    })
    .map(({ extra, ...keywords }) => {
      const tested: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(keywords))
        if (value !== undefined) tested[key] = value;
      return { ...tested, ...extra };
    });
  /** Random JSON, the listed values, and the values the schema itself lists (its guard's). */
  const instancesOf = (tested: Record<string, unknown>) => {
    const own = [
      ...(Array.isArray(tested.enum) ? tested.enum : []),
      ...(Object.hasOwn(tested, 'const') ? [tested.const] : []),
    ];
    const instance = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom<unknown>(
        ...listed,
        -0,
        'a@b.co',
        ['s'],
        { a: 1 },
        { a: 's' },
        { a: 'x' },
        { a: 1.5 },
        { a: null },
        { a: 'x', b: 1 },
        { b: 'y' },
        { a: 2 },
        { a: 2, b: 'x' },
        { a: '' },
      ),
      ...(own.length > 0 ? [fc.constantFrom<unknown>(...own)] : []),
    );
    return fc.array(instance, { maxLength: 12 });
  };

  it('is true only where every value the guard matches is accepted', () => {
    let matchedByExact = 0;
    let refusedByInexact = 0;
    fc.assert(
      fc.property(
        schema.chain((tested) => fc.tuple(fc.constant(tested), instancesOf(tested))),
        ([tested, values]) => {
          const compiled = compileFresh('2020-12', tested);
          if (!('validate' in compiled)) throw compiled.error;
          const guard = guardOf(tested);
          const isExact = guardIsExact(tested);
          for (const each of values) {
            if (!matchesGuard(guard, each)) continue;
            const accepted = compiled.validate(each);
            if (isExact) {
              expect(accepted, JSON.stringify({ tested, each })).toBe(true);
              matchedByExact++;
            } else if (!accepted) refusedByInexact++;
          }
        },
      ),
      { numRuns: 200, seed: fuzzSeed() },
    );
    // Neither side is vacuous: exact schemas meet values their guard matches, and inexact ones
    // refuse some (about 50 of each per run; at least 7 over seeds 1 to 1,000).
    expect(matchedByExact).toBeGreaterThan(0);
    expect(refusedByInexact).toBeGreaterThan(0);
  });

  it('is true for a guard that tells values apart as Ajv does: -0, key order, accents', () => {
    const accepts = (tested: Record<string, unknown>, each: unknown) => {
      const compiled = compileFresh('2020-12', tested);
      if (!('validate' in compiled)) throw compiled.error;
      return [guardIsExact(tested), matchesGuard(guardOf(tested), each), compiled.validate(each)];
    };
    expect(accepts({ enum: [0] }, -0)).toStrictEqual([true, true, true]);
    expect(accepts({ const: { a: 1, b: 'x' } }, { b: 'x', a: 1 })).toStrictEqual([
      true,
      true,
      true,
    ]);
    expect(accepts({ type: 'integer', enum: [1.5, 2] }, 1.5)).toStrictEqual([true, false, false]);
    expect(accepts({ enum: ['\u00e9'] }, 'e\u0301')).toStrictEqual([true, false, false]);
    expect(accepts({ enum: [[]] }, {})).toStrictEqual([true, false, false]);
  });

  it('takes `true`, `{}` and schemas of types, listed values and empty keywords', () => {
    expect(guardIsExact(true)).toBe(true);
    expect(guardIsExact({})).toBe(true);
    expect(guardIsExact({ type: 'object', properties: {}, additionalProperties: {} })).toBe(true);
    expect(guardIsExact({ type: ['string', 'null'], description: 'd', 'x-id': 1 })).toBe(true);
    expect(guardIsExact({ enum: ['a', 'b'] })).toBe(true);
    // An object's guard holds its required keys, its listed keys where it is closed, and the
    // values of the properties that list them (Notion's `{ type: "workspace" }` parent).
    expect(guardIsExact({ type: 'object', required: ['a'] })).toBe(true);
    expect(
      guardIsExact({
        type: 'object',
        properties: { type: { const: 'workspace' }, note: { description: 'd' } },
        required: ['type'],
        additionalProperties: true,
      }),
    ).toBe(true);
    expect(
      guardIsExact({
        type: 'object',
        properties: { kind: { type: 'string', enum: ['a', 'b'] } },
        additionalProperties: false,
      }),
    ).toBe(true);
    // The guard holds the types of the properties that assert nothing else (`keyTypes`).
    expect(guardIsExact({ type: 'object', properties: { a: { type: 'string' } } })).toBe(true);
    expect(guardIsExact({ properties: { a: { type: ['integer', 'null'], title: 't' } } })).toBe(
      true,
    );
    // Not where a property asserts more than its values or types, or the keys are not all listed.
    expect(guardIsExact({ properties: { a: { type: 'string', minLength: 1 } } })).toBe(false);
    expect(guardIsExact({ properties: { a: { type: 'string', format: 'uuid' } } })).toBe(false);
    expect(guardIsExact({ properties: { a: { type: 'string', nullable: true } } })).toBe(false);
    expect(guardIsExact({ properties: { a: { type: 'text' } } })).toBe(false);
    expect(guardIsExact({ properties: { a: { type: 'integer', const: 1.5 } } })).toBe(false);
    expect(guardIsExact({ properties: { a: { enum: ['x'], nullable: true } } })).toBe(false);
    expect(guardIsExact({ properties: { a: false } })).toBe(false);
    expect(guardIsExact({ properties: { a: { enum: 'x' } } })).toBe(false);
    expect(guardIsExact({ additionalProperties: false, patternProperties: { '^b': {} } })).toBe(
      false,
    );
    expect(guardIsExact({ type: 'string', format: 'email' })).toBe(false);
    expect(guardIsExact({ type: 'string', nullable: true })).toBe(false);
    expect(guardIsExact({ anyOf: [{ type: 'string' }] })).toBe(false);
    expect(guardIsExact(false)).toBe(false);
  });
});

describe('readGuard', () => {
  const branch = {
    type: 'object',
    properties: { kind: { const: 'a' }, b: { type: 'string' } },
    required: ['kind'],
  };

  it('counts the lists of the guard it reads, and gives its keys', () => {
    const closed = { ...branch, additionalProperties: false };
    expect(readGuard(closed, undefined, false)).toStrictEqual({
      guard: {
        types: ['object'],
        required: ['kind'],
        keys: ['kind', 'b'],
        tags: [['kind', ['a']]],
      },
      size: 5,
      keys: ['kind', 'b'],
    });
    // An exact schema's guard also holds the types of its typed properties, as guardOf's does.
    const typed = {
      guard: {
        types: ['object'],
        required: ['kind'],
        keys: ['kind', 'b'],
        tags: [['kind', ['a']]],
        keyTypes: [['b', ['string']]],
      },
      size: 6,
      keys: ['kind', 'b'],
    };
    expect(readGuard(closed, undefined, true)).toStrictEqual(typed);
    expect(guardOf(closed)).toStrictEqual(typed.guard);
    expect(readGuard(true, undefined, false)).toStrictEqual({
      guard: {},
      size: 0,
      keys: undefined,
    });
  });

  it('lists the keys the wire sends where they are the very properties, in any order', () => {
    expect(readGuard(branch, ['b', 'kind'], false)).toStrictEqual({
      guard: {
        types: ['object'],
        required: ['kind'],
        tags: [['kind', ['a']]],
        keys: ['b', 'kind'],
      },
      size: 5,
      keys: ['b', 'kind'],
    });
    // The keys come last, as a guard closed after it was read had them (the codec's JSON).
    expect(Object.keys(readGuard(branch, ['kind', 'b'], false).guard)).toStrictEqual([
      'types',
      'required',
      'tags',
      'keys',
    ]);
    const open = readGuard(branch, undefined, false);
    expect(open).toStrictEqual({
      guard: { types: ['object'], required: ['kind'], tags: [['kind', ['a']]] },
      size: 3,
      keys: undefined,
    });
    expect(readGuard(branch, ['kind', 'c'], false)).toStrictEqual(open);
    expect(readGuard(branch, ['kind'], false)).toStrictEqual(open);
    const withAdditional = { ...branch, additionalProperties: {} };
    expect(readGuard(withAdditional, ['kind', 'b'], false)).toStrictEqual(
      readGuard(withAdditional, undefined, false),
    );
    expect(
      readGuard({ ...branch, patternProperties: {} }, ['kind', 'b'], false).keys,
    ).toBeUndefined();
  });

  it("closes a wire's guard with a closed original's keys where the wire cannot say it", () => {
    // Gemini's objects have no additionalProperties: the wire lists the original's properties.
    const original = { ...branch, additionalProperties: false };
    expect(closedKeys(original)).toStrictEqual(['kind', 'b']);
    expect(readGuard(branch, closedKeys(original), false).keys).toStrictEqual(['kind', 'b']);
    // Not where the original takes other keys, nor where the wire lists other properties.
    for (const open of [branch, { ...original, patternProperties: { '^x': {} } }, true])
      expect(closedKeys(open)).toBeUndefined();
    expect(readGuard({ ...branch, properties: {} }, ['kind', 'b'], false).keys).toBeUndefined();
  });
});

/** Guards of discriminated objects, which {@link tagIndexOf} indexes. */
const objectGuard: fc.Arbitrary<CodecGuard> = fc.record(
  {
    types: fc.constant<JsonType[]>(['object']),
    required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
    keys: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 4 }),
    tags: fc.array(
      fc.tuple(
        fc.constantFrom(...KEYS),
        fc.array(fc.constantFrom<JsonValue>('x', 'y', 1, 0, null, true), { maxLength: 2 }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  },
  { requiredKeys: ['types', 'tags'] },
);

const anyGuard = fc.oneof(guard, objectGuard);

/**
 * Two guards and values built from both: their listed values, and objects of their keys holding
 * their tags' values, so that a value matching both (where one exists) is often among them.
 */
const twoGuardsAndValues = fc.tuple(anyGuard, anyGuard).chain(([left, right]) => {
  const listed = [...(left.values ?? []), ...(right.values ?? [])];
  const tagged = [...(left.tags ?? []), ...(right.tags ?? [])].flatMap(([, values]) => values);
  const held = fc.constantFrom<unknown>(...tagged, 'x', 1, 1.5, null, true, [1], { a: 1 });
  const built = fc.oneof(
    fc.dictionary(fc.constantFrom(...KEYS), held, { maxKeys: 5 }),
    listed.length > 0 ? fc.constantFrom(...listed) : value,
    value,
  );
  return fc.tuple(fc.constant(left), fc.constant(right), fc.array(built, { maxLength: 30 }));
});

describe('guardsOverlap and tagsApart', () => {
  it('are never wrong: guards told apart match no value together', () => {
    // Values that match one of two guards told apart: what could have matched both.
    let near = 0;
    fc.assert(
      fc.property(twoGuardsAndValues, ([left, right, values]) => {
        const overlap = guardsOverlap(left, right);
        // A tag that tells them apart is found by the full comparison too.
        if (tagsApart(tagIndexOf(left), tagIndexOf(right))) expect(overlap).toBe(false);
        if (overlap) return;
        for (const each of values) {
          const matchesLeft = matchesGuard(left, each);
          const matchesRight = matchesGuard(right, each);
          if (matchesLeft || matchesRight) near += 1;
          expect(matchesLeft && matchesRight).toBe(false);
        }
      }),
      { seed: fuzzSeed(), numRuns: 3_000 },
    );
    expect(near).toBeGreaterThan(300);
  });
});

describe('sharesOnlyEmptyObject', () => {
  it('holds for closed objects whose shared keys hold disjoint tags, none required', () => {
    // Notion's blocks: `{ paragraph, type: "paragraph" }`, `{ bulleted_list_item, type: ... }`.
    const paragraph: CodecGuard = {
      types: ['object'],
      keys: ['paragraph', 'type'],
      tags: [['type', ['paragraph']]],
    };
    const bulleted: CodecGuard = {
      types: ['object'],
      keys: ['bulleted_list_item', 'type'],
      tags: [['type', ['bulleted_list_item']]],
    };
    expect(sharesOnlyEmptyObject(paragraph, bulleted)).toBe(true);
    expect(sharesOnlyEmptyObject(paragraph, { ...bulleted, tags: [['type', ['paragraph']]] })).toBe(
      false,
    );
    expect(sharesOnlyEmptyObject(paragraph, { ...bulleted, tags: [] })).toBe(false);
    const { keys: _keys, ...open } = bulleted;
    expect(sharesOnlyEmptyObject(paragraph, open)).toBe(false);
    expect(sharesOnlyEmptyObject(paragraph, { ...bulleted, required: ['type'] })).toBe(false);
    expect(sharesOnlyEmptyObject(paragraph, { ...bulleted, types: ['object', 'null'] })).toBe(
      false,
    );
  });

  it('is never wrong: a value both guards match is {}', () => {
    const emptyOrNot = fc.oneof(value, fc.constant({}));
    fc.assert(
      fc.property(guard, guard, fc.array(emptyOrNot, { maxLength: 20 }), (left, right, values) => {
        if (!sharesOnlyEmptyObject(left, right)) return;
        for (const each of values) {
          if (matchesGuard(left, each) && matchesGuard(right, each)) expect(each).toStrictEqual({});
        }
      }),
      { seed: fuzzSeed(), numRuns: 2_000 },
    );
  });
});

describe('acceptsEmptyObject', () => {
  it('holds for objects that require nothing, whatever their keywords say of keys present', () => {
    const taking: unknown[] = [
      true,
      {},
      { type: 'object' },
      { type: ['object', 'null'], properties: { a: { type: 'string' } }, required: [] },
      { type: 'object', additionalProperties: false, minProperties: 0, maxProperties: 0 },
      {
        properties: { a: false },
        dependentRequired: { a: ['b'] },
        propertyNames: { minLength: 3 },
      },
      { type: 'object', minLength: 3, items: false, format: 'email' },
    ];
    expect(taking.map(acceptsEmptyObject)).toStrictEqual(taking.map(() => true));
    const unsure: unknown[] = [
      false,
      { type: 'string' },
      { required: ['a'] },
      { minProperties: 1 },
      { maxProperties: -1 },
      { enum: [{}] },
      { not: { type: 'string' } },
      { anyOf: [{}] },
      { type: 'object', if: {}, then: false },
    ];
    expect(unsure.map(acceptsEmptyObject)).toStrictEqual(unsure.map(() => false));
  });

  it('is never wrong: Ajv accepts {} where it says so', () => {
    const keyword = fc.constantFrom<Record<string, unknown>>(
      { type: 'object' },
      { type: 'string' },
      { type: ['null', 'object'] },
      { required: [] },
      { required: ['a'] },
      { minProperties: 0 },
      { minProperties: 1 },
      { maxProperties: 0 },
      { properties: { a: false } },
      { additionalProperties: false },
      { propertyNames: false },
      { dependentRequired: { a: ['b'] } },
      { minLength: 1 },
      { not: {} },
      { const: 1 },
    );
    fc.assert(
      fc.property(fc.array(keyword, { maxLength: 4 }), (parts) => {
        const tested = Object.assign({}, ...parts) as Record<string, unknown>;
        const compiled = compileFresh('2020-12', tested);
        if (!('validate' in compiled)) throw compiled.error;
        if (acceptsEmptyObject(tested))
          expect(compiled.validate({}), JSON.stringify(tested)).toBe(true);
      }),
      { seed: fuzzSeed(), numRuns: 500 },
    );
  });
});
