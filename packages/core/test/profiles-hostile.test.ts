/**
 * Hostile inputs for the provider profiles (`toProviderSchema`, `checkProviderSchema`,
 * `decodeArguments`, `encodeArguments`), beyond what `hostile.test.ts` does to the dereference
 * pass and `profiles-hostile-keys.test.ts` to keys: malformed keyword values where a profile
 * merges schemas (an `allOf`, a root union), and wide schemas whose rewriting compared every
 * pair of something (branches, names, values). Work is counted, never timed: a quadratic
 * rewrite shows as a count that grows 16 times when the input grows 4 times.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { checkProviderSchema } from '../src/checkProviderSchema/index.ts';
import { checkProviderTools } from '../src/checkProviderTools/index.ts';
import { decodeArguments } from '../src/decodeArguments/index.ts';
import { encodeArguments } from '../src/encodeArguments/index.ts';
import { ToolSchemaError } from '../src/ToolSchemaError/index.ts';
import { toProviderSchema } from '../src/toProviderSchema/index.ts';
import { type JsonSchema, PROFILES, type Profile } from '../src/types/index.ts';
import { boundPointer, MAX_MESSAGE_CHARS, MAX_POINTER_CHARS } from '../src/utils/diagnostics.ts';
import { fuzzSeed } from './helpers/fuzz.ts';

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
});

/**
 * Runs a profile on a schema the way a user would and checks what every call must give: no
 * exception but a `ToolSchemaError`, an output `JSON.stringify` writes, the input unchanged,
 * decoding and encoding total.
 *
 * @returns The result, or the `ToolSchemaError` thrown.
 */
function runHostile(schema: unknown, profile: Profile) {
  const before = JSON.stringify(schema);
  let result: ReturnType<typeof toProviderSchema> | ToolSchemaError;
  try {
    result = toProviderSchema(schema as JsonSchema, profile);
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    result = error;
  }
  expect(JSON.stringify(schema)).toBe(before);
  if (result instanceof ToolSchemaError) return result;
  expect(typeof JSON.stringify(result)).toBe('string');
  expect(() => checkProviderSchema(result.schema, profile)).not.toThrow();
  const wire = encodeArguments(result.codec, {});
  expect(() => decodeArguments(result.codec, wire)).not.toThrow();
  return result;
}

describe('malformed keyword values where a profile merges schemas', () => {
  // A merge reads two branches' values of one keyword together: a value of the wrong shape in
  // one of them (a `required` that is no list, an `enum` that is a string) threw a TypeError.
  const MALFORMED: Record<string, unknown[]> = {
    'required 5 beside a list': [{ required: 5 }, { required: ['a'] }],
    'required a string beside a list': [{ required: 'ab' }, { required: ['c'] }],
    'required an object beside a list': [{ required: { a: 1 } }, { required: ['a'] }],
    'enum a string beside a list': [{ enum: 'ab' }, { enum: ['a'] }],
    'enum a number beside a const': [{ enum: 5 }, { const: 1 }],
    'const beside an enum that is a string': [{ const: 1 }, { enum: 'x' }],
    'enum an object beside an enum': [{ enum: { a: 1 } }, { enum: [1] }],
  };

  describe.each(PROFILES)('%s', (profile) => {
    it.each(Object.entries(MALFORMED))(
      '%s: no crash, in a property and at the root',
      (_, allOf) => {
        for (const schema of [
          { type: 'object', properties: { x: { allOf } } },
          { allOf: [{ type: 'object', properties: { x: {} } }, ...allOf] },
          { type: 'object', anyOf: [{ allOf }, { properties: { y: { type: 'string' } } }] },
        ]) {
          runHostile(schema, profile);
        }
      },
    );
  });

  it('a list of required names merges as before: every name once, in branch order', () => {
    const schema = {
      type: 'object',
      properties: {
        x: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] },
            { required: ['b', 'c'] },
            { required: ['a', 'b'] },
          ],
        },
      },
    };
    // `mcp` leaves the allOf as it is; a merging profile lists each name once.
    expect(toProviderSchema(schema, 'mcp').schema).toStrictEqual(schema);
    const merged = toProviderSchema(schema as JsonSchema, 'gemini-json-schema').schema as {
      properties: { x: { required: string[] } };
    };
    expect(merged.properties.x.required).toStrictEqual(['a', 'b', 'c']);
  });

  it('fuzzed: random keyword values in allOf branches never crash a profile', () => {
    const keyword = fc.constantFrom(
      'type',
      'required',
      'enum',
      'const',
      'properties',
      'additionalProperties',
      'patternProperties',
      'items',
      'prefixItems',
      'minimum',
      'maxLength',
      'pattern',
      'format',
      'nullable',
      'anyOf',
      'oneOf',
      'uniqueItems',
    );
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(['a', 'b'], ['a'], 'object', ['string', 'null'], { a: { type: 'string' } }),
    );
    const branch = fc.dictionary(keyword, value, { maxKeys: 4 });
    fc.assert(
      fc.property(
        fc.array(branch, { minLength: 2, maxLength: 4 }),
        fc.constantFrom(...PROFILES),
        (allOf, profile) => {
          runHostile({ type: 'object', properties: { x: { allOf } } }, profile);
          runHostile({ allOf: [{ type: 'object' }, ...allOf] }, profile);
        },
      ),
      { numRuns: 300, seed: fuzzSeed() },
    );
  });
});

/**
 * Counts the work of linear scans while `run` runs: each call of an array's scanning methods
 * (`includes`, `some`, `every`, `find`, `findIndex`, `indexOf`, `filter`) counts the length of
 * the array, so a scan inside a loop over the same list (the quadratic pattern) shows.
 */
function scannedItems(run: () => void): number {
  const methods = ['includes', 'some', 'every', 'find', 'findIndex', 'indexOf', 'filter'] as const;
  const originals = methods.map((name) => Array.prototype[name]);
  let scanned = 0;
  methods.forEach((name, index) => {
    const original = originals[index] as (...args: unknown[]) => unknown;
    Object.defineProperty(Array.prototype, name, {
      value: function counted(this: unknown[], ...args: unknown[]) {
        scanned += this.length;
        return original.apply(this, args);
      },
      writable: true,
      configurable: true,
    });
  });
  try {
    run();
  } finally {
    methods.forEach((name, index) => {
      Object.defineProperty(Array.prototype, name, {
        value: originals[index],
        writable: true,
        configurable: true,
      });
    });
  }
  return scanned;
}

const object = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required === undefined ? {} : { required }),
});

/** `n` objects, each listing and requiring its own string property (`<prefix><i>`). */
const eachRequiringItsOwn = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) =>
    object({ [`${prefix}${i}`]: { type: 'string' } }, [`${prefix}${i}`]),
  );

/** Wide schemas, each of `n` branches, names or values. */
const WIDE: Record<string, (n: number) => Record<string, unknown>> = {
  'an allOf of n objects, one property each': (n) =>
    object({
      x: { allOf: Array.from({ length: n }, (_, i) => object({ [`p${i}`]: { type: 'string' } })) },
    }),
  'an allOf of n objects, each requiring its own property': (n) =>
    object({ x: { allOf: eachRequiringItsOwn(n, 'p') } }),
  'an allOf of two enums of n values': (n) =>
    object({
      x: {
        allOf: [
          { enum: Array.from({ length: n }, (_, i) => `v${i}`) },
          { enum: Array.from({ length: n }, (_, i) => `v${2 * i}`) },
        ],
      },
    }),
  'a root anyOf of n objects, each requiring its own key': (n) => ({
    anyOf: eachRequiringItsOwn(n, 'k'),
  }),
  'a root anyOf of n closed objects': (n) => ({
    anyOf: Array.from({ length: n }, (_, i) => ({
      ...object({ [`k${i}`]: { type: 'string' } }),
      additionalProperties: false,
    })),
  }),
  'an anyOf of n objects with their own property': (n) =>
    object({ x: { anyOf: eachRequiringItsOwn(n, 'k') } }),
  'an anyOf of n discriminated objects that map alike': (n) =>
    object({
      x: {
        anyOf: Array.from({ length: n }, (_, i) =>
          object({ kind: { const: `k${i}` }, data: {}, [`o${i}`]: { type: 'number' } }, ['kind']),
        ),
      },
    }),
  'an anyOf of two enums of n integers each': (n) =>
    object({
      x: {
        anyOf: [
          { enum: Array.from({ length: n }, (_, i) => i) },
          { enum: Array.from({ length: n }, (_, i) => n + i) },
        ],
      },
    }),
  'an anyOf of two closed objects of n required properties': (n) => {
    const names = (prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const closed = (prefix: string, extra: Record<string, unknown>) => ({
      ...object(
        {
          ...Object.fromEntries(names(prefix).map((name) => [name, { type: 'string' }])),
          ...extra,
        },
        [...names(prefix), ...Object.keys(extra)],
      ),
      additionalProperties: false,
    });
    return object({
      x: { anyOf: [closed('a', { data: {} }), closed('b', { list: { type: 'array' } })] },
    });
  },
  'an anyOf of two closed objects sharing n tagged keys, none required': (n) => {
    // They share only `{}`: each shared key holds another tag in each (sharesOnlyEmptyObject).
    const closed = (tag: string, extra: Record<string, unknown>) => ({
      type: 'object',
      properties: {
        ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, { enum: [tag] }])),
        ...extra,
      },
      additionalProperties: false,
    });
    return object({
      x: { anyOf: [closed('a', { data: {} }), closed('b', { list: { type: 'array' } })] },
    });
  },
  'a type list of n names': (n) =>
    object({ x: { type: Array.from({ length: n }, (_, i) => `t${i}`) } }),
  'an anyOf of n copies of two branches': (n) =>
    object({
      x: {
        anyOf: Array.from({ length: n }, (_, i) =>
          i % 2 === 0 ? { type: 'string' } : { type: 'number' },
        ),
      },
    }),
};

describe('a root nested in unions and allOf, every profile', () => {
  it('gives a result or a ToolSchemaError 3,000 levels deep (the stack overflowed at ~2,000)', () => {
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const [open, close] = [`{"${keyword}":[`.repeat(3_000), ']}'.repeat(3_000)];
      const text = `${open}{"type":"string"}${close}`;
      for (const profile of PROFILES) {
        // Not `runHostile`: `JSON.stringify` itself overflows this test worker's stack so deep.
        let result: unknown;
        try {
          result = toProviderSchema(JSON.parse(text), profile);
        } catch (error) {
          if (!(error instanceof ToolSchemaError)) throw error;
          result = error;
        }
        expect(result, `${keyword} ${profile}`).toBeTypeOf('object');
      }
    }
  });
});

describe('wide schemas: the work grows with the input, not with its square', () => {
  const n = 400;
  describe.each(['portable', 'openai-strict', 'gemini', 'anthropic-strict'] as const)(
    '%s',
    (profile) => {
      it.each(Object.entries(WIDE))('%s', (_, build) => {
        const small = scannedItems(() => runHostile(build(n), profile));
        const large = scannedItems(() => runHostile(build(4 * n), profile));
        // Linear work grows 4 times (quadratic: 16); the margin covers lists of fixed length.
        expect(large).toBeLessThan(6 * Math.max(small, n));
      });
    },
  );
});

describe('a union of branches that each map differently', () => {
  // Each `const` becomes a string enum mapped back to its number: every branch has its own
  // codec, so every pair must be told apart. Past a fixed budget of comparisons the union
  // travels as a JSON string, saying why, rather than comparing 10⁷ pairs.
  const consts = (n: number) =>
    object({ x: { oneOf: Array.from({ length: n }, (_, i) => ({ const: i })) } });

  it('is told apart branch by branch within the budget (500 consts)', () => {
    const { schema, diagnostics } = toProviderSchema(consts(500), 'gemini');
    const x = (schema as { properties: { x: { anyOf: unknown[] } } }).properties.x;
    expect(x.anyOf).toHaveLength(500);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).not.toContain('profile-json-string');
  });

  it('past the budget, travels as a JSON string, the comparisons capped', () => {
    const results: Array<ReturnType<typeof toProviderSchema>> = [];
    const work = scannedItems(() => {
      results.push(toProviderSchema(consts(8_000), 'gemini'));
    });
    const [result] = results;
    if (result === undefined) throw new Error('toProviderSchema returned nothing');
    const quarter = scannedItems(() => toProviderSchema(consts(2_000), 'gemini'));
    // Both stop at the budget: the larger union costs its linear parts more, not 16 times.
    expect(work).toBeLessThan(4 * quarter);
    expect((result.schema as { properties: { x: unknown } }).properties.x).toMatchObject({
      type: 'string',
    });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'profile-json-string',
        pointer: '/properties/x',
        message: expect.stringContaining('too many to tell apart'),
      }),
    );
  });
});

describe('unions beside keywords, nested in one another', () => {
  // Each branch of a union beside other keywords is rewritten with them, the nested union
  // included: five branches nested nine levels deep (a few KB) took 30 s, ten levels minutes.
  const nested = (levels: number) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < levels; level++) {
      const properties: Record<string, unknown> = { a: schema };
      for (let branch = 0; branch < 5; branch++) properties[`k${branch}`] = { type: 'integer' };
      schema = {
        type: 'object',
        properties,
        anyOf: Array.from({ length: 5 }, (_, branch) => ({
          properties: { [`k${branch}`]: { minimum: branch } },
        })),
      };
    }
    return object({ r: schema });
  };

  it.each(['portable', 'gemini', 'anthropic-strict'] as const)(
    '%s: past a bound on the work, the rest travels as JSON strings',
    (profile) => {
      const results: Array<ReturnType<typeof toProviderSchema>> = [];
      const deep = scannedItems(() => results.push(toProviderSchema(nested(12), profile)));
      const shallow = scannedItems(() => toProviderSchema(nested(8), profile));
      // Four levels more multiply the work by 5⁴ = 625 without a bound.
      expect(deep).toBeLessThan(8 * shallow);
      const [result] = results;
      if (result === undefined) throw new Error('toProviderSchema returned nothing');
      // Past the bound, the inner places travel as JSON strings, so the branches around them
      // cannot be told apart: the outer union travels as one (said there, once).
      expect(result.diagnostics).toContainEqual(
        expect.objectContaining({ code: 'profile-json-string', pointer: '/properties/r' }),
      );
      expect(
        checkProviderSchema(result.schema, profile).filter(({ severity }) => severity === 'error'),
      ).toStrictEqual([]);
    },
  );
});

describe('checkProviderSchema and checkProviderTools on wide objects', () => {
  const wide = (n: number, requiredShare: number) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]),
    ),
    required: Array.from({ length: Math.floor(n * requiredShare) }, (_, i) => `p${i}`),
  });

  it.each(PROFILES)('%s: the work grows with the properties, not with their square', (profile) => {
    const n = 2_000;
    for (const share of [0, 0.5, 1]) {
      const small = scannedItems(() => checkProviderSchema(wide(n, share), profile));
      const large = scannedItems(() => checkProviderSchema(wide(4 * n, share), profile));
      expect(large).toBeLessThan(6 * Math.max(small, n));
      const tools = scannedItems(() =>
        checkProviderTools([{ inputSchema: wide(4 * n, share) }], profile),
      );
      expect(tools).toBeLessThan(6 * Math.max(small, n));
    }
  });

  it('reports each optional property once under openai-strict', () => {
    const violations = checkProviderSchema(wide(20, 0.5), 'openai-strict').filter(
      (violation) => violation.rule === 'openai-strict/required-every-property',
    );
    expect(violations.map((violation) => violation.pointer)).toStrictEqual(
      Array.from({ length: 10 }, (_, i) => `/properties/p${10 + i}`),
    );
  });
});

describe('checkProviderSchema on deep schemas', () => {
  /** `levels` objects nested under `properties.a`, a string at the bottom. */
  const deep = (levels: number) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < levels; level++)
      schema = { type: 'object', properties: { a: schema } };
    return schema;
  };

  it('bounds each pointer as it grows, as diagnostics are bounded: output linear in the depth', () => {
    // Unbounded, 6,000 levels gave 700 MB of pointers and messages, which JSON.stringify refused.
    for (const levels of [1_500, 6_000]) {
      const violations = checkProviderSchema(deep(levels), 'portable');
      // Every object refused for its additionalProperties, under each closing rule, at least.
      expect(violations.length).toBeGreaterThanOrEqual(levels);
      for (const { pointer, message } of violations) {
        expect(pointer.length).toBeLessThanOrEqual(MAX_POINTER_CHARS + 1 + 64);
        expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 64);
      }
      expect(JSON.stringify(violations).length).toBeLessThan(levels * 3 * 1_024);
    }
  });

  it('keeps the first and last characters of the whole pointer', () => {
    const levels = 200;
    const violations = checkProviderSchema(deep(levels), 'openai-strict');
    const deepest = violations.find(
      (violation) => violation.pointer.endsWith('/a') && violation.pointer.length > 512,
    );
    const whole = '/properties/a'.repeat(levels);
    expect(deepest?.pointer).toBe(boundPointer(whole));
    // Short pointers are whole, as before.
    expect(violations[0]?.pointer).toBe('');
  });
});

describe('values JavaScript holds and JSON does not, in every profile', () => {
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  const cases: Array<[string, () => unknown]> = [
    ['NaN in an enum', () => object({ a: { enum: [Number.NaN] } })],
    ['Infinity as a const', () => object({ a: { const: Number.POSITIVE_INFINITY } })],
    ['a bigint as a bound', () => object({ a: { type: 'number', maximum: 10n } })],
    ['a revoked Proxy as a property schema', () => object({ a: revoked() })],
    [
      'a getter that throws',
      () =>
        object({
          a: Object.defineProperty({}, 'type', {
            get() {
              throw new Error('boom');
            },
            enumerable: true,
          }),
        }),
    ],
    [
      'a cycle in a schema position',
      () => {
        const schema: Record<string, unknown> = { type: 'object' };
        schema.properties = { self: schema };
        return schema;
      },
    ],
  ];
  describe.each(PROFILES)('%s', (profile) => {
    it.each(cases)('%s: a ToolSchemaError invalid-schema', (_, build) => {
      let caught: unknown;
      try {
        toProviderSchema(build() as JsonSchema, profile);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ToolSchemaError);
      expect((caught as ToolSchemaError).code).toBe('invalid-schema');
    });
  });
});
