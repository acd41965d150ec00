import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import { NOT_JSON, newKeyCache, readJsonText } from './jsonText.ts';

/**
 * What `JSON.parse` gives for a text, written out so a difference `toStrictEqual` would not see
 * shows: every own key in order with its descriptor, the prototype, `-0`.
 */
function anatomy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return Object.is(value, -0) ? '-0' : value;
  }
  return {
    prototype:
      Object.getPrototypeOf(value) === Array.prototype
        ? 'array'
        : Object.getPrototypeOf(value) === Object.prototype
          ? 'object'
          : 'other',
    keys: Reflect.ownKeys(value).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
      return [
        String(key),
        descriptor.writable,
        descriptor.enumerable,
        descriptor.configurable,
        anatomy(descriptor.value),
      ];
    }),
  };
}

/** Expects each text read as `JSON.parse` reads it (`NOT_JSON` where it throws). */
function expectReadAsJsonParse(texts: readonly string[], keys = newKeyCache()): void {
  for (const text of texts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = NOT_JSON;
    }
    const read = readJsonText(text, keys);
    if (parsed === NOT_JSON) expect(read, text).toBe(NOT_JSON);
    else expect(anatomy(read), text).toStrictEqual(anatomy(parsed));
  }
}

describe('readJsonText', () => {
  it('reads objects and arrays of plain values as JSON.parse does', () => {
    expectReadAsJsonParse([
      '{}',
      '[]',
      '{"a":1}',
      '{"property":"Status","equals":"Done"}',
      '{"and":[{"property":"A","equals":"x"},{"or":[{"property":"B","equals":"y"}]}]}',
      '[1,{"nested":true}]',
      ' { "a" : [ 1 , -0 , 2.5e-3 , true , false , null , "" ] , "b" : { } } ',
      '\n[\t{\r"x":[[],{}]}\n]\n',
      '{"a":1,"a":2,"b":3,"a":4}',
      '{"2":"b","1":"a","x":0,"0":"z"}',
      '{"4294967295":1,"4294967294":2,"-0":3,"":4}',
      '["\u2028", "\ud800", "é😀", "\u007f"]',
      '[123456789012345, -123456789012345, 1234567890123456, 1e400, 0.1, 1E+2]',
    ]);
  });

  it('refuses what JSON.parse refuses', () => {
    expectReadAsJsonParse([
      '{',
      '[',
      '{"a":1',
      '[1,]',
      '{"a":1,}',
      '{,}',
      '[,1]',
      '{"a" 1}',
      '{"a":}',
      '{a:1}',
      "{'a':1}",
      '[01]',
      '[1.]',
      '[.5]',
      '[-]',
      '[+1]',
      '[1e]',
      '[tru]',
      '[nulll]',
      '{"a":1}}',
      '[1]]',
      '[[1]',
      '{"a":1} x',
      '["a\tb"]',
      '["\u0000"]',
      '{"a\nb":1}',
      '\ufeff[1]',
      '[1 2]',
      '{"a":1 "b":2}',
    ]);
  });

  it('leaves escapes, long numbers and keys of Object.prototype to JSON.parse, with its result', () => {
    expectReadAsJsonParse([
      '["a\\nb", "\\u0041", "\\""]',
      '{"a\\"b":1}',
      '[12345678901234567890, 9007199254740993, 1.0000000000000001, 1e1000]',
      '{"__proto__":{"polluted":1}}',
      '{"x":{"__proto__":[]},"constructor":1,"toString":"s","hasOwnProperty":0}',
      '{"valueOf":{},"__defineGetter__":1}',
    ]);
    const read = readJsonText('{"__proto__":{"polluted":1}}', newKeyCache()) as object;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads deep and long texts, past its own bounds through JSON.parse', () => {
    expectReadAsJsonParse([
      `${'['.repeat(64)}${']'.repeat(64)}`,
      `${'['.repeat(200)}1${']'.repeat(200)}`,
      `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
      `[${'1,'.repeat(3_000)}1]`,
      `{${Array.from({ length: 300 }, (_, index) => `"k${index}":${index}`).join(',')}}`,
    ]);
  });

  it('reads a key again from its cache, whatever the cache held before', () => {
    const keys = newKeyCache();
    const texts = Array.from({ length: 400 }, (_, index) => `{"k${index % 90}":${index},"a":[]}`);
    // Twice: the second pass meets the keys the first left in the cache, and collisions.
    expectReadAsJsonParse([...texts, ...texts], keys);
    expectReadAsJsonParse(['{"constructor":1}', '{"constructor":1}', '{"__proto__":2}'], keys);
  });

  it('reads any JSON text as JSON.parse does, and any damaged one too', () => {
    const keys = newKeyCache();
    const key = fc.constantFrom('a', 'b', '__proto__', 'constructor', '0', '10', '', 'é', 'a"b');
    const text = fc
      .jsonValue({ maxDepth: 4 })
      .chain((value) =>
        fc.tuple(
          fc.constant(JSON.stringify(value, null, value === null ? 0 : 1)),
          fc.constant(JSON.stringify(value)),
        ),
      );
    fc.assert(
      fc.property(
        text,
        key,
        fc.nat(),
        fc.constantFrom('', ',', '}', ']', '"', ':', ' ', '-', '0', '\\'),
        ([pretty, compact], extraKey, at, damage) => {
          const keyed = `{${JSON.stringify(extraKey)}:${compact}}`;
          const position = at % (compact.length + 1);
          const damaged = compact.slice(0, position) + damage + compact.slice(position + 1);
          expectReadAsJsonParse([pretty, compact, keyed, damaged], keys);
        },
      ),
      { numRuns: 2_000, seed: fuzzSeed() },
    );
  });
});
