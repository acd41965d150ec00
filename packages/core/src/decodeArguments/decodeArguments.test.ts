import { describe, expect, it } from 'vitest';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import { type Codec, type CodecNode, type JsonType, PROFILES } from '../types/index.ts';
import { decodeArguments } from './decodeArguments.ts';

const codec = (root: Codec['root']): Codec => ({ version: 1, root });

type UnionBranch = Extract<CodecNode, { kind: 'union' }>['branches'][number];

/**
 * Each text held as a JSON string decodes to what `JSON.parse` gives (a text it refuses: itself).
 *
 * @returns The decoded values.
 */
function expectReadAsJsonParse(texts: readonly string[]): unknown[] {
  const decoded = decodeArguments(
    codec({ kind: 'array', items: { kind: 'json' } }),
    texts,
  ) as unknown[];
  for (const [index, text] of texts.entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = text;
    }
    expect(Object.is(decoded[index], parsed), text).toBe(true);
  }
  return decoded;
}

describe('decodeArguments', () => {
  it('returns the value as it is under the identity codec', () => {
    const args = { a: [1, { b: null }] };
    expect(decodeArguments(codec(null), args)).toBe(args);
  });

  it('parses JSON strings and passes anything else through', () => {
    const json = codec({ kind: 'object', properties: { v: { kind: 'json' } } });
    expect(decodeArguments(json, { v: '{"a":1}' })).toStrictEqual({ v: { a: 1 } });
    expect(decodeArguments(json, { v: 'null' })).toStrictEqual({ v: null });
    expect(decodeArguments(json, { v: '{broken' })).toStrictEqual({ v: '{broken' });
    expect(decodeArguments(json, { v: 3 })).toStrictEqual({ v: 3 });
  });

  it('reads null, true, false and short integers held as JSON strings as JSON.parse does', () => {
    const texts = [
      'null',
      'true',
      'false',
      '0',
      '-0',
      '7',
      '-42',
      '123456789012345',
      '-123456789012345',
      '1234567890123456',
      '00',
      '-01',
      '-',
      '',
      '+1',
      ' 1',
      '1 ',
      '1.5',
      '1e3',
      'nul',
      'True',
    ];
    expectReadAsJsonParse(texts);
  });

  it('reads strings without escapes and numbers with a fraction or an exponent as JSON.parse does', () => {
    const long = `"${'x'.repeat(254)}"`;
    const texts = [
      '""',
      '"Paris"',
      '"a b"',
      '"\u2028 é 😀"',
      '"\ud800"',
      '"\u007f"',
      '"a\\nb"',
      '"a\\"b"',
      '"a"b"',
      '"\u0001"',
      '"\t"',
      '"',
      '"a',
      'a"',
      ' "a"',
      '"a" ',
      long,
      `"${'x'.repeat(255)}"`,
      '1.5',
      '-0.0',
      '0.25',
      '12.5e3',
      '1E+2',
      '-1.25e-7',
      '1e999',
      '-1e-999',
      '123456789012.345',
      '1234567890123.456',
      '0.000000000000001',
      '1e1000',
      '1.',
      '.5',
      '01.5',
      '-01.5',
      '1.5.',
      '1e',
      '1e+',
      '1.5e3x',
      '1.5 ',
      '+1.5',
      '- 1.5',
    ];
    const decoded = expectReadAsJsonParse(texts);
    expect(decoded[texts.indexOf(long)]).toBe('x'.repeat(254));
  });

  it('maps string enums back and leaves unknown strings', () => {
    const enumCodec = codec({
      kind: 'enum',
      pairs: [
        ['1', 1],
        ['null', null],
      ],
    });
    expect(decodeArguments(enumCodec, '1')).toBe(1);
    expect(decodeArguments(enumCodec, 'null')).toBe(null);
    expect(decodeArguments(enumCodec, 'x')).toBe('x');
  });

  it('drops null where it means absent, keeps it elsewhere', () => {
    const object = codec({ kind: 'object', nullMeansAbsent: ['a'], absentSentAsNull: ['b'] });
    expect(decodeArguments(object, { a: null, b: null, c: null })).toStrictEqual({
      b: null,
      c: null,
    });
  });

  it('drops the listed keys alike whether a node lists a few of them or many', () => {
    // Up to 8 listed keys are scanned, more are looked up in a set: both must drop the same keys.
    const many = Array.from({ length: 12 }, (_, index) => `k${index}`);
    for (const listed of [['k3', 'k7'], many]) {
      const object = codec({
        kind: 'object',
        properties: { v: { kind: 'json' } },
        nullMeansAbsent: listed,
        ignored: listed.map((key) => `${key}x`),
      });
      const wire = { k3: null, k3x: 1, v: '2', k7: 0, k7x: null, other: null };
      expect(decodeArguments(object, wire)).toStrictEqual({ v: 2, k7: 0, other: null });
      expect(decodeArguments(object, { k7: null, k3x: [] })).toStrictEqual({});
    }
  });

  it('turns entries into an object with own keys, never a prototype', () => {
    const entries = codec({ kind: 'entries', value: { kind: 'json' } });
    const decoded = decodeArguments(
      entries,
      JSON.parse(
        '[{"key":"__proto__","value":"{\\"polluted\\":1}"},{"key":"constructor","value":"2"}]',
      ),
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toStrictEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toStrictEqual({
      polluted: 1,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('passes entries through when they are not exactly { key, value } or repeat a key', () => {
    const entries = codec({ kind: 'entries', value: null });
    for (const wire of [
      [
        { key: 'a', value: 1 },
        { key: 'a', value: 2 },
      ],
      [{ key: 1, value: 1 }],
      [{ key: 'a' }],
      [{ key: 'a', value: 1, extra: 0 }],
      [{ key: 'a', other: 1 }],
      [
        { key: 'a', value: 1 },
        { key: 'b', extra: 1 },
      ],
      'x',
      null,
    ]) {
      expect(decodeArguments(entries, wire)).toBe(wire);
    }
  });

  it('keeps the array of entries it cannot read, whatever its position', () => {
    const object = codec({
      kind: 'object',
      properties: { record: { kind: 'entries', value: { kind: 'json' } } },
      nullMeansAbsent: ['gone'],
    });
    const unreadable = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
    ];
    const wire = { record: unreadable, gone: null };
    const decoded = decodeArguments(object, wire) as Record<string, unknown>;
    expect(decoded).toStrictEqual({ record: unreadable });
    expect(decoded.record).toBe(unreadable);
    const kept = { record: unreadable };
    expect(decodeArguments(object, kept)).toBe(kept);
    expect(decodeArguments(object, { record: [] })).toStrictEqual({ record: {} });
  });

  it('decodes the same way an object node that maps a few keys or many', () => {
    for (const count of [1, 8, 9, 20]) {
      const keys = Array.from({ length: count }, (_, index) => `k${index}`);
      const properties = Object.fromEntries(keys.map((key) => [key, { kind: 'json' as const }]));
      const object = codec({ kind: 'object', properties, nullMeansAbsent: ['gone'] });
      const wire: Record<string, unknown> = { gone: null, other: '1' };
      for (const key of [...keys].reverse()) wire[key] = `"${key}"`;
      const decoded = decodeArguments(object, wire) as Record<string, unknown>;
      expect(Object.keys(decoded)).toStrictEqual(['other', ...[...keys].reverse()]);
      for (const key of keys) expect(decoded[key]).toBe(key);
      expect(decoded.other).toBe('1');
      // Mapped but unchanged values: the arguments come back as they are.
      const unchanged = Object.fromEntries(keys.map((key) => [key, 1]));
      expect(decodeArguments(object, unchanged)).toBe(unchanged);
    }
  });

  it('merges the extra entries of an open object, or passes the object through on a clash', () => {
    const open = codec({
      kind: 'object',
      properties: { id: null },
      extra: { property: 'otherProperties', value: null },
    });
    expect(
      decodeArguments(open, { id: 'x', otherProperties: [{ key: 'a', value: 1 }] }),
    ).toStrictEqual({ id: 'x', a: 1 });
    const clash = { id: 'x', otherProperties: [{ key: 'id', value: 1 }] };
    expect(decodeArguments(open, clash)).toBe(clash);
  });

  it('decodes tuple positions with their own codec', () => {
    const tuple = codec({
      kind: 'tuple',
      prefix: [{ kind: 'json' }, null],
      items: { kind: 'enum', pairs: [['t', true]] },
    });
    expect(decodeArguments(tuple, ['[1]', '[1]', 't', 'u'])).toStrictEqual([[1], '[1]', true, 'u']);
  });

  it('picks the union branch whose wire guard matches', () => {
    const union = codec({
      kind: 'union',
      branches: [
        {
          wire: { types: ['object'], tags: [['kind', ['a']]] },
          original: { types: ['object'] },
          codec: { kind: 'object', properties: { v: { kind: 'json' } } },
        },
        {
          wire: { types: ['object'], tags: [['kind', ['b']]] },
          original: { types: ['object'] },
          codec: { kind: 'object', properties: { v: { kind: 'entries', value: null } } },
        },
      ],
    });
    expect(decodeArguments(union, { kind: 'a', v: '2' })).toStrictEqual({ kind: 'a', v: 2 });
    expect(decodeArguments(union, { kind: 'b', v: [{ key: 'k', value: 1 }] })).toStrictEqual({
      kind: 'b',
      v: { k: 1 },
    });
    expect(decodeArguments(union, { kind: 'c', v: '2' })).toStrictEqual({ kind: 'c', v: '2' });
  });

  it('lets a union branch that maps nothing win where a later branch that maps matches too', () => {
    const kindA = {
      wire: { types: ['object' as const], required: ['kind'], tags: [['kind', ['a']]] },
      original: {},
      codec: null,
    } satisfies UnionBranch;
    const kindB = {
      wire: { types: ['object' as const], required: ['kind'], tags: [['kind', ['b']]] },
      original: {},
      codec: { kind: 'object' as const, properties: { v: { kind: 'json' as const } } },
    } satisfies UnionBranch;
    const apart = codec({ kind: 'union', branches: [kindA, kindB] });
    const tagged = { kind: 'a', v: '2' };
    expect(decodeArguments(apart, tagged)).toBe(tagged);
    expect(decodeArguments(apart, { kind: 'b', v: '2' })).toStrictEqual({ kind: 'b', v: 2 });
    const withV = {
      wire: { types: ['object' as const], required: ['v'] },
      original: {},
      codec: null,
    };
    const overlapping = codec({ kind: 'union', branches: [withV, kindB] });
    const both = { kind: 'b', v: '2' };
    expect(decodeArguments(overlapping, both)).toBe(both);
    expect(decodeArguments(overlapping, { kind: 'b', w: '2' })).toStrictEqual({
      kind: 'b',
      w: '2',
    });
    // A guard that is not well formed is read as it is (it may throw, and the whole decode then
    // returns its input): the branch before it still matches first, and nothing throws.
    const malformedB = { ...kindB, wire: { types: ['object'], required: 'kind' } as never };
    const inObject = codec({
      kind: 'object',
      properties: { u: { kind: 'union', branches: [kindA, malformedB] }, w: { kind: 'json' } },
    });
    expect(decodeArguments(inObject, { u: tagged, w: '1' })).toStrictEqual({ u: tagged, w: 1 });
  });

  it('unwraps a wrapped root', () => {
    expect(
      decodeArguments(codec({ kind: 'wrap', property: 'value', value: { kind: 'json' } }), {
        value: '[1]',
      }),
    ).toStrictEqual([1]);
  });

  it('repair: parses a string holding JSON where an object or array is wanted', () => {
    const nested = codec({
      kind: 'object',
      properties: {
        page: { kind: 'object', properties: { tags: { kind: 'array', items: null } } },
      },
    });
    const wire = { page: '{"tags":"[\\"a\\"]"}' };
    expect(decodeArguments(nested, wire)).toStrictEqual(wire);
    expect(decodeArguments(nested, wire, { repair: true })).toStrictEqual({
      page: { tags: ['a'] },
    });
    expect(decodeArguments(nested, { page: 'not json' }, { repair: true })).toStrictEqual({
      page: 'not json',
    });
    expect(decodeArguments(nested, '{"page":{}}', { repair: true })).toStrictEqual({ page: {} });
  });

  it('repair: parses an entry, and the extra entries, sent as strings holding JSON', () => {
    const entries = codec({
      kind: 'object',
      properties: { headers: { kind: 'entries', value: null } },
      extra: { property: 'others', value: { kind: 'json' } },
    });
    const entry = JSON.stringify({ key: 'x', value: 'y' });
    const wire = {
      headers: [entry, { key: 'z', value: 'w' }],
      others: `[{"key":"n","value":"1"}]`,
    };
    // Without repair, neither is a list of entries: the arguments pass as they came.
    expect(decodeArguments(entries, wire)).toStrictEqual(wire);
    expect(decodeArguments(entries, wire, { repair: true })).toStrictEqual({
      headers: { x: 'y', z: 'w' },
      n: 1,
    });
    // A string that is not one entry's JSON leaves the list as it came, as a malformed entry does.
    for (const bad of ['not json', '[1]', '{"key":"x"}', '{"key":1,"value":2}']) {
      expect(decodeArguments(entries, { headers: [bad] }, { repair: true })).toStrictEqual({
        headers: [bad],
      });
    }
    expect(decodeArguments(entries, { others: '{"key":"n"}' }, { repair: true })).toStrictEqual({
      others: '{"key":"n"}',
    });
  });

  it('repair: a record sent entry by entry as JSON strings reaches the original shape', () => {
    const schema = {
      type: 'object',
      properties: {
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
            additionalProperties: false,
          },
        },
      },
      required: ['headers', 'list'],
      additionalProperties: false,
    };
    const wire = {
      headers: [JSON.stringify({ key: 'x', value: 'y' })],
      list: [JSON.stringify({ a: '1' })],
    };
    for (const profile of ['portable', 'openai-strict', 'gemini', 'anthropic-strict'] as const) {
      const { codec: marked } = toProviderSchema(schema, profile, { repair: true });
      expect(decodeArguments(marked, wire, { repair: true }), profile).toStrictEqual({
        headers: { x: 'y' },
        list: [{ a: '1' }],
      });
    }
  });

  it('repair: leaves a string where a union also takes a string, which it is there', () => {
    const branch = (types: JsonType[], node: CodecNode) => ({
      wire: { types },
      original: { types },
      codec: node,
    });
    const either = codec({
      kind: 'object',
      properties: {
        ids: {
          kind: 'union',
          branches: [
            branch(['array'], { kind: 'array', items: { kind: 'json' } }),
            branch(['string'], null),
          ],
        },
        list: {
          kind: 'union',
          branches: [
            branch(['null'], null),
            branch(['array'], { kind: 'array', items: { kind: 'json' } }),
          ],
        },
      },
    });
    expect(
      decodeArguments(either, { ids: '["1"]', list: '["1"]' }, { repair: true }),
    ).toStrictEqual({
      ids: '["1"]',
      list: [1],
    });
  });

  it("repair: reaches inside the branch of a union that a value's type names", () => {
    const schema = {
      type: 'object',
      properties: {
        u: {
          anyOf: [
            {
              type: 'object',
              properties: {
                list: { type: 'array', items: { type: 'string' } },
                flag: { type: 'boolean' },
              },
              required: ['list'],
            },
            { type: 'string' },
          ],
        },
      },
      required: ['u'],
    };
    for (const profile of PROFILES) {
      const { codec: marked } = toProviderSchema(schema, profile, { repair: true });
      const repaired = (value: unknown) => decodeArguments(marked, value, { repair: true });
      expect(repaired({ u: { list: '["a","b"]', flag: true } }), profile).toStrictEqual({
        u: { list: ['a', 'b'], flag: true },
      });
      // The union takes a string: a string there is one, whatever it holds.
      expect(repaired({ u: '{"list":["a"]}' }), profile).toStrictEqual({ u: '{"list":["a"]}' });
    }
    // Where the wire is the original but the root, a stray null inside the branch goes too.
    for (const profile of ['mcp', 'openai', 'anthropic'] as const) {
      const { codec: marked } = toProviderSchema(schema, profile, { repair: true });
      expect(
        decodeArguments(marked, { u: { list: ['a'], flag: null } }, { repair: true }),
      ).toStrictEqual({ u: { list: ['a'] } });
    }
  });

  it('repair: leaves a branch as it came where another branch of the union takes it so', () => {
    // FUZZ_SEED=235, reduced: `{}` takes the tuple's array with a string where its record
    // stands, so parsing that string would change a call the original accepts.
    const tuple = {
      type: 'array',
      prefixItems: [
        { type: 'integer' },
        { type: 'object', additionalProperties: { type: 'string' } },
      ],
    };
    const inProperty = {
      type: 'object',
      properties: { pair: { anyOf: [{ description: 'anything' }, tuple] } },
      required: ['pair'],
    };
    const atMergedRoot = {
      anyOf: [
        {
          type: 'object',
          properties: { pair: { description: 'anything' } },
          required: ['pair'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: { pair: tuple, id: { type: 'string' } },
          required: ['pair', 'id'],
          additionalProperties: false,
        },
      ],
    };
    const call = { pair: [1, '{"a":"b"}'] };
    for (const schema of [inProperty, atMergedRoot]) {
      for (const profile of PROFILES) {
        const { codec: marked } = toProviderSchema(schema, profile, { repair: true });
        expect(decodeArguments(marked, call, { repair: true }), profile).toStrictEqual(call);
      }
    }
    // Branches that share no value still repair inside: only the tuple takes an array.
    const apart = {
      type: 'object',
      properties: { pair: { anyOf: [{ type: 'string' }, tuple] } },
      required: ['pair'],
    };
    for (const profile of ['portable', 'openai-strict', 'gemini'] as const) {
      const { codec: marked } = toProviderSchema(apart, profile, { repair: true });
      expect(decodeArguments(marked, call, { repair: true }), profile).toStrictEqual({
        pair: [1, { a: 'b' }],
      });
    }
  });

  describe('parseJson', () => {
    const shaped = codec({
      kind: 'object',
      properties: {
        v: { kind: 'json' },
        list: { kind: 'array', items: { kind: 'json' } },
        page: { kind: 'object', properties: { tags: { kind: 'array', items: null } } },
      },
    });

    /** A parser that notes each text it is given and returns it wrapped (a JSON object). */
    function notingParser(): { parseJson: (text: string) => unknown; seen: string[] } {
      const seen: string[] = [];
      return {
        seen,
        parseJson: (text) => {
          seen.push(text);
          return { text };
        },
      };
    }

    it('reads the text of JSON strings only, and of repaired strings only with repair', () => {
      const { parseJson, seen } = notingParser();
      const wire = { v: '1.0', list: ['[1]', 2, null], page: '{"tags":[]}', other: '3', n: 4 };
      expect(decodeArguments(shaped, wire, { parseJson })).toStrictEqual({
        v: { text: '1.0' },
        list: [{ text: '[1]' }, 2, null],
        page: '{"tags":[]}',
        other: '3',
        n: 4,
      });
      expect(seen).toStrictEqual(['1.0', '[1]']);
      seen.length = 0;
      expect(decodeArguments(shaped, wire, { parseJson, repair: true })).toStrictEqual({
        v: { text: '1.0' },
        list: [{ text: '[1]' }, 2, null],
        page: { text: '{"tags":[]}' },
        other: '3',
        n: 4,
      });
      expect(seen).toStrictEqual(['1.0', '[1]', '{"tags":[]}']);
    });

    it('keeps what a parser keeps: a number past 2^53 as its text', () => {
      const bigAsText = (text: string): unknown =>
        JSON.parse(text.replace(/(?<=[:,[]|^)(\d{16,})(?=[,\]}]|$)/g, '"$1"'));
      const wire = { v: '{"id":12345678901234567890,"n":1}' };
      expect(decodeArguments(shaped, wire, { parseJson: bigAsText })).toStrictEqual({
        v: { id: '12345678901234567890', n: 1 },
      });
      expect(decodeArguments(shaped, wire)).toStrictEqual({
        v: { id: 12345678901234567000, n: 1 },
      });
    });

    it('passes a string on as it came when the parser throws, and never throws itself', () => {
      const refuse = (): unknown => {
        throw new SyntaxError('not JSON');
      };
      const wire = { v: '{"a":1}', list: ['2'], page: '{"tags":["a"]}' };
      expect(decodeArguments(shaped, wire, { parseJson: refuse })).toBe(wire);
      expect(decodeArguments(shaped, wire, { parseJson: refuse, repair: true })).toBe(wire);
    });

    it('keeps compiled decoders per parser: each call reads with its own, the default unchanged', () => {
      const first = notingParser();
      const second = notingParser();
      const wire = { v: '{"a":1.5}', page: '{"tags":"[\\"a\\"]"}' };
      for (const repair of [false, true]) {
        const options = { repair };
        expect(
          decodeArguments(shaped, wire, { ...options, parseJson: first.parseJson }),
        ).toStrictEqual({
          v: { text: '{"a":1.5}' },
          page: repair ? { text: '{"tags":"[\\"a\\"]"}' } : wire.page,
        });
        expect(decodeArguments(shaped, wire, options)).toStrictEqual({
          v: { a: 1.5 },
          page: repair ? { tags: ['a'] } : wire.page,
        });
        expect(
          decodeArguments(shaped, wire, { ...options, parseJson: second.parseJson }),
        ).toStrictEqual({
          v: { text: '{"a":1.5}' },
          page: repair ? { text: '{"tags":"[\\"a\\"]"}' } : wire.page,
        });
      }
      expect(first.seen).toStrictEqual(second.seen);
      expect(first.seen).toStrictEqual(['{"a":1.5}', '{"a":1.5}', '{"tags":"[\\"a\\"]"}']);
    });
  });

  it('is total: a malformed codec or any value never throws', () => {
    const broken = { version: 1, root: { kind: 'object', properties: 5 } } as unknown as Codec;
    expect(decodeArguments(broken, { a: 1 })).toStrictEqual({ a: 1 });
    expect(decodeArguments(null as unknown as Codec, { a: 1 })).toStrictEqual({ a: 1 });
    // The lists only `repair` reads, malformed: the arguments pass as they came.
    for (const root of [
      { kind: 'object', strayNull: 5 },
      { kind: 'object', properties: { a: { kind: 'object' } }, unrepaired: 'a' },
    ]) {
      const args = { a: null };
      expect(decodeArguments(codec(root as never), args, { repair: true })).toBe(args);
    }
    expect(decodeArguments(codec({ kind: 'array', items: { kind: 'json' } }), undefined)).toBe(
      undefined,
    );
  });

  it('returns the arguments themselves when nothing in them maps', () => {
    const object = codec({
      kind: 'object',
      properties: { v: { kind: 'json' }, list: { kind: 'array', items: { kind: 'json' } } },
      nullMeansAbsent: ['gone'],
      absentSentAsNull: ['kept'],
    });
    const wire = { v: 3, list: [1, null], kept: null, other: { deep: [1] } };
    expect(decodeArguments(object, wire)).toBe(wire);
    expect(decodeArguments(object, wire, { repair: true })).toBe(wire);
  });

  it('returns the same object when no null-means-absent key holds null, hostile keys included', () => {
    const object = codec(
      JSON.parse(
        '{"kind":"object","nullMeansAbsent":["__proto__","constructor","toString","a"],"ignored":["hasOwnProperty"]}',
      ),
    );
    const unchanged = JSON.parse('{"__proto__":1,"constructor":"c","a":2,"b":null}');
    expect(decodeArguments(object, unchanged)).toBe(unchanged);
    // Inherited `constructor` and `toString` are not own keys holding null: nothing maps.
    const plain = { b: 1 };
    expect(decodeArguments(object, plain)).toBe(plain);
    const nulls = JSON.parse('{"__proto__":null,"b":1,"constructor":null,"hasOwnProperty":2}');
    const decoded = decodeArguments(object, nulls) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toStrictEqual(['b']);
    expect(Object.keys(nulls)).toStrictEqual(['__proto__', 'b', 'constructor', 'hasOwnProperty']);
    const kept = JSON.parse('{"__proto__":{"polluted":1},"a":null}');
    const copied = decodeArguments(object, kept) as Record<string, unknown>;
    expect(Object.keys(copied)).toStrictEqual(['__proto__']);
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies only what changes: unchanged values are shared, the input is never mutated', () => {
    const object = codec({
      kind: 'object',
      properties: {
        list: { kind: 'array', items: { kind: 'json' } },
        same: { kind: 'array', items: { kind: 'json' } },
      },
      nullMeansAbsent: ['gone'],
    });
    const shared = { deep: [1] };
    const same = [1, 2];
    const wire = { first: shared, list: [1, '2', 3], same, gone: null, last: 'x' };
    const snapshot = JSON.stringify(wire);
    const decoded = decodeArguments(object, wire) as Record<string, unknown>;
    expect(decoded).toStrictEqual({
      first: { deep: [1] },
      list: [1, 2, 3],
      same: [1, 2],
      last: 'x',
    });
    expect(Object.keys(decoded)).toStrictEqual(['first', 'list', 'same', 'last']);
    expect(decoded.first).toBe(shared);
    expect(decoded.same).toBe(same);
    expect(JSON.stringify(wire)).toBe(snapshot);
  });

  it('reads a listed key only as an own property, never from the prototype', () => {
    const object = codec({
      kind: 'object',
      properties: { toString: { kind: 'json' as const }, constructor: { kind: 'json' as const } },
    });
    const wire = { a: 1 };
    expect(decodeArguments(object, wire)).toBe(wire);
    const own = JSON.parse('{"constructor":"[1]","__proto__":"2"}');
    const decoded = decodeArguments(
      codec(
        JSON.parse(
          '{"kind":"object","properties":{"constructor":{"kind":"json"},"__proto__":{"kind":"json"}}}',
        ),
      ),
      own,
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toStrictEqual(['constructor', '__proto__']);
    expect(decoded.constructor).toStrictEqual([1]);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe(2);
  });

  it('decodes an object of another prototype by its own keys, copied to a plain object on change', () => {
    const object = codec({ kind: 'object', nullMeansAbsent: ['a'] });
    const wire = Object.assign(Object.create(null) as Record<string, unknown>, { a: null, b: 1 });
    const decoded = decodeArguments(object, wire);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(decoded).toStrictEqual({ b: 1 });
    // Only own keys are read: an inherited `null` is no key of the value, which comes back as it is.
    const inherited = Object.create({ a: null }) as Record<string, unknown>;
    inherited.b = 1;
    expect(decodeArguments(object, inherited)).toBe(inherited);
    const unchanged = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1 });
    expect(decodeArguments(object, unchanged)).toBe(unchanged);
  });

  it('gives the same result on every call, with a node shared by two codecs', () => {
    const json = { kind: 'json' } as const;
    const first = codec({ kind: 'object', properties: { a: json } });
    const second = codec({ kind: 'array', items: json });
    for (let round = 0; round < 3; round++) {
      expect(decodeArguments(first, { a: '[1]' })).toStrictEqual({ a: [1] });
      expect(decodeArguments(second, ['1', 2])).toStrictEqual([1, 2]);
    }
  });

  it('decodes with the root a codec holds at each call, with and without options', () => {
    const json = { kind: 'json' } as const;
    const held = codec({ kind: 'object', properties: { a: json } });
    expect(decodeArguments(held, { a: '[1]' })).toStrictEqual({ a: [1] });
    held.root = { kind: 'array', items: json };
    expect(decodeArguments(held, ['1', 2])).toStrictEqual([1, 2]);
    expect(decodeArguments(held, ['1', 2], { repair: true })).toStrictEqual([1, 2]);
    held.root = null;
    const args = { a: '[1]' };
    expect(decodeArguments(held, args)).toBe(args);
  });

  it('decodes a hand-built cyclic codec as deep as the value goes', () => {
    const node: Record<string, unknown> = { kind: 'object', properties: { v: { kind: 'json' } } };
    (node.properties as Record<string, unknown>).child = node;
    const cyclic = codec(node as Codec['root']);
    expect(decodeArguments(cyclic, { v: '1', child: { v: '2', child: { v: '3' } } })).toStrictEqual(
      { v: 1, child: { v: 2, child: { v: 3 } } },
    );
  });

  it('keeps holes of a sparse array and copies an array only when an item changes', () => {
    const array = codec({ kind: 'array', items: { kind: 'json' } });
    const unchanged = [1, { a: 1 }];
    expect(decodeArguments(array, unchanged)).toBe(unchanged);
    // biome-ignore lint/suspicious/noSparseArray: a hole on purpose.
    const sparse = ['1', , '2'];
    const decoded = decodeArguments(array, sparse) as unknown[];
    // biome-ignore lint/suspicious/noSparseArray: the hole kept.
    expect(decoded).toStrictEqual([1, , 2]);
    // biome-ignore lint/suspicious/noSparseArray: the input as it was.
    expect(sparse).toStrictEqual(['1', , '2']);
  });
});
