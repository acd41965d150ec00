import { describe, expect, it } from 'vitest';
import { compileFresh } from '../../test/helpers/ajv.ts';
import { readAsGemini } from '../../test/helpers/gemini.ts';
import { ADD_ITEM_BODY } from '../../test/helpers/github-bodies.ts';
import { createSecondOpinion } from '../../test/helpers/second-opinion.ts';
import { checkProviderSchema } from '../checkProviderSchema/index.ts';
import { decodeArguments } from '../decodeArguments/index.ts';
import { encodeArguments } from '../encodeArguments/index.ts';
import { mergeAllOf } from '../profiles/mergeAllOf.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { PROFILES, type Profile } from '../types/index.ts';
import { type ProviderSchemaResult, toProviderSchema } from './toProviderSchema.ts';

/** A closed object schema. */
const closed = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * Encodes arguments with a result's codec: the wire schema, as the profile's provider reads it,
 * must accept the encoding, and decoding it must give the arguments back.
 */
function expectRoundTrip(result: ProviderSchemaResult, profile: Profile, args: unknown): void {
  const wire = compileFresh(
    '2020-12',
    profile === 'gemini' ? readAsGemini(result.schema) : result.schema,
  );
  if (!('validate' in wire)) throw wire.error;
  const encoded = encodeArguments(result.codec, args);
  expect(wire.validate(encoded), `${profile} ${JSON.stringify(args)}`).toBe(true);
  expect(decodeArguments(result.codec, encoded), profile).toStrictEqual(args);
}

/** The codes of a result's diagnostics, in order. */
const codesOf = (result: { diagnostics: Array<{ code: string }> }) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);

const codes = (profile: Profile, schema: Record<string, unknown>) =>
  toProviderSchema(schema, profile).diagnostics.map((diagnostic) => [
    diagnostic.code,
    diagnostic.pointer,
  ]);

describe('toProviderSchema', () => {
  it('mcp is the dereference output with the identity codec', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string' } },
    };
    expect(toProviderSchema(schema, 'mcp')).toStrictEqual({
      schema: { type: 'object', properties: { a: { type: 'string' } } },
      codec: { version: 1, root: null },
      diagnostics: [],
    });
  });

  it('repair: marks where objects and arrays stand under the profiles that map nothing', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        page: {
          anyOf: [
            {
              type: 'object',
              properties: {
                blocks: { type: 'array', items: { $ref: '#/$defs/Block' } },
                title: { type: 'string' },
              },
            },
            { type: 'null' },
          ],
        },
        query: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
        settings: { type: 'object', additionalProperties: { type: ['array', 'null'] } },
        pair: { type: 'array', prefixItems: [{ type: 'object' }, { type: 'number' }] },
        ['__proto__']: { type: 'object' },
      },
      $defs: {
        Block: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Block' } } },
        },
      },
    };
    const marks = {
      kind: 'object',
      properties: {
        tags: { kind: 'array', items: null },
        page: {
          kind: 'object',
          properties: { blocks: { kind: 'array', items: null } },
          strayNull: ['blocks', 'title'],
        },
        settings: { kind: 'object', rest: { kind: 'array', items: null } },
        pair: { kind: 'tuple', prefix: [{ kind: 'object' }, null], items: null },
        ['__proto__']: { kind: 'object' },
      },
      // The optional properties that refuse `null` (`page` takes it).
      strayNull: ['tags', 'query', 'settings', 'pair', '__proto__'],
    };
    const wire = {
      tags: '["a"]',
      page: '{"blocks":"[]","title":"[x]"}',
      query: '["a"]',
      settings: { a: '[1]', b: null },
      pair: '[{}, 1]',
      ['__proto__']: '{"polluted":1}',
    };
    for (const profile of ['mcp', 'openai', 'anthropic'] as const) {
      expect(toProviderSchema(schema, profile).codec).toStrictEqual({ version: 1, root: null });
      const { codec } = toProviderSchema(schema, profile, { repair: true });
      expect(codec).toStrictEqual({ version: 1, root: marks });
      expect(JSON.parse(JSON.stringify(codec))).toStrictEqual(codec);
      expect(decodeArguments(codec, wire)).toBe(wire);
      const repaired = decodeArguments(codec, wire, { repair: true }) as Record<string, unknown>;
      expect(repaired).toStrictEqual({
        tags: ['a'],
        page: { blocks: [], title: '[x]' },
        query: '["a"]',
        settings: { a: [1], b: null },
        pair: [{}, 1],
        ['__proto__']: { polluted: 1 },
      });
      expect(Object.getPrototypeOf(repaired)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(encodeArguments(codec, repaired)).toStrictEqual(repaired);
      // A `null` where an optional property refuses it is dropped; where it takes it, kept.
      const nulls = { tags: null, query: null, page: { title: null, blocks: '[]' }, pair: null };
      expect(decodeArguments(codec, nulls)).toBe(nulls);
      expect(decodeArguments(codec, nulls, { repair: true })).toStrictEqual({
        page: { blocks: [] },
      });
      const nullPage = { page: null, ['__proto__']: null };
      expect(decodeArguments(codec, nullPage, { repair: true })).toStrictEqual({ page: null });
    }
    // A root that is no plain object travels wrapped under `value`: the marks are inside it.
    const root = {
      oneOf: [{ type: 'object', properties: { a: { type: 'array' } } }, { type: 'array' }],
    };
    expect(toProviderSchema(root, 'anthropic', { repair: true }).codec).toStrictEqual({
      version: 1,
      root: { kind: 'wrap', property: 'value', value: { kind: 'object' } },
    });
  });

  it('repair: adds the marks the rewriting profiles leave out, beside what their codec maps', () => {
    const schema = {
      type: 'object',
      properties: {
        list: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        page: {
          anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }],
        },
        labels: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
      required: ['list', 'page', 'labels'],
    };
    const expected = { list: ['a'], page: { a: 'x' }, labels: { k: ['b'] } };
    for (const profile of PROFILES) {
      const plain = toProviderSchema(schema, profile);
      const marked = toProviderSchema(schema, profile, { repair: true });
      expect(marked.schema).toStrictEqual(plain.schema);
      expect(marked.diagnostics).toStrictEqual(plain.diagnostics);
      // The wire's record: entries under the profiles that close objects, an object otherwise.
      const labels = encodeArguments(plain.codec, { labels: { k: [] } }) as { labels: unknown };
      const sent = Array.isArray(labels.labels) ? [{ key: 'k', value: '["b"]' }] : { k: '["b"]' };
      const wire = { list: '["a"]', page: '{"a":"x"}', labels: sent };
      expect(decodeArguments(marked.codec, wire, { repair: true }), profile).toStrictEqual(
        expected,
      );
      // The marks map nothing: without repair, decoding and encoding are as with the plain codec.
      expect(decodeArguments(marked.codec, wire)).toStrictEqual(decodeArguments(plain.codec, wire));
      expect(encodeArguments(marked.codec, expected)).toStrictEqual(
        encodeArguments(plain.codec, expected),
      );
    }
    // Without the option, the rewriting profiles' codec marks only the way to what it maps.
    const { codec } = toProviderSchema(schema, 'gemini-json-schema');
    expect(decodeArguments(codec, { list: '["a"]' }, { repair: true })).toStrictEqual({
      list: '["a"]',
    });
  });

  it('repair: drops a stray null where an optional property refuses it, under the profiles that keep the schema', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        size: { enum: [1, 2] },
        tags: { type: 'array', items: { type: 'string' } },
        anything: {},
        note: { type: ['string', 'null'] },
        kind: { type: 'string', enum: ['a'], nullable: true },
        id: { type: 'integer' },
      },
      required: ['id'],
    };
    const sent = { name: null, size: null, tags: null, anything: null, note: null, id: 1 };
    for (const profile of ['mcp', 'openai', 'anthropic'] as const) {
      const { codec } = toProviderSchema(schema, profile, { repair: true });
      expect(codec.root).toStrictEqual({
        kind: 'object',
        properties: { tags: { kind: 'array', items: null } },
        strayNull: ['name', 'size', 'tags'],
      });
      // The optional properties that refuse null are left out; those that take it keep it.
      expect(decodeArguments(codec, sent, { repair: true })).toStrictEqual({
        anything: null,
        note: null,
        id: 1,
      });
      // A required property's null is the validator's to refuse, as without repair.
      const required = { id: null };
      expect(decodeArguments(codec, required, { repair: true })).toBe(required);
      expect(decodeArguments(codec, sent)).toBe(sent);
    }
    // A cycle's `$ref` is followed to tell whether null is refused (the marks stop there).
    const recursive = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
      },
    };
    expect(toProviderSchema(recursive, 'mcp', { repair: true }).codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', strayNull: ['node'] },
    });
    // A profile that rewrites may give a type where the original names none: its wire's null is
    // not the original's, and repair leaves nulls as decoding without it does.
    for (const profile of PROFILES.filter(
      (each) => !['mcp', 'openai', 'anthropic'].includes(each),
    )) {
      const { codec } = toProviderSchema(schema, profile, { repair: true });
      expect(decodeArguments(codec, sent, { repair: true }), profile).toStrictEqual(
        decodeArguments(codec, sent),
      );
    }
  });

  it('repair: leaves alone a merged root union property that a branch leaves open', () => {
    // `b` is listed by the closed branch only: the open one takes it with any value.
    const schema = {
      anyOf: [
        {
          type: 'object',
          properties: { a: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['a'],
        },
        {
          type: 'object',
          properties: { b: { type: 'array' }, tags: { type: 'array', items: { type: 'string' } } },
          additionalProperties: false,
        },
      ],
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const { codec } = toProviderSchema(schema, profile, { repair: true });
      // `a` refuses null in the branch that lists it and any value in the closed one.
      expect(codec.root).toStrictEqual({
        kind: 'object',
        properties: { tags: { kind: 'array', items: null } },
        strayNull: ['a', 'tags'],
      });
      const sent = { a: 'x', b: '[1]', tags: '["t"]' };
      expect(decodeArguments(codec, sent, { repair: true })).toStrictEqual({
        a: 'x',
        b: '[1]',
        tags: ['t'],
      });
      const stray = { a: 'x', b: null, tags: null };
      expect(decodeArguments(codec, stray, { repair: true })).toStrictEqual({ a: 'x', b: null });
    }
    // Where the profile's own codec maps such a property, repair is turned off below it.
    const tuple = {
      oneOf: [
        {
          type: 'object',
          properties: {
            kind: { const: 'a' },
            pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] },
          },
          required: ['kind'],
        },
        { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
      ],
    };
    const { codec } = toProviderSchema(tuple, 'gemini', { repair: true });
    expect(codec.root).toStrictEqual({
      kind: 'object',
      properties: { pair: { kind: 'tuple', prefix: [null, null], items: { kind: 'json' } } },
      unrepaired: ['pair'],
    });
    const sent = { kind: 'b', pair: '[1, "x"]' };
    expect(decodeArguments(codec, sent, { repair: true })).toBe(sent);
  });

  it('repair: leaves a string at a tuple position whose original takes one, where positions merge', () => {
    // Written as `items: { anyOf }`, every position takes the string the rest travels as. A
    // typeless position (sent as the object its keywords constrain) takes a string in the
    // original: repair must not parse it. A position typed `object` takes none: repair parses.
    const sent = { c: ['{"a":"x"}'] };
    for (const profile of ['portable', 'gemini'] as const) {
      const decoded = (position: Record<string, unknown>) => {
        const schema = {
          type: 'object',
          properties: { c: { type: 'array', prefixItems: [position] } },
          required: ['c'],
        };
        const { codec } = toProviderSchema(schema, profile, { repair: true });
        return [decodeArguments(codec, sent), decodeArguments(codec, sent, { repair: true })];
      };
      expect(decoded({ properties: { a: { type: 'string' } } })).toStrictEqual([sent, sent]);
      expect(decoded({ type: 'object', properties: { a: { type: 'string' } } })).toStrictEqual([
        sent,
        { c: [{ a: 'x' }] },
      ]);
    }
  });

  it('repair: marks no deeper than 32 levels, however deep the schema', () => {
    let schema: Record<string, unknown> = { type: 'array' };
    for (let level = 0; level < 5_000; level++)
      schema = { type: 'object', properties: { next: schema } };
    let node = toProviderSchema(schema, 'mcp', { repair: true }).codec.root;
    let depth = 0;
    while (node !== null && node.kind === 'object') {
      node = node.properties?.next ?? null;
      depth++;
    }
    expect(depth).toBe(32);
  });

  it('reads no options as the defaults, an object root whatever root the options name', () => {
    // A call without options takes the defaults resolved once; one with options resolves them.
    const schema = {
      type: ['object', 'null'],
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string', maxLength: 3 } },
    };
    const withoutOptions = toProviderSchema(schema, 'openai');
    expect(withoutOptions.schema).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string', maxLength: 3 } },
    });
    expect(toProviderSchema(schema, 'openai', {})).toStrictEqual(withoutOptions);
    const loose = { root: 'any' } as Parameters<typeof toProviderSchema>[2];
    expect(toProviderSchema(schema, 'openai', loose)).toStrictEqual(withoutOptions);
    expect(toProviderSchema(schema, 'openai')).toStrictEqual(withoutOptions);
  });

  it('rejects an unknown profile', () => {
    expect(() => toProviderSchema({}, 'nope' as Profile)).toThrow(ToolSchemaError);
  });

  it('reads null options as none, and refuses options it cannot read', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(toProviderSchema(schema, 'gemini', null as never)).toStrictEqual(
      toProviderSchema(schema, 'gemini'),
    );
    const refused: unknown[] = [
      'strict',
      { repair: 'yes' },
      { dialect: 'draft-03' },
      Object.defineProperty({}, 'repair', {
        get() {
          throw new Error('getter');
        },
      }),
    ];
    for (const options of refused) {
      expect(() => toProviderSchema(schema, 'gemini', options as never)).toThrow(
        expect.objectContaining({ name: 'ToolSchemaError', code: 'invalid-option' }),
      );
    }
  });

  it('tells apart the branches of a union written beside a sibling keyword (type: object)', () => {
    // OpenAPI writes `{ type: "object", oneOf: [...] }`: each branch is then read as
    // `allOf: [{ type: "object" }, branch]`, and its guard must come from that merge.
    const branches = [
      {
        type: 'object',
        properties: { kind: { const: 'text' }, text: { type: 'string' } },
        required: ['kind'],
        additionalProperties: false,
      },
      {
        type: 'object',
        properties: {
          kind: { const: 'tags' },
          tags: { type: 'object', additionalProperties: { type: 'number' } },
        },
        required: ['kind', 'tags'],
        additionalProperties: false,
      },
    ];
    const bare = { type: 'object', properties: { rule: { oneOf: branches } } };
    const beside = { type: 'object', properties: { rule: { type: 'object', oneOf: branches } } };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict'] as const) {
      const listed = toProviderSchema(beside, profile);
      expect(listed.schema).toStrictEqual(toProviderSchema(bare, profile).schema);
      expect(codesOf(listed)).not.toContain('profile-json-string');
      // Two object branches (and `null` where the optional property is sent as null).
      const rule = (listed.schema.properties as Record<string, { anyOf: { type: string }[] }>).rule;
      expect(rule?.anyOf.filter((branch) => branch.type === 'object')).toHaveLength(2);
      const original = { rule: { kind: 'tags', tags: { a: 1 } } };
      const wire = encodeArguments(listed.codec, original);
      expect((wire as { rule: { tags: unknown } }).rule.tags).toStrictEqual([
        { key: 'a', value: 1 },
      ]);
      expect(decodeArguments(listed.codec, wire)).toStrictEqual(original);
    }
  });

  it('reads a `type` beside a union into each branch, as the merge of both would', () => {
    // Branches that repeat the `type` or leave it out read it from beside the union; where the
    // diagnostics stand does not change.
    const schema = {
      type: 'object',
      properties: {
        target: {
          type: 'object',
          oneOf: [
            { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
            { properties: { name: { type: 'string' } }, required: ['name'] },
          ],
        },
      },
      required: ['target'],
    };
    const result = toProviderSchema(schema, 'portable');
    expect((result.schema.properties as Record<string, unknown>).target).toStrictEqual({
      anyOf: [
        {
          type: 'object',
          properties: { id: { type: 'integer' } },
          required: ['id'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
          additionalProperties: false,
        },
      ],
    });
    expect(codesOf(result)).toStrictEqual([
      'profile-one-of',
      'profile-object-closed',
      'profile-object-closed',
      'profile-object-closed',
    ]);
    expect(result.diagnostics.map(({ pointer }) => pointer)).toStrictEqual([
      '/properties/target',
      '/properties/target/oneOf/0',
      '/properties/target/oneOf/1',
      '',
    ]);
    // A branch that says `nullable: true` does not take `null` past the `type` beside the union:
    // the merge reads it, and the wire refuses `null` as the original does.
    const nullable = {
      type: 'object',
      properties: {
        target: {
          type: 'object',
          anyOf: [
            { type: 'object', nullable: true, properties: { id: { type: 'integer' } } },
            { type: 'object', properties: { name: { type: 'string' } } },
          ],
        },
      },
      required: ['target'],
    };
    const acceptsNullTarget = (schema: unknown) => {
      const compiled = compileFresh('2020-12', schema);
      if (!('validate' in compiled)) throw compiled.error;
      return compiled.validate({ target: null });
    };
    expect(acceptsNullTarget(nullable)).toBe(false);
    for (const profile of ['portable', 'gemini', 'anthropic-strict'] as const) {
      const wire = toProviderSchema(nullable, profile).schema;
      expect(acceptsNullTarget(profile === 'gemini' ? readAsGemini(wire) : wire)).toBe(false);
    }
  });

  it('reports where a part stands in the self-contained schema, however the rewrite read it', () => {
    const reportedAt = (profile: Profile, schema: Record<string, unknown>) => {
      const own = toProviderSchema(schema, 'mcp').diagnostics.length;
      return toProviderSchema(schema, profile)
        .diagnostics.slice(own)
        .map(({ code, pointer }) => `${code} ${pointer}`);
    };
    // A schema without `type` whose keywords constrain several types, read as one branch per
    // type: what each branch reports is one place, reported once.
    expect(
      reportedAt('gemini-json-schema', {
        type: 'object',
        properties: { a: { minLength: 1, minimum: 2, not: { const: 3 } } },
      }),
    ).toStrictEqual(['profile-keyword-described /properties/a']);
    // A required key `properties` does not list: under `additionalProperties`.
    expect(
      reportedAt('portable', {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a', 'b'],
        additionalProperties: { type: 'object', additionalProperties: { type: 'number' } },
      }),
    ).toStrictEqual(['profile-entries /additionalProperties', 'profile-entries ']);
    // A record's values, read as one union of its patterns' schemas: under the pattern.
    expect(
      reportedAt('gemini-json-schema', {
        type: 'object',
        properties: {
          r: {
            type: 'object',
            patternProperties: { '^x': { type: 'number' }, '^y': { not: { type: 'null' } } },
          },
        },
      }),
    ).toStrictEqual(['profile-keyword-described /properties/r/patternProperties/^y']);
    // A cycle's `$ref` beside other keywords, read as `allOf: [definition, keywords]`: inside the
    // definition, at the definition (never under a made-up `allOf`).
    const cycle = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: {
            kids: { type: 'array', items: { $ref: '#/$defs/Node', minProperties: 1 } },
          },
        },
      },
    };
    for (const each of reportedAt('portable', cycle)) expect(each).not.toContain('/allOf/');
    expect(reportedAt('portable', cycle)).toContain(
      'profile-cycle-unrolled /$defs/Node/properties/kids/items',
    );
  });

  it('openai-strict closes objects and makes optional properties required and nullable', () => {
    const schema = closed(
      {
        name: { type: 'string' },
        age: { type: 'integer' },
        nick: { type: ['string', 'null'] },
      },
      ['name'],
    );
    const result = toProviderSchema(schema, 'openai-strict');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: ['integer', 'null'] },
        nick: { type: ['string', 'null'] },
      },
      required: ['name', 'age', 'nick'],
      additionalProperties: false,
    });
    expect(result.codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', nullMeansAbsent: ['age'], absentSentAsNull: ['nick'] },
    });
    expect(codesOf(result)).toStrictEqual(['profile-absent-null-merged']);
    expect(decodeArguments(result.codec, { name: 'a', age: null, nick: null })).toStrictEqual({
      name: 'a',
      nick: null,
    });
    expect(encodeArguments(result.codec, { name: 'a' })).toStrictEqual({
      name: 'a',
      age: null,
      nick: null,
    });
  });

  /** Each original encodes to the wire value given, which the wire accepts and decodes back. */
  function expectSentAs(
    result: ReturnType<typeof toProviderSchema>,
    cases: ReadonlyArray<readonly [Record<string, unknown>, Record<string, unknown>]>,
  ): void {
    const wire = compileFresh('2020-12', result.schema);
    if (!('validate' in wire)) throw wire.error;
    for (const [original, sent] of cases) {
      const encoded = encodeArguments(result.codec, original);
      expect(encoded).toStrictEqual(sent);
      expect(wire.validate(encoded)).toBe(true);
      expect(decodeArguments(result.codec, encoded)).toStrictEqual(original);
    }
  }

  it('keeps an absent property apart from a null the wire spells otherwise', () => {
    // Zod lists `z.literal([0, 'on', null]).optional()` so: the rewriting profiles make the
    // enum strings and null is "null", so the wire's own null is free to mean absent, as it is
    // beside a JSON string: absent and null are not merged into one wire value.
    const schema = { type: 'object', properties: { c: { enum: [0, 'on', null] } } };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties).toStrictEqual({
        c: { type: ['string', 'null'], enum: ['0', 'on', 'null', null] },
      });
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
        'profile-object-closed',
      ]);
      expectSentAs(result, [
        [{}, { c: null }],
        [{ c: null }, { c: 'null' }],
        [{ c: 0 }, { c: '0' }],
      ]);
    }
  });

  it('keeps an absent property apart from a null a union spells otherwise, and lets the wire take null', () => {
    // The mixed enum beside an array spells null "null", and no branch of the wire takes null: the
    // wire's own null must be added to stand for absent (it was not, and absent was sent as a
    // null the wire refuses). Found by the round-trip law, FUZZ_SEED=152.
    const schema = {
      type: 'object',
      properties: {
        c: { anyOf: [{ enum: [0, 'on', null] }, { type: 'array', items: { type: 'integer' } }] },
      },
    };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties).toStrictEqual({
        c: {
          anyOf: [
            { type: 'string', enum: ['0', 'on', 'null'] },
            { type: 'array', items: { type: 'integer' } },
            { type: 'null' },
          ],
        },
      });
      expect(result.codec.root).toMatchObject({ kind: 'object', nullMeansAbsent: ['c'] });
      expect(codesOf(result)).toStrictEqual(['profile-object-closed']);
      expectSentAs(result, [
        [{}, { c: null }],
        [{ c: null }, { c: 'null' }],
        [{ c: [1] }, { c: [1] }],
      ]);
    }
  });

  it('reads the wire null of an optional property as absent where a described not refuses null', () => {
    // `allOf: [{ not: {} }, { type: "null" }]` accepts nothing: the property can only be left
    // out. The wire keeps `type: "null"` (the `not` described), so its null must mean absent.
    // Found by the round-trip law, FUZZ_SEED=153; a listed `null` a `not` refuses, FUZZ_SEED=198.
    const schema = {
      type: 'object',
      properties: {
        never: { allOf: [{ not: {} }, { type: 'null' }] },
        nothing: { type: 'null', not: { not: {} } },
        onlyA: { enum: [null, 'a'], not: { const: null } },
        onlyNull: { enum: [null, 'a'], not: { const: 'a' } },
      },
      additionalProperties: false,
    };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      // The second takes null (not of not of everything): absent and null merge, as reported.
      expect(result.codec.root).toStrictEqual({
        kind: 'object',
        nullMeansAbsent: ['never', 'onlyA'],
        absentSentAsNull: ['nothing', 'onlyNull'],
      });
      const encoded = encodeArguments(result.codec, {});
      expect(encoded).toStrictEqual({ never: null, nothing: null, onlyA: null, onlyNull: null });
      expect(decodeArguments(result.codec, encoded)).toStrictEqual({
        nothing: null,
        onlyNull: null,
      });
      const onlyA = { never: null, nothing: null, onlyA: 'a', onlyNull: null };
      expect(decodeArguments(result.codec, onlyA)).toStrictEqual({
        nothing: null,
        onlyA: 'a',
        onlyNull: null,
      });
    }
  });

  it('sends an optional null apart from absent where the object may refuse the key', () => {
    // "Not both": `{ a: 1 }` is accepted, `{ a: 1, b: null }` is not. Merged with absent, `b`'s
    // null came back where the call left `b` out. Inside a JSON string `null` is `"null"`, and
    // the wire's own `null` means absent. `c`, which the `not` does not name, stays merged.
    const schema = {
      type: 'object',
      properties: {
        a: { type: ['integer', 'null'] },
        b: { type: ['integer', 'null'], description: 'Either a or b.' },
        c: { type: ['string', 'null'] },
      },
      not: { required: ['a', 'b'] },
    };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties).toStrictEqual({
        a: {
          type: ['string', 'null'],
          description:
            'A JSON-encoded value matching this JSON Schema: {"type":["integer","null"]}',
        },
        b: {
          type: ['string', 'null'],
          description:
            'Either a or b.\nA JSON-encoded value matching this JSON Schema: {"type":["integer","null"],"description":"Either a or b."}',
        },
        c: { type: ['string', 'null'] },
      });
      expect(result.codec.root).toStrictEqual({
        kind: 'object',
        properties: { a: { kind: 'json' }, b: { kind: 'json' } },
        nullMeansAbsent: ['a', 'b'],
        absentSentAsNull: ['c'],
      });
      expectSentAs(result, [
        [
          { a: 1, c: null },
          { a: '1', b: null, c: null },
        ],
        [
          { b: null, c: null },
          { a: null, b: 'null', c: null },
        ],
      ]);
    }
  });

  it('reads as absent the null of a merged root branch that counts its keys', () => {
    // Found by the round-trip law (FUZZ_SEED=8, objects that judge their keys): `t0` takes
    // `null` for `meta` but holds one key at most, so `{ type: "t0", meta: null }` is refused,
    // and `{ type: "t0" }` must not come back holding `meta`. `t1` keeps reading it as `null`.
    const branch = (tag: string, rest: Record<string, unknown>) => ({
      type: 'object',
      properties: { type: { const: tag }, meta: { type: ['string', 'null'] } },
      required: ['type'],
      additionalProperties: false,
      ...rest,
    });
    const schema = { oneOf: [branch('t0', { maxProperties: 1 }), branch('t1', {})] };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expectSentAs(result, [
        [{ type: 't0' }, { type: 't0', meta: null }],
        [
          { type: 't1', meta: null },
          { type: 't1', meta: null },
        ],
      ]);
      expect(decodeArguments(result.codec, { type: 't1', meta: null })).toStrictEqual({
        type: 't1',
        meta: null,
      });
      // The merge says so; `meta`'s "decoded as null" stays, for `t1`.
      expect(codesOf(result)).toStrictEqual(['profile-root-merged', 'profile-absent-null-merged']);
      expect(result.diagnostics[0]?.message).toContain(
        'Some branches take null for "meta" but may refuse the key it adds',
      );
    }
  });

  it('leaves out the optional keys propertyNames refuses', () => {
    // Found by the round-trip law, FUZZ_SEED=211: the optional `abcd` takes `null`, so its absence
    // was sent as `null` and decoded as `null`, which `propertyNames` refuses with the key.
    const schema = {
      type: 'object',
      properties: {
        ab: { enum: [0, null] },
        abcd: { enum: [0, null] },
        xyz: { type: 'string' },
      },
      propertyNames: { maxLength: 2 },
    };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: { ab: { type: ['number', 'null'], enum: [0, null] } },
        required: ['ab'],
        additionalProperties: false,
        description: 'Constraints: propertyNames: {"maxLength":2}.',
      });
      expectSentAs(result, [
        [{ ab: null }, { ab: null }],
        [{ ab: 0 }, { ab: 0 }],
      ]);
      expect(decodeArguments(result.codec, { ab: null })).toStrictEqual({ ab: null });
    }
    // `'keep'` keeps `propertyNames` on the wire, and every key with it.
    expect(
      Object.keys(toProviderSchema(schema, 'openai').schema.properties as object),
    ).toStrictEqual(['ab', 'abcd', 'xyz']);
  });

  it('reports a keyword described in an unrolled definition once, not once per level', () => {
    // JSON Schema's own draft-04 meta-schema, reduced: `minLength` is an `allOf` of a bounded
    // integer and a default, inside the recursive root. Each unrolled level described `minimum`
    // where the `allOf` merged, and moved that report into its member, where the level before
    // had already put one.
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: {
        count: { type: 'integer', minimum: 0 },
        countOrZero: { allOf: [{ $ref: '#/definitions/count' }, { default: 0 }] },
      },
      type: 'object',
      properties: { minLength: { $ref: '#/definitions/countOrZero' }, items: { $ref: '#' } },
    };
    const result = toProviderSchema(schema, 'portable');
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-keyword-described', '/properties/minLength/allOf/0'],
      ['profile-keyword-described', '/definitions/Root/properties/minLength/allOf/0'],
      ['profile-cycle-unrolled', '/definitions/Root/properties/items'],
      ['profile-object-closed', '/definitions/Root'],
      ['profile-object-closed', ''],
    ]);
  });

  it('portable writes a nullable object, array or formatted string as anyOf with null', () => {
    const owner = closed({ login: { type: 'string' } }, ['login']);
    const schema = closed(
      {
        tag: { type: 'string', description: 'A tag' },
        since: { type: 'string', format: 'date-time', description: 'From' },
        labels: { type: 'array', items: { type: 'string' } },
        owner,
      },
      [],
    );
    const result = toProviderSchema(schema, 'portable');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        tag: { type: ['string', 'null'], description: 'A tag' },
        since: {
          description: 'From',
          anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
        },
        labels: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        owner: { anyOf: [owner, { type: 'null' }] },
      },
      required: ['tag', 'since', 'labels', 'owner'],
      additionalProperties: false,
    });
    const wire = { tag: null, since: null, labels: ['a'], owner: null };
    expect(decodeArguments(result.codec, wire)).toStrictEqual({ labels: ['a'] });
    // A property that is nullable in the original is written the same way by anthropic-strict.
    const nullable = closed({ owner: { anyOf: [owner, { type: 'null' }] } }, ['owner']);
    expect(toProviderSchema(nullable, 'anthropic-strict').schema).toStrictEqual(nullable);
    // OpenAI's strict transform reads a type list whole: it keeps the shorter spelling.
    expect(toProviderSchema(schema, 'openai-strict').schema.properties).toStrictEqual({
      tag: { type: ['string', 'null'], description: 'A tag' },
      since: { type: ['string', 'null'], format: 'date-time', description: 'From' },
      labels: { type: ['array', 'null'], items: { type: 'string' } },
      owner: { ...owner, type: ['object', 'null'] },
    });
  });

  it('anthropic-strict keeps optional properties optional: no union spent on them', () => {
    // Claude strict tools take optional properties; a request may have 24 of them but only 16
    // union parameters, and a property made nullable would be one.
    const schema = closed(
      { id: { type: 'integer' }, note: { type: 'string' }, tags: { type: 'array' } },
      ['id'],
    );
    const result = toProviderSchema(schema, 'anthropic-strict');
    expect(result.schema).toStrictEqual(
      closed(
        {
          id: { type: 'integer' },
          note: { type: 'string' },
          tags: {
            type: 'array',
            items: { type: 'string', description: 'A JSON-encoded value.' },
          },
        },
        ['id'],
      ),
    );
    expect(codesOf(result)).toStrictEqual([]);
    expect(decodeArguments(result.codec, { id: 1 })).toStrictEqual({ id: 1 });
  });

  it('reports an object closed by default', () => {
    expect(
      codes('openai-strict', {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: ['a'],
      }),
    ).toStrictEqual([['profile-object-closed', '']]);
  });

  it('sends a root that lists no properties as a tool without parameters, not as a record', () => {
    // What the MCP SDKs list for a tool without parameters (server-everything's get-env,
    // server-memory's read_graph, mcp-server-kubernetes' ping).
    const schema = { type: 'object', properties: {} };
    const none = { type: 'object', properties: {}, required: [], additionalProperties: false };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema, profile).toStrictEqual(none);
      expect(codesOf(result), profile).toStrictEqual(['profile-object-closed']);
      expect(decodeArguments(result.codec, {}), profile).toStrictEqual({});
    }
    expect(toProviderSchema(schema, 'gemini').schema.properties).toStrictEqual({
      no_parameters: {
        type: 'boolean',
        description: 'This tool takes no parameters: leave this out.',
      },
    });
    // Without `properties`, or below the root, an object that says nothing is a record.
    const record = toProviderSchema({ type: 'object' }, 'openai-strict');
    expect(codesOf(record)).toStrictEqual(['profile-entries']);
    const nested = toProviderSchema(
      { type: 'object', properties: { meta: { type: 'object', properties: {} } } },
      'openai-strict',
    );
    expect(codesOf(nested)).toStrictEqual(['profile-entries', 'profile-object-closed']);
  });

  it('sends a record as { key, value } entries, and an open root beside its properties', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        labels: { type: 'object', additionalProperties: { type: 'number' } },
      },
      required: ['id', 'labels'],
      additionalProperties: { type: 'boolean' },
    };
    const result = toProviderSchema(schema, 'portable');
    const entries = (value: Record<string, unknown>) => ({
      type: 'array',
      items: closed({ key: { type: 'string' }, value }, ['key', 'value']),
      description: 'Entries of an object, as { key, value } pairs; each key at most once.',
    });
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        labels: entries({ type: 'number' }),
        otherProperties: entries({ type: 'boolean' }),
      },
      required: ['id', 'labels', 'otherProperties'],
      additionalProperties: false,
    });
    expect(result.codec.root).toStrictEqual({
      kind: 'object',
      properties: { id: null, labels: { kind: 'entries', value: null } },
      extra: { property: 'otherProperties', value: null },
    });
    const args = { id: 'x', labels: { a: 1, __proto__: 2 }, done: true };
    const wire = encodeArguments(
      result.codec,
      JSON.parse(JSON.stringify(args).replace('"a":1', '"a":1,"__proto__":2')),
    );
    expect(wire).toStrictEqual({
      id: 'x',
      labels: [
        { key: 'a', value: 1 },
        { key: '__proto__', value: 2 },
      ],
      otherProperties: [{ key: 'done', value: true }],
    });
    const decoded = decodeArguments(result.codec, wire) as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(decoded.labels)).toBe(Object.prototype);
    expect(Object.hasOwn(decoded.labels!, '__proto__')).toBe(true);
    expect(decoded.done).toBe(true);
  });

  it('describes the key counts of an object whose unknown keys travel as entries', () => {
    // JSON-Schema-Test-Suite, maxProperties.json: `{ maxProperties: 0 }` accepts `{}`, which
    // gemini sent as `{ otherProperties: [] }`, one key more than `maxProperties` let through.
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: { type: 'number' },
      minProperties: 2,
      maxProperties: 3,
    };
    const result = toProviderSchema(schema, 'gemini');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        otherProperties: {
          type: 'array',
          items: {
            type: 'object',
            properties: { key: { type: 'string' }, value: { type: 'number' } },
            required: ['key', 'value'],
          },
          description: 'Entries of an object, as { key, value } pairs; each key at most once.',
        },
      },
      required: [],
      description: 'Constraints: minProperties: 2; maxProperties: 3.',
    });
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-entries', ''],
      ['profile-keyword-described', ''],
    ]);
    // Three keys of the original are two on the wire, which `minProperties: 2` alone would judge.
    expect(encodeArguments(result.codec, { a: 'x', b: 1, c: 2 })).toStrictEqual({
      a: 'x',
      otherProperties: [
        { key: 'b', value: 1 },
        { key: 'c', value: 2 },
      ],
    });
    // An object that sends its keys as they are keeps its counts.
    const closedObject = { ...schema, additionalProperties: false };
    expect(toProviderSchema(closedObject, 'gemini').schema).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: [],
      minProperties: 2,
      maxProperties: 3,
    });
  });

  it('reports the keys matching no pattern of an object without additionalProperties as closed', () => {
    const schema = { type: 'object', patternProperties: { '^a': { type: 'array' } } };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      expect(codes(profile, schema), profile).toStrictEqual([
        ['profile-object-closed', ''],
        ['profile-entries', ''],
      ]);
    }
    // With additionalProperties, every key can be sent: nothing is closed.
    const open = { ...schema, additionalProperties: { type: 'string' } };
    expect(codes('portable', open).map(([code]) => code)).not.toContain('profile-object-closed');
    // gemini-json-schema keeps objects as they are.
    expect(codes('gemini-json-schema', schema)).toStrictEqual([]);
  });

  it('sends a value of any type as a JSON-encoded string', () => {
    const result = toProviderSchema(
      { type: 'object', properties: { data: {} }, required: ['data'] },
      'anthropic-strict',
    );
    expect((result.schema.properties as Record<string, unknown>).data).toStrictEqual({
      type: 'string',
      description: 'A JSON-encoded value.',
    });
    expect(decodeArguments(result.codec, { data: '{"a":[1]}' })).toStrictEqual({
      data: { a: [1] },
    });
    expect(decodeArguments(result.codec, { data: 'plain text' })).toStrictEqual({
      data: 'plain text',
    });
  });

  it('sends an optional value of any type as a nullable JSON string: null is absent, "null" is null', () => {
    // Pydantic's optional `Any` (FastMCP lists `{"title": "Payload"}`, not required).
    const schema = { type: 'object', properties: { payload: { title: 'Payload' } } };
    for (const profile of ['portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect((result.schema.properties as Record<string, unknown>).payload, profile).toStrictEqual({
        type: ['string', 'null'],
        title: 'Payload',
        description: 'A JSON-encoded value.',
      });
      expect(result.codec.root, profile).toStrictEqual({
        kind: 'object',
        properties: { payload: { kind: 'json' } },
        nullMeansAbsent: ['payload'],
      });
      expect(codesOf(result), profile).toStrictEqual(['profile-object-closed']);
      for (const args of [{}, { payload: null }, { payload: { a: [1] } }]) {
        const wire = encodeArguments(result.codec, args);
        expect(wire, profile).toStrictEqual({
          payload: Object.hasOwn(args, 'payload') ? JSON.stringify(args.payload) : null,
        });
        expect(decodeArguments(result.codec, wire), profile).toStrictEqual(args);
      }
    }
  });

  it('unrolls a cycle, then sends the rest as a JSON string, so any depth stays sendable', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      additionalProperties: false,
      $defs: {
        Node: {
          type: 'object',
          properties: { next: { $ref: '#/$defs/Node' } },
          additionalProperties: false,
        },
      },
    };
    const result = toProviderSchema(schema, 'portable');
    expect(JSON.stringify(result.schema)).not.toContain('"$ref"');
    expect(codesOf(result)).toContain('profile-cycle-unrolled');
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 50; level++) deep = { next: deep };
    const args = { root: deep };
    const wire = encodeArguments(result.codec, args);
    expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
  });

  it('unrolls a cycle with many recursive properties fewer levels, so the schema stays small', () => {
    // The shape of JSON Schema's draft-07 meta-schema (its 160 nodes unrolled 3 levels made a
    // 28 MB wire schema): a node whose every property is the node again.
    const names = Array.from({ length: 16 }, (_, index) => `p${index}`);
    const node = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { $ref: '#/$defs/Node' }])),
      additionalProperties: false,
    };
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      required: ['root'],
      additionalProperties: false,
      $defs: { Node: node },
    };
    for (const profile of ['portable', 'openai-strict', 'gemini', 'anthropic-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      // Two levels: 16 objects of 16 JSON strings (3 levels would be 4,096 objects, 2 MB).
      expect(JSON.stringify(result.schema).length, profile).toBeLessThan(40_000);
      const unrolled = result.diagnostics.filter((d) => d.code === 'profile-cycle-unrolled');
      expect(unrolled.map((d) => d.message)[0], profile).toBe(
        'The recursion through #/$defs/Node was unrolled 2 levels (not 3: that would add more than 2000 schema nodes); deeper values travel as a JSON-encoded string.',
      );
      const args = { root: { p0: { p1: { p2: { p3: {} } } }, p15: {} } };
      const wire = encodeArguments(result.codec, args);
      expect(decodeArguments(result.codec, wire), profile).toStrictEqual(args);
    }
    // A tail names the schema that encloses it rather than repeating its JSON at every tail.
    type Wire = { properties: Record<string, Wire>; description?: string };
    const root = (toProviderSchema(schema, 'openai-strict').schema as unknown as Wire).properties
      .root!;
    expect(root.properties.p0!.properties.p1).toStrictEqual({
      type: ['string', 'null'],
      description: 'A JSON-encoded value of the same schema as the enclosing "Node".',
    });
    // A cycle that stays small is unrolled the recipe's 3 levels, as before.
    const small = toProviderSchema(
      { ...schema, $defs: { Node: { ...node, properties: { p0: node.properties.p0 } } } },
      'portable',
    );
    expect(small.diagnostics.find((d) => d.code === 'profile-cycle-unrolled')?.message).toBe(
      'The recursion through #/$defs/Node was unrolled 3 levels; deeper values travel as a JSON-encoded string.',
    );
  });

  it('writes schema summaries into JSON-string descriptions up to a budget, then only what they are', () => {
    // Vega's `legend`: a definition used at hundreds of places, each a JSON string repeating it
    // (4.8 MB of descriptions). Here 100 uses of a node too wide to unroll even once.
    const names = Array.from({ length: 100 }, (_, index) => `p${index}`);
    const node = {
      type: 'object',
      properties: Object.fromEntries(
        names.slice(0, 60).map((name) => [name, { $ref: '#/$defs/Node' }]),
      ),
      additionalProperties: false,
    };
    const schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { $ref: '#/$defs/Node' }])),
      required: names,
      additionalProperties: false,
      $defs: { Node: node },
    };
    const result = toProviderSchema(schema, 'openai-strict');
    const wire = Object.values(result.schema.properties as Record<string, { description: string }>);
    const summarized = wire.filter((property) =>
      property.description.startsWith('A JSON-encoded value matching this JSON Schema: {'),
    );
    // Each summary quotes the node, its references to itself written `#`.
    expect(summarized[0]!.description).toContain('"p0":{"$ref":"#"}');
    expect(summarized.length).toBe(27);
    expect(wire.slice(27).every((p) => p.description === 'A JSON-encoded value.')).toBe(true);
    expect(JSON.stringify(result.schema).length).toBeLessThan(50_000);
    const args = { ...Object.fromEntries(names.map((name) => [name, {}])), p0: { p1: { p2: {} } } };
    expect(decodeArguments(result.codec, encodeArguments(result.codec, args))).toStrictEqual(args);
  });

  it('turns oneOf into anyOf and tells the branches apart by their discriminator', () => {
    const circle = closed({ kind: { const: 'circle' }, r: { type: 'number' } }, ['kind', 'r']);
    const size = { type: 'object', additionalProperties: { type: 'number' } };
    const box = closed({ kind: { const: 'box' }, size }, ['kind']);
    const schema = closed({ shape: { oneOf: [circle, box] } }, ['shape']);
    const result = toProviderSchema(schema, 'openai-strict');
    expect(codesOf(result)).toStrictEqual(['profile-one-of', 'profile-entries']);
    const args = { shape: { kind: 'box', size: { w: 2 } } };
    const wire = encodeArguments(result.codec, args);
    expect(wire).toStrictEqual({ shape: { kind: 'box', size: [{ key: 'w', value: 2 }] } });
    expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    expect(decodeArguments(result.codec, { shape: { kind: 'circle', r: 1 } })).toStrictEqual({
      shape: { kind: 'circle', r: 1 },
    });
  });

  it('sends the object of a union that only requires names, where the branches cannot be told apart', () => {
    // GitHub's projects/add-item-for-org: "send id, or owner and repo".
    const body = ADD_ITEM_BODY;
    const schema = { type: 'object', properties: { body }, required: ['body'] };
    const nullable = (type: string) => ({ type: [type, 'null'] });
    const result = toProviderSchema(schema, 'portable');
    expect(result.schema.properties).toStrictEqual({
      body: {
        type: 'object',
        properties: {
          type: { type: 'string', enum: ['Issue', 'PullRequest'] },
          id: nullable('integer'),
          owner: nullable('string'),
          repo: nullable('string'),
        },
        required: ['type', 'id', 'owner', 'repo'],
        additionalProperties: false,
        description: 'Constraints: oneOf: [{"required":["id"]},{"required":["owner","repo"]}].',
      },
    });
    // No `profile-one-of`: the wire holds no union; the described one is the validator's.
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-object-closed', '/properties/body'],
      ['profile-keyword-described', '/properties/body'],
      ['profile-object-closed', ''],
    ]);
    expect(result.diagnostics[1]?.message).toBe(
      'portable does not accept oneOf here; moved into the description (the validator still enforces it).',
    );
    const args = { body: { type: 'Issue', id: 3 } };
    const wire = encodeArguments(result.codec, args);
    expect(wire).toStrictEqual({ body: { type: 'Issue', id: 3, owner: null, repo: null } });
    expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    // `anyOf` ("at least one of these") the same way, named as written.
    const { oneOf, ...rest } = body;
    const anyOf = { ...rest, anyOf: oneOf };
    const described = toProviderSchema(
      { type: 'object', properties: { body: anyOf }, required: ['body'] },
      'openai-strict',
    ).diagnostics.filter(({ code }) => code === 'profile-keyword-described');
    expect(
      described.map(({ pointer, message }) => [pointer, message.split(' here')[0]]),
    ).toStrictEqual([['/properties/body', 'openai-strict does not accept anyOf']]);
    // Where the branches can be told apart (absent stays absent), the union stays.
    const kept = toProviderSchema(schema, 'anthropic-strict').schema.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(kept.body?.anyOf).toHaveLength(2);
  });

  it('sends the object of a union that narrows only properties it declares', () => {
    // GitHub's checks/update: "a status of completed requires conclusion" as a union beside the
    // request body's properties. Its branches narrow what the object declares, so the object
    // accepts all they do, and is sent with the union described.
    const branches = [
      { properties: { status: { enum: ['completed'] } }, required: ['conclusion'] },
      { properties: { status: { enum: ['queued'] } }, additionalProperties: true },
    ];
    const body = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['queued', 'completed'] },
        conclusion: { type: 'string' },
      },
      anyOf: branches,
    };
    const schema = { type: 'object', properties: { body }, required: ['body'] };
    const result = toProviderSchema(schema, 'portable');
    expect(result.schema.properties).toStrictEqual({
      body: {
        type: 'object',
        properties: {
          status: { type: ['string', 'null'], enum: ['queued', 'completed', null] },
          conclusion: { type: ['string', 'null'] },
        },
        required: ['status', 'conclusion'],
        additionalProperties: false,
        description: `Constraints: anyOf: ${JSON.stringify(branches)}.`,
      },
    });
    const args = { body: { status: 'completed', conclusion: 'success' } };
    expect(decodeArguments(result.codec, encodeArguments(result.codec, args))).toStrictEqual(args);
    // A branch that declares a property the object does not (which a closed wire would refuse),
    // or asserts anything else, leaves the union to be told apart or sent as a JSON string.
    for (const other of [
      { properties: { extra: { type: 'string', minLength: 1 } }, required: ['conclusion'] },
      { required: ['conclusion'], minProperties: 2 },
    ]) {
      const kept = toProviderSchema(
        { ...schema, properties: { body: { ...body, anyOf: [other, branches[1]] } } },
        'portable',
      );
      expect(kept.diagnostics.map(({ code }) => code)).toContain('profile-json-string');
    }
  });

  it('reports inside a union branch that leaves other properties open where the keyword stands', () => {
    // GitHub's checks/update again, as written: each branch says `additionalProperties: true`,
    // which checks nothing. Read into each branch beside the object, a property the branch does
    // not list was `allOf: [property, true]`, and a keyword described deep inside it was reported
    // at the property (`/properties/body/properties/output`), not where it stands.
    const body = {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['queued', 'completed'] },
        output: {
          type: 'object',
          properties: { summary: { type: 'string', maxLength: 65535 } },
          additionalProperties: false,
        },
      },
      anyOf: [
        {
          properties: { status: { enum: ['completed'] } },
          required: ['output'],
          additionalProperties: true,
        },
        { properties: { status: { enum: ['queued'] } }, additionalProperties: true },
      ],
    };
    const schema = { type: 'object', properties: { body }, required: ['body'] };
    for (const profile of ['anthropic-strict', 'portable'] as const) {
      const described = toProviderSchema(schema, profile).diagnostics.filter(
        ({ code, message }) =>
          code === 'profile-keyword-described' && message.includes('maxLength'),
      );
      expect(
        described.map(({ pointer }) => pointer),
        profile,
      ).toStrictEqual(['/properties/body/properties/output/properties/summary']);
    }
  });

  it('keeps a union whose branches cannot be told apart but map every value alike', () => {
    // GitHub's issues/set-labels: `labels` as strings or as objects. Both branches read a `null`
    // `labels` as absent; what differs deeper maps nothing, so either branch decodes a value the
    // same way, and the union need not travel as a JSON string.
    const strings = {
      type: 'object',
      properties: { labels: { type: 'array', items: { type: 'string' } } },
    };
    const objects = {
      type: 'object',
      properties: {
        labels: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
      },
    };
    const schema = {
      type: 'object',
      properties: { body: { oneOf: [strings, objects] } },
      required: ['body'],
    };
    const result = toProviderSchema(schema, 'portable');
    const labels = (items: Record<string, unknown>) => ({
      type: 'object',
      properties: { labels: { anyOf: [{ type: 'array', items }, { type: 'null' }] } },
      required: ['labels'],
      additionalProperties: false,
    });
    expect(result.schema.properties).toStrictEqual({
      body: {
        anyOf: [
          labels({ type: 'string' }),
          labels({
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          }),
        ],
      },
    });
    expect(codesOf(result)).not.toContain('profile-json-string');
    for (const args of [
      { body: { labels: ['bug'] } },
      { body: { labels: [{ name: 'bug' }] } },
      { body: {} },
    ]) {
      const wire = encodeArguments(result.codec, args);
      expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    }
    expect(decodeArguments(result.codec, { body: { labels: null } })).toStrictEqual({ body: {} });
  });

  it('keeps a union of closed objects that share only {}, every key optional', () => {
    // Notion's API-patch-block-children: blocks told apart by a `type` tag that is optional, so
    // both branches accept `{}`; it decodes to `{}` and encodes to either branch's wire.
    const block = (type: string) => ({
      type: 'object',
      properties: {
        [type]: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        type: { type: 'string', enum: [type] },
      },
      additionalProperties: false,
    });
    const schema = closed(
      { children: { type: 'array', items: { anyOf: [block('paragraph'), block('quote')] } } },
      ['children'],
    );
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(codesOf(result)).not.toContain('profile-json-string');
      const args = {
        children: [{ type: 'paragraph', paragraph: { text: 'a' } }, { quote: { text: 'b' } }, {}],
      };
      const wire = encodeArguments(result.codec, args);
      expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    }
    // A branch that may refuse `{}` (here: `minProperties`) still needs telling apart.
    const strict = closed(
      {
        children: {
          type: 'array',
          items: { anyOf: [{ ...block('paragraph'), minProperties: 1 }, block('quote')] },
        },
      },
      ['children'],
    );
    expect(codesOf(toProviderSchema(strict, 'portable'))).toContain('profile-json-string');
  });

  it('sends a nullable object whose union only requires names as the object or null', () => {
    // GitHub's repos/create-pages-site: OpenAPI 3.0 `nullable: true` beside "send source or
    // build_type". Names required constrain objects only: `null` passes every branch.
    const body = {
      type: 'object',
      nullable: true,
      description: 'The site.',
      properties: { build_type: { enum: ['legacy', 'workflow'] }, source: { type: 'string' } },
      anyOf: [{ required: ['source'] }, { required: ['build_type'] }],
    };
    const schema = { type: 'object', properties: { body }, required: ['body'] };
    const result = toProviderSchema(schema, 'openai-strict');
    expect(result.schema.properties).toStrictEqual({
      body: {
        type: ['object', 'null'],
        properties: {
          build_type: { type: ['string', 'null'], enum: ['legacy', 'workflow', null] },
          source: { type: ['string', 'null'] },
        },
        required: ['build_type', 'source'],
        additionalProperties: false,
        description:
          'The site.\nConstraints: anyOf: [{"required":["source"]},{"required":["build_type"]}].',
      },
    });
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-object-closed', '/properties/body'],
      ['profile-keyword-described', '/properties/body'],
      ['profile-object-closed', ''],
    ]);
    for (const args of [{ body: { source: 'docs' } }, { body: null }]) {
      const wire = encodeArguments(result.codec, args);
      expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    }
    expect(encodeArguments(result.codec, { body: { source: 'docs' } })).toStrictEqual({
      body: { source: 'docs', build_type: null },
    });
  });

  it('leaves out a union branch that requires a key no value can fill, and reports nothing for it', () => {
    // GitHub's campaigns/create-campaign: "send code_scanning_alerts or secret_scanning_alerts",
    // where the second is not a property of a closed object: that branch accepts no value.
    const body = {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        alerts: { type: 'array', items: { type: 'integer' } },
      },
      required: ['name'],
      oneOf: [{ required: ['alerts'] }, { required: ['secrets'] }],
    };
    const schema = { type: 'object', properties: { body, never: false }, required: ['body'] };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      const result = toProviderSchema(schema, profile);
      const properties = result.schema.properties as Record<string, Record<string, unknown>>;
      // One branch left: no union, and no property that only a JSON string could fill.
      expect(Object.keys(properties)).toStrictEqual(['body']);
      expect(properties.body?.anyOf).toBeUndefined();
      expect(Object.keys(properties.body?.properties as object)).toStrictEqual(['name', 'alerts']);
      expect(codesOf(result)).not.toContain('profile-json-string');
      const args = { body: { name: 'n', alerts: [1] } };
      expect(decodeArguments(result.codec, encodeArguments(result.codec, args))).toStrictEqual(
        args,
      );
    }
    // Where the object's type is only inferred, the branch as written accepts every value that
    // is not an object: it stays, its required key with it.
    const inferred = toProviderSchema(
      closed(
        { v: { anyOf: [{ properties: { x: false }, required: ['x'] }, { type: 'string' }] } },
        ['v'],
      ),
      'portable',
    );
    expect((inferred.schema.properties as Record<string, unknown>).v).toStrictEqual({
      anyOf: [
        {
          type: 'object',
          properties: {
            x: {
              type: 'string',
              description: 'A JSON-encoded value matching this JSON Schema: false',
            },
          },
          required: ['x'],
          additionalProperties: false,
        },
        { type: 'string' },
      ],
    });
  });

  it('sends a union whose branches cannot be told apart as a JSON string', () => {
    const schema = {
      type: 'object',
      properties: {
        v: {
          anyOf: [
            { type: 'object', additionalProperties: { type: 'string' } },
            // `{ a: "" }` matches this branch's guard, but the record takes it, not this branch.
            { type: 'object', properties: { a: { type: 'string', minLength: 1 } } },
          ],
        },
      },
      required: ['v'],
    };
    const result = toProviderSchema(schema, 'openai-strict');
    expect(result.codec.root).toStrictEqual({
      kind: 'object',
      properties: { v: { kind: 'json' } },
    });
    // The branches were rewritten (one into entries, one closed) before the union gave them up:
    // the string carries the original whole, so only the string is reported.
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-json-string', '/properties/v'],
      ['profile-object-closed', ''],
    ]);
  });

  it('tells open alternatives apart by the types of their properties', () => {
    // 1Password's events API: a body is a cursor, or a time range to start again from. Neither
    // branch requires a key, and any object has the keys of either: on the wire each is closed,
    // and a value the cursor's guard matches (its one key a string, if there) is one it accepts.
    const cursor = {
      description: 'Cursor',
      properties: { cursor: { type: 'string', example: 'aGVsbG8h' } },
    };
    const reset = {
      description: 'Reset cursor',
      properties: {
        start_time: { type: 'string', format: 'date-time' },
        limit: { type: 'number', minimum: 1, maximum: 1000 },
      },
    };
    const schema = { type: 'object', properties: { body: { oneOf: [cursor, reset] } } };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(codesOf(result), profile).not.toContain('profile-json-string');
      for (const body of [{ cursor: 'c' }, {}, { start_time: '2025-10-15T13:51:11Z', limit: 5 }])
        expectRoundTrip(result, profile, { body });
    }
    // A cursor that is no string is not the cursor's: the guard, then the encoder, tell so.
    const cursorTyped = toProviderSchema(
      {
        type: 'object',
        properties: {
          body: { anyOf: [cursor, { type: 'object', additionalProperties: { type: 'number' } }] },
        },
      },
      'portable',
    );
    expect(codesOf(cursorTyped)).not.toContain('profile-json-string');
    expectRoundTrip(cursorTyped, 'portable', { body: { cursor: 1, limit: 2 } });
    expectRoundTrip(cursorTyped, 'portable', { body: { cursor: 'c' } });
  });

  it('tells closed branches apart by their keys where the wire cannot close them (Gemini)', () => {
    // Notion's block children: a paragraph or a bulleted item, each closed, neither requiring a
    // key. Gemini's objects have no additionalProperties, so on the wire both take any key; but
    // the originals refuse every key they do not list, so a value with another key is no branch's
    // encoding, and each branch's guard keeps to its keys.
    const record = { type: 'object', additionalProperties: { type: 'string' } };
    const block = (key: string) =>
      closed({ [key]: record, type: { type: 'string', enum: [key] } }, []);
    const schema = {
      type: 'object',
      properties: { block: { anyOf: [block('paragraph'), block('bulleted')] } },
      required: ['block'],
    };
    for (const profile of ['gemini', 'portable', 'openai-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(codesOf(result), profile).not.toContain('profile-json-string');
      for (const value of [{ paragraph: { a: 'x' } }, { bulleted: {}, type: 'bulleted' }, {}])
        expectRoundTrip(result, profile, { block: value });
    }
    // A wire value with both keys decodes through neither branch's codec: the validator refuses
    // it, as it refuses the original value.
    const gemini = toProviderSchema(schema, 'gemini');
    const both = { block: { paragraph: [{ key: 'a', value: 'x' }], bulleted: [] } };
    expect(decodeArguments(gemini.codec, both)).toStrictEqual(both);
  });

  it('quotes what a JSON-encoded string must match readable alone: its definitions, and # for itself', () => {
    // A recursive filter as ArkType lists it: Gemini takes no recursion through required
    // properties, the union then travels as a JSON string, and its description named
    // `#/$defs/filter_2`, a definition the wire does not hold.
    // Its `default` looks like a reference but is a value: the quote carries nothing for it.
    const leaf = {
      type: 'object',
      properties: { property: { type: 'string' } },
      required: ['property'],
      default: { $ref: '#/$defs/tree' },
    };
    const filter2 = {
      type: 'object',
      properties: { and: { $ref: '#/$defs/and' } },
      required: ['and'],
    };
    const schema = {
      type: 'object',
      properties: { filter: { $ref: '#/$defs/filter' }, tree: { $ref: '#/$defs/tree' } },
      required: ['filter'],
      $defs: {
        tree: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/tree' } } },
        },
        and: { type: 'array', items: { $ref: '#/$defs/filter' } },
        filter: { anyOf: [{ $ref: '#/$defs/filter_2' }, leaf] },
        filter_2: filter2,
      },
    };
    for (const profile of ['gemini', 'gemini-json-schema'] as const) {
      const { description } = (
        toProviderSchema(schema, profile).schema.properties as Record<
          string,
          { description: string }
        >
      ).filter!;
      const prefix = 'A JSON-encoded value matching this JSON Schema: ';
      expect(description.startsWith(prefix), profile).toBe(true);
      // The definitions it names ride along, and its own recursion reads `#`.
      expect(JSON.parse(description.slice(prefix.length)), profile).toStrictEqual({
        anyOf: [{ $ref: '#/$defs/filter_2' }, leaf],
        $defs: { filter_2: filter2, and: { type: 'array', items: { $ref: '#' } } },
      });
    }
  });

  it('carries a definition named __proto__ into a quote as its own key', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"v":{"$ref":"#/$defs/U"}},"required":["v"],"$defs":{"U":{"anyOf":[{"$ref":"#/$defs/__proto__"},{"type":"object","properties":{"k":{"type":"string"}},"required":["k"]}]},"__proto__":{"type":"object","properties":{"next":{"$ref":"#/$defs/U"}},"required":["next"]}}}',
    );
    const { description } = (
      toProviderSchema(schema, 'gemini').schema.properties as Record<
        string,
        { description: string }
      >
    ).v!;
    const quote = JSON.parse(
      description.replace('A JSON-encoded value matching this JSON Schema: ', ''),
    );
    expect(Object.keys(quote.$defs)).toStrictEqual(['__proto__']);
    expect(Object.getPrototypeOf(quote.$defs)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(quote.$defs, '__proto__')?.value).toStrictEqual(
      JSON.parse('{"type":"object","properties":{"next":{"$ref":"#"}},"required":["next"]}'),
    );
    expect(Object.hasOwn(Object.prototype, 'next')).toBe(false);
  });

  it('keeps a union whose one branch takes any object, encoding shared values that way', () => {
    // mongodb-mcp-server's aggregation stage: a known stage, or any other stage object.
    const vectorSearch = {
      type: 'object',
      properties: { index: { type: 'string' }, limit: { type: 'integer' } },
      required: ['index'],
    };
    const known = {
      type: 'object',
      properties: { $vectorSearch: vectorSearch },
      required: ['$vectorSearch'],
    };
    const anyStage = { type: 'object', properties: {}, additionalProperties: {} };
    const schema = {
      type: 'object',
      properties: { pipeline: { type: 'array', items: { anyOf: [known, anyStage] } } },
      required: ['pipeline'],
    };
    const result = toProviderSchema(schema, 'openai-strict');
    expect(codesOf(result)).not.toContain('profile-json-string');
    const items = (result.codec.root as { properties: Record<string, { items: unknown }> })
      .properties.pipeline!.items as { kind: string; branches: Array<{ codec: unknown }> };
    expect(items.kind).toBe('union');
    // The branch that accepts whatever its guard matches is tried first by the encoder.
    expect(items.branches.map((branch) => branch.codec)).toStrictEqual([
      { kind: 'entries', value: { kind: 'json' } },
      {
        kind: 'object',
        properties: { $vectorSearch: { kind: 'object', nullMeansAbsent: ['limit'] } },
      },
    ]);
    const wire = compileFresh('2020-12', result.schema);
    if (!('validate' in wire)) throw wire.error;
    const args = {
      pipeline: [{ $vectorSearch: { index: 'i' } }, { $match: { a: 1 } }, { $vectorSearch: 5 }],
    };
    const encoded = encodeArguments(result.codec, args);
    expect(wire.validate(encoded)).toBe(true);
    expect(decodeArguments(result.codec, encoded)).toStrictEqual(args);
    // What a model sends in the known stage's shape decodes too.
    const sent = { pipeline: [{ $vectorSearch: { index: 'i', limit: null } }] };
    expect(wire.validate(sent)).toBe(true);
    expect(decodeArguments(result.codec, sent)).toStrictEqual({
      pipeline: [{ $vectorSearch: { index: 'i' } }],
    });
  });

  it("follows a cycle's `$ref` that an `allOf` holds beside a description (OpenAPI 3.0)", () => {
    // OpenAPI 3.0 gives a `$ref` no siblings, so API descriptions describe a reference as
    // `allOf: [{ $ref }, { description }]` (AWS Cost Explorer's recursive `Expression`); where the
    // reference is a cycle the pass keeps, the `allOf` is read as the `$ref` beside the rest.
    const schema = {
      type: 'object',
      properties: {
        filter: { allOf: [{ $ref: '#/$defs/Expression' }, { description: 'What to match.' }] },
      },
      required: ['filter'],
      $defs: {
        Expression: {
          type: 'object',
          properties: {
            And: { type: 'array', items: { $ref: '#/$defs/Expression' } },
            Not: { allOf: [{ $ref: '#/$defs/Expression' }, { description: 'The negation.' }] },
            Key: { type: 'string' },
          },
        },
      },
    };
    const args = { filter: { And: [{ Key: 'a' }, { Not: { Key: 'b' } }], Key: 'c' } };
    for (const profile of PROFILES) {
      const result = toProviderSchema(schema, profile);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      const filter = (result.schema.properties as Record<string, Record<string, unknown>>).filter!;
      // Where the profile rewrites the schema: an object described at its use, the recursion
      // unrolled (before, the whole filter travelled as a JSON string).
      if (!Object.hasOwn(result.schema, '$defs')) {
        expect([filter.type, filter.description], profile).toStrictEqual([
          'object',
          'What to match.',
        ]);
      }
      expect(
        result.diagnostics.filter((diagnostic) => diagnostic.message.includes('allOf')),
        profile,
      ).toStrictEqual([]);
      expectRoundTrip(result, profile, args);
    }
    const portable = toProviderSchema(schema, 'portable').schema.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(portable.filter!.properties as object)).toStrictEqual(['And', 'Not', 'Key']);
  });

  it('follows a `$ref` an `allOf` nested in a member holds (a schema derived twice)', () => {
    // Microsoft Graph's OpenAPI description derives `user` from `directoryObject` from `entity`,
    // each as `allOf: [{ $ref: base }, { properties }]`; `entity` recurs, so the pass keeps it
    // and inlines the others: an `allOf` whose one `$ref` sits in a nested `allOf`.
    const schema = {
      type: 'object',
      properties: { user: { $ref: '#/$defs/user' } },
      required: ['user'],
      $defs: {
        entity: {
          type: 'object',
          properties: { id: { type: 'string' }, manager: { $ref: '#/$defs/entity' } },
          required: ['id'],
        },
        directoryObject: {
          allOf: [{ $ref: '#/$defs/entity' }, { properties: { deleted: { type: 'boolean' } } }],
        },
        user: {
          allOf: [
            { $ref: '#/$defs/directoryObject' },
            { properties: { name: { type: 'string' } }, required: ['name'] },
          ],
        },
      },
    };
    const args = { user: { id: 'u1', name: 'Ada', deleted: false, manager: { id: 'u2' } } };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      const user = (result.schema.properties as Record<string, Record<string, unknown>>).user!;
      expect(Object.keys(user.properties as object), profile).toStrictEqual([
        'id',
        'manager',
        'deleted',
        'name',
      ]);
      expectRoundTrip(result, profile, args);
    }
  });

  it('tries first an open object branch whose guard holds all it asserts (a tag and required keys)', () => {
    // Notion's `parent`: `{ page_id }` or `{ type: "workspace" }`, both open. A value may hold both
    // keys; the second branch accepts every value its guard (`type` is "workspace") matches, so
    // the encoder tries it first and the branches need not be apart in the original.
    const page = {
      type: 'object',
      properties: { page_id: { type: 'string' } },
      required: ['page_id'],
      additionalProperties: true,
    };
    const workspace = {
      type: 'object',
      properties: { type: { const: 'workspace' } },
      required: ['type'],
      additionalProperties: true,
    };
    const schema = {
      type: 'object',
      properties: { parent: { oneOf: [page, workspace] } },
      required: ['parent'],
    };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      expect(codesOf(result), profile).not.toContain('profile-json-string');
      for (const parent of [
        { page_id: 'p' },
        { type: 'workspace' },
        { type: 'workspace', page_id: 5 },
        { page_id: 'p', note: 'n' },
      ])
        expectRoundTrip(result, profile, { parent });
    }
  });

  it('tells closed branches apart by the keys the wire lists for them', () => {
    // The wire closes both objects (`profile-object-closed`), so a value can bring back only the
    // keys listed: `{ x, y }` is the second branch's, though the open first branch takes it too.
    const first = { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] };
    const counts = { type: 'object', additionalProperties: { type: 'number' } };
    const second = {
      type: 'object',
      properties: { x: { type: 'string' }, y: counts },
      required: ['x', 'y'],
    };
    const schema = closed({ v: { anyOf: [first, second] } }, ['v']);
    const result = toProviderSchema(schema, 'openai-strict');
    expect(codesOf(result)).not.toContain('profile-json-string');
    const wire = compileFresh('2020-12', result.schema);
    if (!('validate' in wire)) throw wire.error;
    for (const args of [{ v: { x: 'a' } }, { v: { x: 'a', y: { k: 1 } } }]) {
      const encoded = encodeArguments(result.codec, args);
      expect(wire.validate(encoded)).toBe(true);
      expect(decodeArguments(result.codec, encoded)).toStrictEqual(args);
    }
    expect(encodeArguments(result.codec, { v: { x: 'a', y: { k: 1 } } })).toStrictEqual({
      v: { x: 'a', y: [{ key: 'k', value: 1 }] },
    });
  });

  it('reports nothing from inside an object that travels as a JSON string after all', () => {
    // Nine objects deep, the record's { key, value } entries would pass OpenAI's 10 levels: the
    // object travels as a string, and its property's format was never moved into a description.
    let inner: Record<string, unknown> = {
      type: 'object',
      properties: { note: { type: 'string', format: 'color' } },
      additionalProperties: { type: 'number' },
    };
    for (let level = 0; level < 9; level++) {
      inner = {
        type: 'object',
        properties: { next: inner },
        required: ['next'],
        additionalProperties: false,
      };
    }
    const result = toProviderSchema(inner, 'openai-strict');
    const deepest = `${'/properties/next'.repeat(9)}`;
    expect(result.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-json-string', deepest],
    ]);
    const args = JSON.parse(`${'{"next":'.repeat(9)}{"note":"hi","n":1}${'}'.repeat(9)}`) as Record<
      string,
      unknown
    >;
    const wire = encodeArguments(result.codec, args);
    expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
  });

  it('counts the object a wrapped root travels in toward the nesting limit (FUZZ_SEED=252)', () => {
    // Ten objects deep in a root union that cannot be merged into one object (a branch with a
    // `not`): wrapped under `value`, the wire would nest eleven, which OpenAI's strict mode refuses.
    const other = {
      ...closed({ other: { type: 'string' } }, ['other']),
      not: { required: ['x'] },
    };
    let deep: Record<string, unknown> = closed({ leaf: { type: 'string' } }, ['leaf']);
    for (let level = 0; level < 9; level++) deep = closed({ next: deep }, ['next']);
    const schema = { anyOf: [deep, other] };
    for (const profile of ['openai-strict', 'portable'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      expect(result.codec.root?.kind, profile).toBe('wrap');
      // The tenth object (nine below the union) travels as a JSON string, and says why.
      const deepest = `/anyOf/0${'/properties/next'.repeat(9)}`;
      expect(
        result.diagnostics.filter((diagnostic) => diagnostic.code === 'profile-json-string'),
        profile,
      ).toStrictEqual([
        {
          code: 'profile-json-string',
          pointer: deepest,
          message: `Objects nest deeper than the 10 levels ${profile} accepts here, the object the root travels in counted; it travels as a JSON-encoded string.`,
        },
      ]);
      for (const args of [
        JSON.parse(`${'{"next":'.repeat(9)}{"leaf":"x"}${'}'.repeat(9)}`) as unknown,
        { other: 'y' },
      ]) {
        const wire = encodeArguments(result.codec, args);
        expect(decodeArguments(result.codec, wire), profile).toStrictEqual(args);
      }
    }
    // Nine deep, the wrapped wire nests ten: nothing travels as a string.
    let nine: Record<string, unknown> = closed({ leaf: { type: 'string' } }, ['leaf']);
    for (let level = 0; level < 8; level++) nine = closed({ next: nine }, ['next']);
    const within = toProviderSchema({ anyOf: [nine, other] }, 'openai-strict');
    expect(checkProviderSchema(within.schema, 'openai-strict')).toStrictEqual([]);
    expect(within.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain(
      'profile-json-string',
    );
  });

  it('decodes null as absent for an optional oneOf that null matches twice, which refuses null', () => {
    // `oneOf` refuses a value two branches accept: SchemaStore's jscsrc lists a rule as
    // `oneOf: [{ anyOf: [options, { type: "null" }] }, { type: "null" }]`, and null matches both.
    const schema = {
      type: 'object',
      properties: {
        rule: { oneOf: [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, { type: 'null' }] },
        once: { oneOf: [{ type: 'string' }, { type: 'null' }] },
      },
    };
    const original = compileFresh('2020-12', schema);
    if (!('validate' in original)) throw original.error;
    expect(original.validate({ rule: null })).toBe(false);
    expect(original.validate({ once: null })).toBe(true);
    for (const profile of ['openai-strict', 'portable'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.codec.root).toStrictEqual({
        kind: 'object',
        nullMeansAbsent: ['rule'],
        absentSentAsNull: ['once'],
      });
      expect(decodeArguments(result.codec, { rule: null, once: null })).toStrictEqual({
        once: null,
      });
      expect(encodeArguments(result.codec, {})).toStrictEqual({ rule: null, once: null });
      expect(
        codes(profile, schema).filter(([code]) => code === 'profile-absent-null-merged'),
      ).toStrictEqual([['profile-absent-null-merged', '/properties/once']]);
    }
  });

  it('merges allOf where it keeps the meaning, else sends a JSON string', () => {
    const merged = toProviderSchema(
      {
        type: 'object',
        properties: {
          both: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              {
                type: 'object',
                properties: { b: { type: 'number', minimum: 1 } },
                required: ['b'],
              },
            ],
          },
        },
        required: ['both'],
        additionalProperties: false,
      },
      'openai-strict',
    );
    expect((merged.schema.properties as Record<string, unknown>).both).toStrictEqual(
      closed({ a: { type: 'string' }, b: { type: 'number', minimum: 1 } }, ['a', 'b']),
    );
    const unmerged = toProviderSchema(
      closed({ n: { allOf: [{ multipleOf: 2 }, { multipleOf: 3 }] } }, ['n']),
      'openai-strict',
    );
    expect(unmerged.codec.root).toStrictEqual({
      kind: 'object',
      properties: { n: { kind: 'json' } },
    });
  });

  it('writes a tuple as items: { anyOf } with its bounds', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: {
          p: {
            type: 'array',
            prefixItems: [{ type: 'string' }, { type: 'integer' }],
            items: false,
            minItems: 2,
          },
        },
        required: ['p'],
        additionalProperties: false,
      },
      'openai-strict',
    );
    expect((result.schema.properties as Record<string, unknown>).p).toStrictEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      maxItems: 2,
      minItems: 2,
    });
    expect(codesOf(result)).toStrictEqual(['profile-tuple']);
  });

  it('gives no branch to the items past a tuple whose maxItems ends within its positions', () => {
    // Pydantic's `tuple[float, float]`: no `items`, so any value may follow the positions, but
    // `maxItems: 2` says none does; a JSON-string branch for them would only invite a wrong value.
    const pair = {
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'number' }],
      minItems: 2,
      maxItems: 2,
    };
    const pairs = toProviderSchema(
      { type: 'object', properties: { pair }, required: ['pair'] },
      'openai-strict',
    );
    expect((pairs.schema.properties as Record<string, unknown>).pair).toStrictEqual({
      type: 'array',
      items: { type: 'number' },
      maxItems: 2,
      minItems: 2,
    });
    expect(decodeArguments(pairs.codec, { pair: [1, 2.5] })).toStrictEqual({ pair: [1, 2.5] });
    // Draft-07's tuple: `additionalItems` judges nothing under `maxItems: 1`.
    const draft07 = toProviderSchema(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          t: {
            type: 'array',
            items: [{ type: 'string' }, { type: 'integer' }],
            additionalItems: { type: 'object' },
            maxItems: 1,
          },
        },
        required: ['t'],
      },
      'openai-strict',
    );
    expect((draft07.schema.properties as Record<string, unknown>).t).toStrictEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      maxItems: 1,
    });
    expect(decodeArguments(draft07.codec, { t: ['a'] })).toStrictEqual({ t: ['a'] });
    // Items past the positions still get their branch where maxItems leaves room for them.
    const open = toProviderSchema(
      { type: 'object', properties: { p: { ...pair, maxItems: 3 } }, required: ['p'] },
      'openai-strict',
    );
    expect((open.schema.properties as Record<string, unknown>).p).toStrictEqual({
      type: 'array',
      items: {
        anyOf: [{ type: 'number' }, { type: 'string', description: 'A JSON-encoded value.' }],
      },
      maxItems: 3,
      minItems: 2,
    });
  });

  it('gemini: string enums decoded back, nullable, no additionalProperties, no const', () => {
    const schema = {
      type: 'object',
      properties: {
        level: { enum: [1, 2, 3] },
        flag: { const: true },
        mode: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
      },
      required: ['level'],
      additionalProperties: false,
    };
    const result = toProviderSchema(schema, 'gemini');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        level: { type: 'string', enum: ['1', '2', '3'] },
        flag: { type: 'string', enum: ['true'] },
        mode: { type: 'string', enum: ['a', 'b'], nullable: true },
      },
      required: ['level'],
    });
    expect(decodeArguments(result.codec, { level: '2', flag: 'true', mode: null })).toStrictEqual({
      level: 2,
      flag: true,
      mode: null,
    });
    expect(codesOf(result)).toStrictEqual(['profile-object-open']);
  });

  it('gemini: a nullable enum is nullable beside the enum, null not listed, decoded to null', () => {
    // Google's SDK writes this form itself (`@google/genai` 3.6.1 `processJsonSchema` turns
    // `anyOf: [{ type, enum }, { type: "null" }]` into `{ nullable: true, type, enum }`; the AI
    // SDK's converter, `@ai-sdk/google` 3.0.141 `addEnumToSchema`, drops `null` from an `enum`
    // into `nullable: true`), and the request it sends is pinned in the integration tests.
    // Gemini's `enum` is a list of strings: `null` cannot be listed there.
    const wireMode = { type: 'string', enum: ['a', 'b'], nullable: true };
    const originals = {
      union: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
      listed: { enum: ['a', 'b', null] },
      typeList: { type: ['string', 'null'], enum: ['a', 'b', null] },
      openApi: { type: 'string', enum: ['a', 'b', null], nullable: true },
    };
    for (const mode of Object.values(originals)) {
      const schema = closed({ mode }, ['mode']);
      const result = toProviderSchema(schema, 'gemini');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: { mode: wireMode },
        required: ['mode'],
      });
      expect(checkProviderSchema(result.schema, 'gemini')).toStrictEqual([]);
      // The round-trip law, the wire read as Gemini reads it: every value the original accepts
      // encodes to a wire-valid value and decodes back; every wire-valid value decodes to one
      // the original accepts.
      const wire = compileFresh('2020-12', readAsGemini(result.schema));
      const original = compileFresh('2020-12', schema);
      if ('error' in wire) throw wire.error;
      if ('error' in original) throw original.error;
      for (const value of ['a', 'b', null, 'c', 1]) {
        const accepted = value === 'a' || value === 'b' || value === null;
        const encoded = encodeArguments(result.codec, { mode: value });
        expect(original.validate({ mode: value })).toBe(accepted);
        expect(wire.validate(encoded)).toBe(accepted);
        expect(decodeArguments(result.codec, encoded)).toStrictEqual({ mode: value });
      }
    }
  });

  it('gemini: describes the keywords beside a null, which travels as the string "null"', () => {
    // FUZZ_SEED=47: `then` refused the only value `type: "null"` takes, and was dropped unsaid.
    const result = toProviderSchema(
      closed({ c: { type: 'null', if: { required: ['a'] }, then: { enum: ['a'] } } }, ['c']),
      'gemini',
    );
    expect((result.schema.properties as Record<string, unknown>).c).toStrictEqual({
      type: 'string',
      enum: ['null'],
      description: 'Constraints: if: {"required":["a"]}; then: {"enum":["a"]}.',
    });
    expect(
      codes('gemini', closed({ c: { type: 'null', not: { type: 'null' } } }, ['c'])),
    ).toStrictEqual([
      ['profile-keyword-described', '/properties/c'],
      ['profile-object-open', ''],
    ]);
    expect(decodeArguments(result.codec, { c: 'null' })).toStrictEqual({ c: null });
  });

  it('gemini: an integer exclusive bound is the inclusive one that admits the same integers', () => {
    // Zod's `.int().positive()`, Pydantic's `PositiveInt`: `exclusiveMinimum: 0` on an integer.
    const schema = closed(
      {
        count: { type: 'integer', exclusiveMinimum: 0 },
        page: {
          type: ['integer', 'null'],
          minimum: 2,
          exclusiveMinimum: 1.5,
          exclusiveMaximum: 10,
        },
        ratio: { type: 'number', exclusiveMinimum: 0 },
      },
      ['count', 'page', 'ratio'],
    );
    const result = toProviderSchema(schema, 'gemini');
    expect(result.schema.properties).toStrictEqual({
      count: { type: 'integer', minimum: 1 },
      page: { type: 'integer', minimum: 2, maximum: 9, nullable: true },
      // A number has no inclusive bound that admits the same values: described, as before.
      ratio: { type: 'number', description: 'Constraints: exclusiveMinimum: 0.' },
    });
    // Gemini cannot close an object: `additionalProperties: false` is left out, as everywhere.
    expect(codesOf(result)).toStrictEqual(['profile-keyword-described', 'profile-object-open']);
    expect(checkProviderSchema(result.schema, 'gemini')).toStrictEqual([]);
    const original = compileFresh('2020-12', schema);
    const wire = compileFresh('2020-12', readAsGemini(result.schema));
    if ('error' in wire) throw wire.error;
    if ('error' in original) throw original.error;
    for (const count of [-1, 0, 1, 2]) {
      for (const page of [null, 0, 1, 2, 3, 9, 10, 11]) {
        const value = { count, page, ratio: 1 };
        expect(wire.validate(value), JSON.stringify(value)).toBe(original.validate(value));
      }
    }
  });

  it('openai, openai-strict: a pattern with a lookaround moves into the description', () => {
    // Zod 4's `z.email()` writes this pattern; OpenAI answers "Invalid JSON schema: regex
    // lookaround is not supported" with or without `strict`.
    const email =
      "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
    const schema = closed(
      { to: { type: 'string', pattern: email }, id: { type: 'string', pattern: '^[a-z]+$' } },
      ['to', 'id'],
    );
    const described = {
      type: 'string',
      description: `Constraints: pattern: ${JSON.stringify(email)}.`,
    };
    for (const profile of ['openai', 'openai-strict', 'portable'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties, profile).toStrictEqual({
        to: described,
        id: { type: 'string', pattern: '^[a-z]+$' },
      });
      expect(
        result.diagnostics.filter((diagnostic) => diagnostic.code === 'profile-keyword-described'),
        profile,
      ).toStrictEqual([expect.objectContaining({ pointer: '/properties/to' })]);
      const errors = checkProviderSchema(result.schema, profile).filter(
        (violation) => violation.severity === 'error',
      );
      expect(errors, profile).toStrictEqual([]);
    }
    // Nested, and where the pass notes nothing else the lenient walk would rewrite.
    const nested = closed(
      {
        people: {
          type: 'array',
          items: closed({ to: { type: 'string', pattern: email } }, ['to']),
        },
      },
      ['people'],
    );
    expect(toProviderSchema(nested, 'openai').schema).toStrictEqual(
      closed({ people: { type: 'array', items: closed({ to: described }, ['to']) } }, ['people']),
    );
    // Anthropic takes it without `strict`: kept.
    expect(toProviderSchema(schema, 'anthropic').schema.properties).toStrictEqual(
      schema.properties,
    );
  });

  it('gemini: a tool without parameters lists one placeholder property, decoded away', () => {
    const schema = closed({}, []);
    const result = toProviderSchema(schema, 'gemini');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        no_parameters: {
          type: 'boolean',
          description: 'This tool takes no parameters: leave this out.',
        },
      },
      required: [],
    });
    expect(result.codec).toStrictEqual({
      version: 1,
      root: { kind: 'object', ignored: ['no_parameters'] },
    });
    expect(encodeArguments(result.codec, {})).toStrictEqual({});
    for (const wire of [{}, { no_parameters: true }, { no_parameters: null }]) {
      expect(decodeArguments(result.codec, wire)).toStrictEqual({});
    }
    // Another key still reaches the validator, which refuses it.
    expect(decodeArguments(result.codec, { other: 1 })).toStrictEqual({ other: 1 });
    // A nested object without properties is the one value `{}` as a string, as before.
    const nested = toProviderSchema(closed({ options: closed({}, []) }, ['options']), 'gemini');
    expect(nested.schema.properties).toStrictEqual({
      options: { type: 'string', enum: ['{}'] },
    });
    // Profiles that take an empty object keep it.
    const empty = { type: 'object', properties: {}, additionalProperties: false };
    expect(toProviderSchema(schema, 'gemini-json-schema').schema).toStrictEqual(empty);
    expect(toProviderSchema(schema, 'openai-strict').schema).toStrictEqual(schema);
  });

  it('keeps a string enum that collides with another value one-to-one', () => {
    const result = toProviderSchema(
      { type: 'object', properties: { v: { enum: ['1', 1] } }, required: ['v'] },
      'gemini',
    );
    expect((result.schema.properties as Record<string, unknown>).v).toStrictEqual({
      type: 'string',
      enum: ['"1"', '1'],
    });
    expect(decodeArguments(result.codec, { v: '"1"' })).toStrictEqual({ v: '1' });
    expect(decodeArguments(result.codec, { v: '1' })).toStrictEqual({ v: 1 });
  });

  it('leaves out a null default, which the OpenAI and Google SDKs strip before they send', () => {
    const schema = {
      type: 'object',
      properties: {
        q: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, description: 'Q' },
        n: { type: 'integer', default: 3 },
        // Scalar leaves, the walk's fast path, whatever the order of their keys (OpenAPI
        // descriptions give optional parameters `default: null`).
        s: { default: null, type: 'string', description: 'S' },
        t: { type: 'string', default: null },
      },
      required: ['q', 'n'],
    };
    const strict = toProviderSchema(schema, 'openai-strict').schema;
    expect(strict).toStrictEqual({
      type: 'object',
      properties: {
        q: { type: ['string', 'null'], description: 'Q' },
        n: { type: 'integer', default: 3 },
        s: { type: ['string', 'null'], description: 'S' },
        t: { type: ['string', 'null'] },
      },
      required: ['q', 'n', 's', 't'],
      additionalProperties: false,
    });
    expect(toProviderSchema(schema, 'portable').schema).toStrictEqual(strict);
    expect(toProviderSchema(schema, 'gemini').schema).toStrictEqual({
      type: 'object',
      properties: {
        q: { type: 'string', description: 'Q', nullable: true },
        n: { type: 'integer', default: 3 },
        s: { type: 'string', description: 'S' },
        t: { type: 'string' },
      },
      required: ['q', 'n'],
    });
  });

  it('moves keywords the provider refuses into the description', () => {
    const result = toProviderSchema(
      closed({ s: { type: 'string', minLength: 2, format: 'uri', description: 'A link.' } }, ['s']),
      'portable',
    );
    expect((result.schema.properties as Record<string, unknown>).s).toStrictEqual({
      type: 'string',
      description: 'A link.\nConstraints: minLength: 2; format: "uri".',
    });
    expect(codes('portable', closed({ s: { type: 'string', minLength: 2 } }, ['s']))).toStrictEqual(
      [['profile-keyword-described', '/properties/s']],
    );
  });

  it('keeps what moved into the description of a nullable position beside its own description', () => {
    // A nullable position is written as its one branch with the position's annotations: the
    // constraints the branch described follow the position's description, not replaced by it.
    const wireOf = (profile: Profile, schema: Record<string, unknown>) =>
      (
        toProviderSchema(closed({ x: schema }, ['x']), profile).schema.properties as Record<
          string,
          unknown
        >
      ).x;
    const lookahead = { type: ['string', 'null'], description: 'A name.', pattern: '^(?=a)b' };
    expect(wireOf('openai-strict', lookahead)).toStrictEqual({
      type: ['string', 'null'],
      description: 'A name.\nConstraints: pattern: "^(?=a)b".',
    });
    const unique = {
      type: ['array', 'null'],
      description: 'Tags.',
      items: { type: 'string' },
      uniqueItems: true,
    };
    expect(wireOf('gemini', unique)).toStrictEqual({
      type: 'array',
      items: { type: 'string' },
      description: 'Tags.\nConstraints: uniqueItems: true.',
      nullable: true,
    });
    // A branch's own description stays too, after the position's.
    const branch = {
      description: 'A name.',
      anyOf: [{ type: 'string', description: 'Lowercase.', pattern: '^(?=a)b' }, { type: 'null' }],
    };
    expect(wireOf('portable', branch)).toStrictEqual({
      type: ['string', 'null'],
      description: 'A name.\nLowercase.\nConstraints: pattern: "^(?=a)b".',
    });
  });

  it('writes a pattern for another regex engine as one ECMA-262 validators compile, or describes it', () => {
    // OpenAPI descriptions write patterns for Java, PCRE or legacy JavaScript: with the `u` flag
    // that Ajv (and so an MCP client) compiles every pattern with, these three throw.
    const schema = closed(
      {
        key: { type: 'string', pattern: '^[A-Za-z0-9\\/\\+\\=]{1,64}$' },
        name: { type: 'string', description: 'A name.', pattern: '[^/:|\\000-\\037]+' },
        caseless: { type: 'string', pattern: '(?i)^[a-z]+$' },
        nullable: { type: ['string', 'null'], pattern: '^[\\w-.]+$' },
      },
      ['key', 'name', 'caseless', 'nullable'],
    );
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      const result = toProviderSchema(schema, profile);
      const wire = result.schema.properties as Record<string, Record<string, unknown>>;
      expect(wire.key!.pattern, profile).toBe('^[A-Za-z0-9\\/\\+=]{1,64}$');
      expect(wire.name!.pattern, profile).toBe('[^/:|\\x00-\\x1f]+');
      expect(wire.caseless, profile).not.toHaveProperty('pattern');
      expect(wire.caseless!.description, profile).toBe('Constraints: pattern: "(?i)^[a-z]+$".');
      expect(JSON.stringify(wire.nullable), profile).toContain('"pattern":"^[\\\\w\\\\-.]+$"');
      expect(codes(profile, schema), profile).toContainEqual([
        'profile-keyword-described',
        '/properties/caseless',
      ]);
      const wireAsRead = profile === 'gemini' ? readAsGemini(result.schema) : result.schema;
      const compiled = compileFresh('2020-12', wireAsRead);
      expect('error' in compiled ? compiled.error.message : 'compiled', profile).toBe('compiled');
    }
    // The lenient profiles keep the schema as MCP lists it: a pattern with an ECMA-262 form is
    // written in it, one without stays as the author wrote it.
    for (const profile of ['openai', 'anthropic'] as const) {
      const wire = toProviderSchema(schema, profile).schema.properties as Record<
        string,
        Record<string, unknown>
      >;
      expect(
        Object.values(wire).map((property) => property.pattern),
        profile,
      ).toStrictEqual([
        '^[A-Za-z0-9\\/\\+=]{1,64}$',
        '[^/:|\\x00-\\x1f]+',
        '(?i)^[a-z]+$',
        '^[\\w\\-.]+$',
      ]);
    }
  });

  it('describes the propertyNames of an object it closes, whose listed names it may refuse', () => {
    // Found by the round-trip law (FUZZ_SEED=104, reference documents): "a~b" is longer than
    // propertyNames allows, so the original accepts no object, yet the wire sent { "a~b": ... }
    // with no diagnostic saying it is wider (the keyword was dropped without a word).
    const schema = { type: 'object', propertyNames: { maxLength: 1 }, required: ['a~b'] };
    for (const profile of ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.description).toBe('Constraints: propertyNames: {"maxLength":1}.');
      expect(codesOf(result)).toStrictEqual(['profile-object-closed', 'profile-keyword-described']);
    }
    // A record's entries carry it in their key's description instead; `true` asserts nothing.
    expect(
      codes('portable', {
        type: 'object',
        propertyNames: { maxLength: 1 },
        additionalProperties: { type: 'string' },
      }),
    ).toStrictEqual([['profile-entries', '']]);
    expect(
      codes('portable', closed({ a: { type: 'string' } }, ['a']) as Record<string, unknown>),
    ).toStrictEqual([]);
    expect(
      codes('portable', { ...closed({ a: { type: 'string' } }, ['a']), propertyNames: true }),
    ).toStrictEqual([]);
    expect(
      codes('portable', { ...closed({ a: { type: 'string' } }, ['a']), propertyNames: {} }),
    ).toStrictEqual([]);
    // Listed properties beside entries: the entries' key carries it, the object does not.
    const beside = toProviderSchema(
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        propertyNames: { maxLength: 1 },
        additionalProperties: { type: 'number' },
      },
      'portable',
    );
    expect(beside.schema.description).toBeUndefined();
    expect(codesOf(beside)).toStrictEqual(['profile-entries']);
  });

  it('describes propertyNames with the other keywords a closed object refuses, in one sentence', () => {
    const result = toProviderSchema(
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        propertyNames: { maxLength: 3 },
        minProperties: 1,
      },
      'openai-strict',
    );
    expect(result.schema.description).toBe(
      'Constraints: minProperties: 1; propertyNames: {"maxLength":3}.',
    );
    expect(
      result.diagnostics.filter((diagnostic) => diagnostic.code === 'profile-keyword-described'),
    ).toStrictEqual([
      {
        code: 'profile-keyword-described',
        pointer: '',
        message:
          'openai-strict does not accept minProperties, propertyNames here; moved into the description (the validator still enforces it).',
      },
    ]);
  });

  it('keeps to OpenAI strict limits on enum values, moving the largest enums into descriptions', () => {
    // OpenAI strict refuses a schema with more than 1,000 enum values in all, and a string enum
    // of more than 250 values holding more than 15,000 characters; a linter's configuration
    // (one enum of levels per rule) passes the first with no enum over 250 values.
    const values = (prefix: string, count: number, width = 1) =>
      Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(width, '0')}`);
    const schema = closed(
      {
        big: { type: 'string', enum: values('b', 600, 3) },
        mid: { enum: [...values('m', 500, 3).map((_, index) => index), null] },
        small: { type: 'string', enum: ['x', 'y'] },
        wide: { type: 'string', enum: values('w'.repeat(60), 251, 3) },
      },
      ['big', 'mid', 'small', 'wide'],
    );
    const oneOf = (list: unknown[]) =>
      `One of: ${list.map((value) => JSON.stringify(value)).join(', ')}.`;
    for (const profile of ['openai-strict', 'portable'] as const) {
      const result = toProviderSchema(schema, profile);
      const properties = result.schema.properties as Record<string, Record<string, unknown>>;
      expect(properties.big).toStrictEqual({
        type: 'string',
        description: oneOf(values('b', 600, 3)),
      });
      expect(properties.wide).toStrictEqual({
        type: 'string',
        description: oneOf(values('w'.repeat(60), 251, 3)),
      });
      expect(properties.mid?.enum).toHaveLength(501);
      expect(properties.small).toStrictEqual({ type: 'string', enum: ['x', 'y'] });
      expect(result.diagnostics.filter((diagnostic) => diagnostic.pointer === '')).toStrictEqual([
        {
          code: 'profile-keyword-described',
          pointer: '',
          message: `${profile} allows at most 1000 enum values in a schema (and 15000 characters in a string enum of more than 250 values); 2 enums (851 values) moved into their descriptions (the validator still enforces them).`,
        },
      ]);
      expect(
        checkProviderSchema(result.schema, profile).filter(({ severity }) => severity === 'error'),
      ).toStrictEqual([]);
      // Every value the original accepts still has a wire encoding that maps back to it.
      const compiled = compileFresh('2020-12', result.schema);
      if (!('validate' in compiled)) throw compiled.error;
      const value = { big: 'b042', mid: 7, small: 'y', wide: `${'w'.repeat(60)}250` };
      const wire = encodeArguments(result.codec, value);
      expect(compiled.validate(wire)).toBe(true);
      expect(decodeArguments(result.codec, wire)).toStrictEqual(value);
    }
    // Within the limits nothing moves.
    const within = closed({ small: { type: 'string', enum: values('s', 1000, 4) } }, ['small']);
    expect(codes('openai-strict', within)).toStrictEqual([]);
    // Enums under items and in a union's branches count too: 501 + 500 values pass the limit.
    const nested = closed(
      {
        list: { type: 'array', items: { type: 'string', enum: values('l', 501, 3) } },
        either: { anyOf: [{ type: 'string', enum: values('e', 500, 3) }, { type: 'integer' }] },
      },
      ['list', 'either'],
    );
    const moved = toProviderSchema(nested, 'openai-strict');
    expect(codesOf(moved)).toStrictEqual(['profile-keyword-described']);
    const wire = moved.schema.properties as Record<string, Record<string, unknown>>;
    expect(wire.list?.items).toStrictEqual({
      type: 'string',
      description: `One of: ${values('l', 501, 3)
        .map((value) => JSON.stringify(value))
        .join(', ')}.`,
    });
  });

  it('keeps to OpenAI strict limit on properties, sending the deepest objects as JSON strings', () => {
    const many = Object.fromEntries(
      Array.from({ length: 5_001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    const schema = closed(
      {
        small: { type: 'string' },
        big: closed({ settings: closed(many, []) }, ['settings']),
      },
      ['small', 'big'],
    );
    for (const profile of ['openai-strict', 'portable'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      const big = (result.schema.properties as Record<string, Record<string, unknown>>).big!;
      // Nested one level less deep: `settings`, two objects down, travels as a JSON string.
      expect((big.properties as Record<string, unknown>).settings, profile).toStrictEqual({
        type: 'string',
        description: expect.stringMatching(/^A JSON-encoded value/),
      });
      expect(
        result.diagnostics.filter((diagnostic) => diagnostic.code === 'profile-json-string'),
        profile,
      ).toStrictEqual([
        {
          code: 'profile-json-string',
          pointer: '/properties/big/properties/settings',
          message: `Objects nest deeper than 2 levels here (${profile} accepts 10, but the schema would list more than the 5000 properties it accepts); it travels as a JSON-encoded string.`,
        },
      ]);
      const value = { small: 'a', big: { settings: { p0: 'x', p4999: 'y' } } };
      const encoded = encodeArguments(result.codec, value);
      expect(encoded).toStrictEqual({
        small: 'a',
        big: { settings: JSON.stringify(value.big.settings) },
      });
      expect(decodeArguments(result.codec, encoded)).toStrictEqual(value);
    }
    // Under the limit nothing changes: the same schema with 4,000 properties keeps its objects.
    const fewer = closed(
      {
        big: closed(
          { settings: closed(Object.fromEntries(Object.entries(many).slice(0, 4_000)), []) },
          ['settings'],
        ),
      },
      ['big'],
    );
    const settings = (
      toProviderSchema(fewer, 'openai-strict').schema.properties as Record<
        string,
        Record<string, Record<string, Record<string, unknown>>>
      >
    ).big!.properties!.settings!;
    expect(settings.type).toBe('object');
  });

  it('keeps an allOf of many unions from multiplying into every combination of their branches', () => {
    // Distributing `allOf: [oneOf(8), oneOf(8), ...]` writes every combination: five such unions
    // made 32,768 branches (43 MB of wire from 12 KB) under openai; past a bound it stays an allOf.
    const union = (key: string) => ({
      oneOf: Array.from({ length: 8 }, (_, index) => ({
        type: 'object',
        properties: { [key]: { const: index } },
        required: [key],
      })),
    });
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      allOf: ['k0', 'k1', 'k2', 'k3', 'k4'].map(union),
    };
    const openai = toProviderSchema(schema, 'openai');
    expect(openai.schema).toStrictEqual({
      type: 'object',
      properties: { value: { ...schema } },
      required: ['value'],
      additionalProperties: false,
    });
    expect(JSON.stringify(toProviderSchema(schema, 'portable').schema).length).toBeLessThan(
      JSON.stringify(schema).length * 4,
    );
    // Two small unions still merge into their combinations; five no longer do.
    const two = mergeAllOf([{ type: 'object' }, union('k0'), union('k1')]);
    if (two === undefined) throw new Error('two unions of 8 options merge');
    const outer = (two.schema as { oneOf: Array<{ oneOf: unknown[] }> }).oneOf;
    expect(outer.map((branch) => branch.oneOf.length)).toStrictEqual(Array(8).fill(8));
    expect(mergeAllOf([{ type: 'object' }, ...schema.allOf])).toBe(undefined);
  });

  it('merges no allOf branch that names itself: references to it would meet the merge', () => {
    for (const naming of [{ $id: 'urn:x' }, { $anchor: 'a' }, { $dynamicAnchor: 'a' }]) {
      const branch = { ...naming, type: ['object', 'string'], properties: { c: { $ref: '#' } } };
      expect(mergeAllOf([{ type: 'object' }, branch])).toBe(undefined);
    }
    expect(mergeAllOf([{ type: 'object' }, { type: ['object', 'string'] }])).toStrictEqual({
      schema: { type: 'object' },
      described: [],
    });
  });

  it('merges a root union of objects into one object', () => {
    const schema = {
      anyOf: [
        closed({ kind: { const: 'a' }, x: { type: 'string' } }, ['kind', 'x']),
        closed({ kind: { const: 'b' }, y: { type: 'number' } }, ['kind']),
      ],
    };
    const result = toProviderSchema(schema, 'anthropic');
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: {
        kind: { anyOf: [{ const: 'a' }, { const: 'b' }] },
        x: { type: 'string' },
        y: { type: 'number' },
      },
      required: ['kind'],
      additionalProperties: false,
    });
    expect(result.codec).toStrictEqual({ version: 1, root: null });
    expect(codesOf(result)).toStrictEqual(['profile-root-merged']);
  });

  it('says which merged properties an open branch takes other values for (narrower)', () => {
    // "At least one of imports, contexts": each branch requires its own key and leaves the others
    // open, so { imports, contexts: 1 } matches the first branch; the merged object types both.
    const schema = {
      type: 'object',
      anyOf: [
        {
          properties: { imports: { type: 'array', items: { type: 'string' } } },
          required: ['imports'],
        },
        { properties: { contexts: { type: 'array' } }, required: ['contexts'] },
      ],
    };
    const result = toProviderSchema(schema, 'gemini-json-schema');
    expect(result.diagnostics).toStrictEqual([
      {
        code: 'profile-root-merged',
        pointer: '',
        message:
          'The root anyOf of 2 objects became one object with all their properties; the validator still checks that the arguments match one branch. A branch that does not list "imports", "contexts" leaves it open, but the merged object holds it to the schema of the branches that list it (narrower).',
      },
    ]);
    const compiled = compileFresh('2020-12', result.schema);
    if (!('validate' in compiled)) throw compiled.error;
    const original = compileFresh('2020-12', schema);
    if (!('validate' in original)) throw original.error;
    const value = { imports: ['a'], contexts: 1 };
    expect(original.validate(value)).toBe(true);
    expect(compiled.validate(encodeArguments(result.codec, value))).toBe(false);
  });

  it('wraps a root that cannot be one object', () => {
    const result = toProviderSchema(
      {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', additionalProperties: { type: 'number' } },
        ],
        $ref: '#/$defs/X',
        $defs: { X: { type: 'object' } },
      },
      'openai',
    );
    expect(result.schema.type).toBe('object');
    expect(result.schema.anyOf).toBeUndefined();
  });

  it('keeps the root $id beside the root $defs when it wraps the root, so kept refs still resolve', () => {
    // Shaped like the OpenAPI 3.1 meta-schema: an $id, a root union, a recursive definition.
    const schema = {
      $id: 'https://example.test/tool',
      anyOf: [
        { type: 'object', properties: { a: { $ref: '#/$defs/Node' } }, required: ['a'] },
        { type: 'string' },
      ],
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema).toStrictEqual({
        $id: 'https://example.test/tool',
        type: 'object',
        properties: {
          value: {
            type: 'object',
            anyOf: [
              { type: 'object', properties: { a: { $ref: '#/$defs/Node' } }, required: ['a'] },
              { type: 'string' },
            ],
          },
        },
        required: ['value'],
        additionalProperties: false,
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      });
      const args = { a: { next: { next: {} } } };
      const wire = encodeArguments(result.codec, args);
      // Ajv resolves each $ref against the nearest $id, as the spec says: a $id left on the
      // wrapped schema would make `#/$defs/Node` point into it, where there is no $defs.
      const compiled = compileFresh('2020-12', result.schema);
      if ('error' in compiled) throw compiled.error;
      expect(compiled.validate(wire)).toBe(true);
      expect(decodeArguments(result.codec, wire)).toStrictEqual(args);
    }
  });

  it('openai and anthropic drop $schema and write draft-07 tuples in 2020-12', () => {
    const result = toProviderSchema(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { t: { type: 'array', items: [{ type: 'string' }], additionalItems: false } },
      },
      'anthropic',
    );
    expect(result.schema).toStrictEqual({
      type: 'object',
      properties: { t: { type: 'array', prefixItems: [{ type: 'string' }], items: false } },
    });
  });

  it('openai and anthropic write older shapes in 2020-12 wherever a schema stands', () => {
    // Tuples in a tuple and in its additionalItems, bounds in a union, annotations in a kept cycle.
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        t: {
          type: 'array',
          items: [
            {
              type: 'array',
              items: [{ type: 'number', minimum: 1, exclusiveMinimum: true }],
              additionalItems: { type: 'string', title: 5 },
            },
          ],
          additionalItems: { type: 'array', items: [{ type: 'string', examples: 'x' }] },
        },
        u: { anyOf: [{ type: 'number', maximum: 3, exclusiveMaximum: true }, { type: 'null' }] },
        n: { $ref: '#/definitions/N' },
      },
      definitions: {
        N: {
          type: 'object',
          properties: {
            next: { $ref: '#/definitions/N' },
            x: { type: 'string', deprecated: 'Gone.' },
          },
        },
      },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      expect(toProviderSchema(schema, profile)).toStrictEqual({
        schema: {
          type: 'object',
          properties: {
            t: {
              type: 'array',
              items: { type: 'array', prefixItems: [{ type: 'string', examples: ['x'] }] },
              prefixItems: [
                {
                  type: 'array',
                  items: { type: 'string' },
                  prefixItems: [{ type: 'number', exclusiveMinimum: 1 }],
                },
              ],
            },
            u: { anyOf: [{ type: 'number', exclusiveMaximum: 3 }, { type: 'null' }] },
            n: { $ref: '#/definitions/N' },
          },
          definitions: {
            N: {
              type: 'object',
              properties: {
                next: { $ref: '#/definitions/N' },
                x: { type: 'string', deprecated: true, description: 'Deprecated: Gone.' },
              },
            },
          },
        },
        codec: { version: 1, root: null },
        // The pass reads draft-04's boolean bounds (this document says draft-07) and says so.
        diagnostics: [
          expect.objectContaining({
            code: 'bounds-draft-04',
            pointer: '/properties/t/items/0/items/0/exclusiveMinimum',
          }),
          expect.objectContaining({
            code: 'bounds-draft-04',
            pointer: '/properties/u/anyOf/0/exclusiveMaximum',
          }),
        ],
      });
    }
  });

  it("openai and anthropic leave out draft-04's id and split dependencies, so Ajv 2020 compiles the wire", () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'http://example.com/tool.json#',
      type: 'object',
      properties: {
        card: {
          id: '#card',
          type: 'object',
          dependencies: { number: ['cvc'], billing: { required: ['address'] } },
          dependentRequired: { number: ['expiry', 'cvc'] },
        },
      },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const { schema: wire, diagnostics } = toProviderSchema(schema, profile);
      expect(wire).toStrictEqual({
        type: 'object',
        properties: {
          card: {
            type: 'object',
            dependentRequired: { number: ['expiry', 'cvc'] },
            dependentSchemas: { billing: { required: ['address'] } },
          },
        },
      });
      expect(diagnostics).toStrictEqual([]);
      const compiled = compileFresh('2020-12', wire);
      if ('error' in compiled) throw compiled.error;
      const { validate } = compiled;
      expect(validate({ card: { number: 1, expiry: 2, cvc: 3 } })).toBe(true);
      expect(validate({ card: { number: 1, cvc: 3 } })).toBe(false);
      expect(validate({ card: { billing: 1 } })).toBe(false);
    }
  });

  it('openai and anthropic leave out a nullable without a type, which asserts nothing and Ajv refuses', () => {
    const schema = {
      type: 'object',
      properties: {
        account: {
          nullable: true,
          allOf: [{ type: 'object', properties: { id: { type: 'string' } } }],
        },
        note: { type: 'string', nullable: true },
        any: { nullable: false, description: 'Anything.' },
      },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties, profile).toStrictEqual({
        account: { allOf: [{ type: 'object', properties: { id: { type: 'string' } } }] },
        note: { type: 'string', nullable: true },
        any: { description: 'Anything.' },
      });
      const compiled = compileFresh('2020-12', result.schema);
      expect('error' in compiled ? compiled.error.message : 'compiled', profile).toBe('compiled');
    }
    // The input is left as it was.
    expect(schema.properties.account).toHaveProperty('nullable', true);
  });

  it('openai and anthropic describe a type that names no JSON type, which the meta-schema refuses', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'application/json', description: 'A form.' },
        b: { type: ['string', 'file'] },
        c: { anyOf: [{ type: 'any' }, { type: 'null' }] },
        d: { type: 'string' },
        e: { type: 'file', nullable: true },
      },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema.properties, profile).toStrictEqual({
        a: { description: 'A form.\nConstraints: type: "application/json".' },
        b: { description: 'Constraints: type: ["string","file"].' },
        c: { anyOf: [{ description: 'Constraints: type: "any".' }, { type: 'null' }] },
        d: { type: 'string' },
        e: { description: 'Constraints: type: "file".' },
      });
      expect(codesOf(result), profile).toStrictEqual([
        'profile-keyword-described',
        'profile-keyword-described',
        'profile-keyword-described',
        'profile-keyword-described',
      ]);
      expect(result.diagnostics.map((diagnostic) => diagnostic.pointer)).toStrictEqual([
        '/properties/a',
        '/properties/b',
        '/properties/c/anyOf/0',
        '/properties/e',
      ]);
      expect(checkProviderSchema(result.schema, profile), profile).toStrictEqual([]);
      const compiled = compileFresh('2020-12', result.schema);
      expect('error' in compiled ? compiled.error.message : 'compiled', profile).toBe('compiled');
    }
    expect(schema.properties.a.type).toBe('application/json');
  });

  it('openai and anthropic write a root $id without its fragment, as 2020-12 requires', () => {
    // Lerna's schema (draft-07): the fragment never takes part in resolving a $ref.
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://lerna.js.org/docs/getting-started#adding-lerna',
      type: 'object',
      properties: { version: { type: 'string' } },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema).toStrictEqual({
        $id: 'https://lerna.js.org/docs/getting-started',
        type: 'object',
        properties: { version: { type: 'string' } },
      });
      expect(checkProviderSchema(result.schema, 'anthropic')).toStrictEqual([]);
    }
    // An $id that is only a fragment (a draft-07 anchor) names nothing the wire refers to.
    const anchorOnly = toProviderSchema({ ...schema, $id: '#config' }, 'anthropic');
    expect(anchorOnly.schema).toStrictEqual({
      type: 'object',
      properties: { version: { type: 'string' } },
    });
  });

  it('openai and anthropic write annotations in their 2020-12 shape, so Anthropic accepts the tool', () => {
    // As Nx's nx.json schema writes them: a deprecation note instead of a boolean.
    const schema = {
      type: 'object',
      properties: {
        implicitDependencies: {
          type: 'object',
          description: 'Map of files to projects.',
          deprecated: 'Use named inputs instead.',
        },
        cli: { type: 'string', deprecated: 'No longer used.' },
        odd: { type: 'string', deprecated: 1, readOnly: 'yes', title: 5, examples: 'x' },
      },
    };
    for (const profile of ['openai', 'anthropic'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: {
          implicitDependencies: {
            type: 'object',
            description: 'Map of files to projects.\n\nDeprecated: Use named inputs instead.',
            deprecated: true,
          },
          cli: { type: 'string', deprecated: true, description: 'Deprecated: No longer used.' },
          odd: { type: 'string', examples: ['x'] },
        },
      });
      expect(checkProviderSchema(result.schema, 'anthropic')).toStrictEqual([]);
    }
  });

  it('never mutates the input and shares nothing with it', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
    };
    const copy = structuredClone(schema);
    for (const profile of ['portable', 'gemini', 'openai'] as const) {
      const result = toProviderSchema(schema, profile);
      expect(schema).toStrictEqual(copy);
      expect((result.schema.properties as Record<string, unknown>).a).not.toBe(schema.properties.a);
    }
  });

  it('writes leaves the pass built as their own wire without touching the input, call after call', () => {
    const leaf = { type: 'string', description: 'A name.' };
    const listed = { type: 'string', description: 'A state.', enum: ['open', 'closed'] };
    const schema = {
      type: 'object',
      properties: { name: leaf, state: listed, next: { $ref: '#/$defs/Node' } },
      required: ['name', 'state'],
      $defs: {
        Node: {
          type: 'object',
          properties: { name: leaf, next: { $ref: '#/$defs/Node' } },
          required: ['name'],
        },
      },
    };
    const copy = structuredClone(schema);
    for (const profile of ['portable', 'gemini', 'gemini-json-schema'] as const) {
      const first = toProviderSchema(schema, profile);
      const second = toProviderSchema(schema, profile);
      expect(schema).toStrictEqual(copy);
      expect(second).toStrictEqual(first);
      const properties = first.schema.properties as Record<string, Record<string, unknown>>;
      expect(properties.name).toStrictEqual(leaf);
      expect(properties.name).not.toBe(leaf);
      expect(properties.state).toStrictEqual(listed);
      expect(properties.state).not.toBe(listed);
      expect(properties.state?.enum).not.toBe(listed.enum);
      // Each unrolled level has its own leaf object, though one definition stands behind them.
      const levelOf = (node: unknown): Record<string, Record<string, unknown>> => {
        const wire = node as { anyOf?: unknown[]; properties?: Record<string, unknown> };
        return (wire.properties ??
          (wire.anyOf?.[0] as typeof wire | undefined)?.properties) as Record<
          string,
          Record<string, unknown>
        >;
      };
      const one = levelOf(properties.next);
      const two = levelOf(one.next);
      expect(two.name).toStrictEqual(one.name);
      expect(two.name).not.toBe(one.name);
    }
  });

  it('unrolls a definition that recurs at several places into copies that share no object', () => {
    const schema = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Tree' } },
      required: ['tree'],
      $defs: {
        Tree: {
          type: 'object',
          properties: {
            value: { type: 'string' },
            left: { $ref: '#/$defs/Tree' },
            right: { $ref: '#/$defs/Tree' },
          },
          required: ['value', 'left', 'right'],
        },
      },
    };
    const copy = structuredClone(schema);
    type Node = { properties: Record<string, Node> };
    const first = toProviderSchema(schema, 'gemini-json-schema');
    expect(toProviderSchema(schema, 'gemini-json-schema')).toStrictEqual(first);
    expect(schema).toStrictEqual(copy);
    // `left` and `right` stand in the same unrolling state at each level: the same rewrite.
    const tree = (first.schema as unknown as Node).properties.tree!;
    const codec = (first.codec.root as unknown as Node).properties.tree!;
    for (const [left, right] of [
      [tree.properties.left!, tree.properties.right!],
      [tree.properties.left!.properties.left!, tree.properties.left!.properties.right!],
      [codec.properties.left!, codec.properties.right!],
    ]) {
      expect(right).toStrictEqual(left);
      expect(right).not.toBe(left);
      expect(right!.properties).not.toBe(left!.properties);
    }
    const tail = {
      type: 'string',
      description: 'A JSON-encoded value of the same schema as the enclosing "Tree".',
    };
    expect(tree.properties.right!.properties.right!.properties.left).toStrictEqual(tail);
    expect(first.diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
      ['profile-cycle-unrolled', '/$defs/Tree/properties/left'],
      ['profile-cycle-unrolled', '/$defs/Tree/properties/right'],
    ]);
  });

  describe('reads OpenAPI 3.0 `nullable: true` beside a type as Ajv does: null is accepted', () => {
    /** A small OpenAPI-style tool: every kind of nullable property once. */
    const openApiTool = {
      type: 'object',
      properties: {
        milestone: { type: 'string', nullable: true },
        count: { type: 'integer', nullable: true },
        state: { type: 'string', enum: ['open', 'closed'], nullable: true },
        reason: { type: 'string', enum: ['done', null], nullable: true },
        owner: {
          type: 'object',
          properties: { login: { type: 'string' } },
          required: ['login'],
          nullable: true,
        },
      },
      required: ['milestone', 'state', 'reason', 'owner'],
    };
    const closedOwner = {
      type: 'object',
      properties: { login: { type: 'string' } },
      required: ['login'],
      additionalProperties: false,
    };
    /** The wire of the scalar properties under the profiles that write `null` in a type list. */
    const typeListProperties = {
      milestone: { type: ['string', 'null'] },
      count: { type: ['integer', 'null'] },
      state: { type: 'string', enum: ['open', 'closed'] },
      reason: { type: ['string', 'null'], enum: ['done', null] },
    };
    /** What the original accepts with every nullable property null (`state`'s enum has no null). */
    const nulls = { milestone: null, count: null, state: 'open', reason: null, owner: null };

    /**
     * Encodes, checks the wire value against the wire schema (Ajv, which reads `nullable` as
     * OpenAPI 3.0.3 does: an `enum` still restricts), decodes: the original comes back.
     */
    const roundTrip = (
      result: ReturnType<typeof toProviderSchema>,
      asRead: (wire: unknown) => unknown = (wire) => wire,
    ) => {
      const wire = encodeArguments(result.codec, nulls);
      const compiled = compileFresh('2020-12', asRead(result.schema));
      if ('error' in compiled) throw compiled.error;
      expect(compiled.validate(wire)).toBe(true);
      // The wire refuses what the original refuses: `null` is not among `state`'s values.
      expect(compiled.validate(encodeArguments(result.codec, { ...nulls, state: null }))).toBe(
        false,
      );
      expect(decodeArguments(result.codec, wire)).toStrictEqual(nulls);
    };

    it('openai-strict: a type list with null; the optional nullable integer is absent sent as null', () => {
      const result = toProviderSchema(openApiTool, 'openai-strict');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: {
          ...typeListProperties,
          owner: { ...closedOwner, type: ['object', 'null'] },
        },
        required: ['milestone', 'count', 'state', 'reason', 'owner'],
        additionalProperties: false,
      });
      expect(result.codec).toStrictEqual({
        version: 1,
        root: { kind: 'object', absentSentAsNull: ['count'] },
      });
      roundTrip(result);
    });

    it('gemini: nullable: true, as the provider spells it', () => {
      const result = toProviderSchema(openApiTool, 'gemini');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: {
          milestone: { type: 'string', nullable: true },
          count: { type: 'integer', nullable: true },
          state: { type: 'string', enum: ['open', 'closed'] },
          reason: { type: 'string', enum: ['done'], nullable: true },
          owner: {
            type: 'object',
            properties: { login: { type: 'string' } },
            required: ['login'],
            nullable: true,
          },
        },
        required: ['milestone', 'state', 'reason', 'owner'],
      });
      expect(result.codec).toStrictEqual({ version: 1, root: { kind: 'object' } });
      // Gemini's `nullable` beside an `enum` admits null without listing it (Google's SDK writes
      // `anyOf: [enum, null]` so), which Ajv reads only once `nullable` is a `null` branch.
      roundTrip(result, readAsGemini);
    });

    it('anthropic-strict: a type list, or anyOf with null for an object', () => {
      const result = toProviderSchema(openApiTool, 'anthropic-strict');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: {
          ...typeListProperties,
          owner: { anyOf: [closedOwner, { type: 'null' }] },
        },
        required: ['milestone', 'state', 'reason', 'owner'],
        additionalProperties: false,
      });
      expect(result.codec).toStrictEqual({ version: 1, root: { kind: 'object' } });
      roundTrip(result);
    });

    it('portable: every property required, the optional nullable integer absent sent as null', () => {
      const result = toProviderSchema(openApiTool, 'portable');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: {
          ...typeListProperties,
          owner: { anyOf: [closedOwner, { type: 'null' }] },
        },
        required: ['milestone', 'count', 'state', 'reason', 'owner'],
        additionalProperties: false,
      });
      expect(result.codec).toStrictEqual({
        version: 1,
        root: { kind: 'object', absentSentAsNull: ['count'] },
      });
      roundTrip(result);
    });

    it('reads nullable only beside a type, and nullable: false as nothing', () => {
      const schema = {
        type: 'object',
        properties: {
          untyped: { enum: ['a', 'b'], nullable: true },
          notNull: { type: 'string', nullable: false },
        },
        required: ['untyped', 'notNull'],
      };
      expect(toProviderSchema(schema, 'openai-strict').schema).toStrictEqual({
        type: 'object',
        properties: {
          untyped: { type: 'string', enum: ['a', 'b'] },
          notNull: { type: 'string' },
        },
        required: ['untyped', 'notNull'],
        additionalProperties: false,
      });
    });

    it('reads nullable in each branch of an allOf: null only where every branch takes it', () => {
      const schema = closed(
        {
          both: {
            allOf: [
              { type: 'string', nullable: true },
              { type: 'string', nullable: true },
            ],
          },
          one: { allOf: [{ type: 'string', nullable: true }, { type: 'string' }] },
        },
        ['both', 'one'],
      );
      expect(toProviderSchema(schema, 'openai-strict').schema).toStrictEqual(
        closed({ both: { type: ['string', 'null'] }, one: { type: 'string' } }, ['both', 'one']),
      );
    });

    it('writes a scalar type list with null as the union of its two branches, keywords and annotations kept', () => {
      // The leaf and `null` are rewritten together, without that union: the same wire and codec.
      const leaves = {
        dated: {
          type: ['null', 'string'],
          format: 'date-time',
          maxLength: 30,
          description: 'When.',
        },
        noted: { examples: ['a'], type: ['string', 'null'], default: 'b', title: 'Note' },
        flag: { type: 'boolean', nullable: true, deprecated: true, 'x-kind': 'flag' },
        bounded: { type: ['integer', 'null'], minimum: 1, not: { const: 2 } },
      };
      const asUnion = (leaf: Record<string, unknown>) => {
        const { type, nullable: _, title, description, default: value, examples, ...rest } = leaf;
        const types = Array.isArray(type) ? type : [type, 'null'];
        const assertions = Object.fromEntries(
          Object.entries(rest).filter(([key]) => key !== 'deprecated' && !key.startsWith('x-')),
        );
        return {
          ...(title === undefined ? {} : { title }),
          ...(description === undefined ? {} : { description }),
          ...(value === undefined ? {} : { default: value }),
          ...(examples === undefined ? {} : { examples }),
          anyOf: types.map((each) => ({ ...assertions, type: each })),
        };
      };
      const unions = Object.fromEntries(
        Object.entries(leaves).map(([name, leaf]) => [name, asUnion(leaf)]),
      );
      for (const profile of [
        'portable',
        'openai-strict',
        'anthropic-strict',
        'gemini',
        'gemini-json-schema',
      ] as const) {
        const listed = toProviderSchema({ type: 'object', properties: leaves }, profile);
        const split = toProviderSchema({ type: 'object', properties: unions }, profile);
        expect({ schema: listed.schema, codec: listed.codec }).toStrictEqual({
          schema: split.schema,
          codec: split.codec,
        });
      }
    });
  });

  describe('reads OpenAPI `nullable: true` without a type as asserting nothing', () => {
    const owner = {
      type: 'object',
      properties: { login: { type: 'string' } },
      required: ['login'],
    };
    /**
     * The spellings of "or null" OpenAPI 3.0 generators emit without a `type` beside `nullable`:
     * a `$ref` sibling, the `allOf` wrapper, a union (GitHub's REST description has 82 of these,
     * "To clear the field, set this to null").
     */
    const tool = {
      type: 'object',
      properties: {
        assignee: { $ref: '#/$defs/Owner', nullable: true },
        reviewer: { allOf: [{ $ref: '#/$defs/Owner' }], nullable: true },
        value: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
      },
      required: ['assignee', 'reviewer', 'value'],
      $defs: { Owner: owner },
    };
    const closedOwner = { ...owner, additionalProperties: false };
    // The pass leaves each one out (no verdict changes), so the profile meets none.
    const ignored = [['profile-one-of', '/properties/value']];
    const objectCodec = {
      kind: 'object',
      properties: { assignee: { kind: 'object' }, reviewer: { kind: 'object' } },
    };
    const values = { assignee: { login: 'a' }, reviewer: { login: 'b' }, value: 1 };
    const nulls = { assignee: null, reviewer: null, value: null };

    /**
     * The wire accepts what the original accepts as validators judge it: Ajv refuses to compile a
     * typeless `nullable` (in every `strict` mode), `@cfworker/json-schema` ignores it, and Ajv
     * on the original without it agrees. Values round-trip; `null` is refused on both sides.
     */
    const roundTrip = (result: ReturnType<typeof toProviderSchema>) => {
      const asWritten = compileFresh('2020-12', tool);
      expect('error' in asWritten && asWritten.error.message).toBe(
        '"nullable" cannot be used without "type"',
      );
      const { $defs, properties } = tool;
      const withoutNullable = {
        ...tool,
        properties: {
          assignee: { $ref: properties.assignee.$ref },
          reviewer: { allOf: properties.reviewer.allOf },
          value: { oneOf: properties.value.oneOf },
        },
        $defs,
      };
      const original = compileFresh('2020-12', withoutNullable);
      const wire = compileFresh('2020-12', result.schema);
      if ('error' in original) throw original.error;
      if ('error' in wire) throw wire.error;
      const second = createSecondOpinion('2020-12', tool);
      for (const [value, accepted] of [
        [values, true],
        [nulls, false],
        [{ ...values, assignee: null }, false],
      ] as const) {
        expect(original.validate(value)).toBe(accepted);
        expect(second(value)).toBe(accepted);
        const encoded = encodeArguments(result.codec, value);
        expect(wire.validate(encoded)).toBe(accepted);
        expect(decodeArguments(result.codec, encoded)).toStrictEqual(value);
      }
    };

    const value = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    const required = ['assignee', 'reviewer', 'value'];
    const strictWire = closed({ assignee: closedOwner, reviewer: closedOwner, value }, required);
    it.each([
      ['openai-strict', strictWire],
      ['anthropic-strict', strictWire],
      ['portable', strictWire],
      [
        'gemini',
        {
          type: 'object',
          properties: { assignee: owner, reviewer: owner, value },
          required,
        },
      ],
    ] as const)('%s: the target alone', (profile, wire) => {
      const result = toProviderSchema(tool, profile);
      expect(result.schema).toStrictEqual(wire);
      expect(result.codec).toStrictEqual({ version: 1, root: objectCodec });
      expect(
        codes(profile, tool).filter(([code]) => code !== 'profile-object-closed'),
      ).toStrictEqual(ignored);
      roundTrip(result);
    });

    it('a recursive $ref with a nullable sibling: the unrolled levels are not nullable either', () => {
      const node = {
        type: 'object',
        properties: { next: { $ref: '#/$defs/Node', nullable: true } },
        required: ['next'],
      };
      const schema = {
        type: 'object',
        properties: { head: { $ref: '#/$defs/Node', nullable: true } },
        required: ['head'],
        $defs: { Node: node },
      };
      const tail = {
        type: 'string',
        description: 'A JSON-encoded value of the same schema as the enclosing "Node".',
      };
      const level = (next: unknown) => ({
        type: 'object',
        properties: { next },
        required: ['next'],
      });
      const result = toProviderSchema(schema, 'gemini');
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: { head: level(level(level(tail))) },
        required: ['head'],
      });
      expect(codes('gemini', schema).filter(([code]) => code?.includes('nullable'))).toStrictEqual(
        [],
      );
    });

    it('meets it only in a document the pass keeps whole (a $dynamicRef), and says so there', () => {
      const schema = {
        type: 'object',
        properties: {
          assignee: { allOf: [{ $ref: '#/$defs/Owner' }], nullable: true },
          tree: { $dynamicRef: '#node' },
        },
        required: ['assignee'],
        $defs: { Owner: owner, Node: { $dynamicAnchor: 'node', type: 'object' } },
      };
      for (const profile of ['gemini', 'openai-strict', 'portable'] as const) {
        expect(codes(profile, schema), profile).toContainEqual([
          'profile-nullable-ignored',
          '/properties/assignee',
        ]);
      }
      // The lenient profiles leave it out, as the pass does elsewhere.
      const lenient = toProviderSchema(schema, 'openai').schema.properties as Record<
        string,
        unknown
      >;
      expect(lenient.assignee).toStrictEqual({ allOf: [{ $ref: '#/$defs/Owner' }] });
    });

    it('says nothing where the schema accepts null anyway, or asserts nothing else', () => {
      const schema = closed(
        {
          listed: { enum: ['a', null], nullable: true },
          union: { anyOf: [{ $ref: '#/$defs/Owner' }, { type: 'null' }], nullable: true },
          bare: { nullable: true, description: 'anything' },
        },
        ['listed', 'union', 'bare'],
      );
      for (const profile of ['openai-strict', 'gemini', 'portable'] as const) {
        expect(
          codes(profile, { ...schema, $defs: { Owner: owner } }).filter(([code]) =>
            code?.includes('nullable'),
          ),
        ).toStrictEqual([]);
      }
    });
  });
});
