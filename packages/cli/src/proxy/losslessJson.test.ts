import { describe, expect, it } from 'vitest';
import {
  idAsString,
  parseLossless,
  readNumbers,
  restoreNumbers,
  stringifyLossless,
} from './losslessJson.ts';

const roundTrip = (text: string): string => {
  const { value, placeholders } = parseLossless(text);
  return stringifyLossless(value, placeholders);
};

describe('parseLossless / stringifyLossless', () => {
  it('parses plain JSON as JSON.parse does, without placeholders', () => {
    const text = '{"a":[1,-2,0.5,1.25,"1e400 in a string",true,null],"b":{"c":100}}';
    expect(parseLossless(text)).toStrictEqual({ value: JSON.parse(text), placeholders: false });
  });

  it('writes back every number as its source text', () => {
    for (const number of [
      '1e400',
      '-1E-400',
      '9007199254740993',
      '12345678901234567890',
      '1.0',
      '0.50',
      '-0',
      '0.0000001',
      '1e3',
      '1.2345678901234567',
    ]) {
      expect(roundTrip(`{"n":${number},"list":[${number}]}`)).toBe(
        `{"n":${number},"list":[${number}]}`,
      );
    }
  });

  it('leaves numbers inside strings alone', () => {
    const text = '{"s":"1e400 and \\"1.0\\"","n":1.0}';
    expect(parseLossless(text).value).toStrictEqual({
      s: '1e400 and "1.0"',
      n: expect.stringMatching(/1\.0$/),
    });
    expect(roundTrip(text)).toBe(text);
  });

  it('leaves a string that looks like a number in place alone', () => {
    const text = '{"s":"x:1.0,y","t":"[1e400]","n":1}';
    expect(parseLossless(text)).toStrictEqual({
      value: { s: 'x:1.0,y', t: '[1e400]', n: 1 },
      placeholders: false,
    });
    expect(roundTrip(text)).toBe(text);
  });

  it('throws a SyntaxError for text that is not JSON', () => {
    expect(() => parseLossless('{"n":1e400')).toThrow(SyntaxError);
    expect(() => parseLossless('nope')).toThrow(SyntaxError);
  });

  it('writes back a number a string quotes as JSON text (a description naming a value)', () => {
    const { value } = parseLossless('{"n":1e400,"m":12345678901234567890}');
    const { n, m } = value as { n: string; m: string };
    const described = {
      description: `maximum: ${JSON.stringify(n)}; default: ${JSON.stringify(m)}.`,
    };
    expect(stringifyLossless(described, true)).toBe(
      '{"description":"maximum: 1e400; default: 12345678901234567890."}',
    );
  });
});

describe('idAsString', () => {
  it('sends an id JSON.parse would change as a string, written back as its text', () => {
    const message = parseLossless('{"id":9007199254740993,"params":{"n":1.0}}').value as {
      id: unknown;
    };
    message.id = idAsString(message.id);
    const sent = restoreNumbers(JSON.stringify(message));
    expect(sent).toMatch(/^\{"id":"\\u0000[0-9a-f]+:id:9007199254740993","params":\{"n":1\.0\}\}$/);
    // The server answers with the id it got, which the proxy writes as it was sent.
    const answer = JSON.parse(sent.replace(',"params":{"n":1.0}', ',"result":{}'));
    expect(stringifyLossless(answer, true)).toBe('{"id":9007199254740993,"result":{}}');
    expect([idAsString(7), idAsString('a'), idAsString(null)]).toStrictEqual([7, 'a', null]);
  });
});

describe('readNumbers', () => {
  it('reads every placeholder of a finite number as that number, in place, at any depth', () => {
    const { value } = parseLossless(
      '{"a":1.0,"b":[2.50,{"c":1E2,"__proto__":-0.0}],"d":12345678901234567890,"e":"1.0"}',
    );
    expect(readNumbers(value)).toBe(value);
    expect(value).toStrictEqual(
      JSON.parse('{"a":1,"b":[2.5,{"c":100,"__proto__":-0}],"d":12345678901234567000,"e":"1.0"}'),
    );
    expect(Object.getPrototypeOf((value as { b: object[] }).b[1])).toBe(Object.prototype);
  });

  it('keeps the placeholder of a number beyond any, and reads a root placeholder', () => {
    const { value } = parseLossless('[1e400,-1e400]');
    readNumbers(value);
    expect(stringifyLossless(value, true)).toBe('[1e400,-1e400]');
    expect(readNumbers(parseLossless('1.0').value)).toBe(1);
    expect(readNumbers('not a placeholder')).toBe('not a placeholder');
  });
});

/** A seeded generator (mulberry32): the same documents on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Compact JSON text whose numbers are spelled every way JSON allows (`-0`, `1.0`, `1E+2`, 64-bit
 * integers, `1e400`...) and whose strings hold what a number scan could trip on (digits, quotes,
 * escapes, U+2028).
 */
function jsonText(next: () => number, depth = 0): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const digits = (count: number): string =>
    Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
  const number = (): string => {
    const integer =
      next() < 0.2 ? '0' : `${1 + Math.floor(next() * 9)}${digits(Math.floor(next() * 22))}`;
    const fraction = next() < 0.4 ? `.${digits(1 + Math.floor(next() * 20))}` : '';
    const exponent =
      next() < 0.3
        ? `${pick(['e', 'E'])}${pick(['', '+', '-'])}${digits(1 + Math.floor(next() * 3))}`
        : '';
    return `${next() < 0.3 ? '-' : ''}${integer}${fraction}${exponent}`;
  };
  const string = (): string =>
    JSON.stringify(
      Array.from({ length: Math.floor(next() * 6) }, () =>
        pick(['a', '1', '1.0', '"', '\\', ':', ',', '[', '\u2028', '\u0000', 'é', ' ', '-0']),
      ).join(''),
    );
  const kind = depth > 3 ? Math.floor(next() * 4) : Math.floor(next() * 6);
  if (kind === 0) return number();
  if (kind === 1) return string();
  if (kind === 2) return pick(['true', 'false', 'null']);
  if (kind === 3) return number();
  const size = Math.floor(next() * 5);
  if (kind === 4) {
    return `[${Array.from({ length: size }, () => jsonText(next, depth + 1)).join(',')}]`;
  }
  // Keys start with a letter: an object lists integer-like keys first, whatever their order.
  const members = Array.from(
    { length: size },
    (_, index) => `"k${string().slice(1, -1)}${index}":${jsonText(next, depth + 1)}`,
  );
  return `{${members.join(',')}}`;
}

describe('parseLossless / stringifyLossless / readNumbers, on generated JSON text', () => {
  const texts = Array.from({ length: 400 }, (_, index) => jsonText(random(index + 1)));

  it('writes every generated text back as it came', () => {
    // Many texts hold a number JSON.stringify would write differently (154 of the 400).
    expect(texts.filter((text) => parseLossless(text).placeholders).length).toBeGreaterThan(100);
    for (const text of texts) {
      const { value, placeholders } = parseLossless(text);
      expect(stringifyLossless(value, placeholders)).toBe(text);
    }
  });

  it('reads every number of a generated text as JSON.parse does once readNumbers ran (but 1e400)', () => {
    const finite = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value, (_, item) =>
          item === Infinity || item === -Infinity ? 'beyond' : item,
        ),
      );
    for (const text of texts) {
      const read = readNumbers(parseLossless(text).value);
      const beyond = (_: string, item: unknown): unknown =>
        typeof item === 'string' && /^\0[0-9a-f]{12}:/.test(item) ? 'beyond' : item;
      expect(JSON.parse(JSON.stringify(read, beyond))).toStrictEqual(finite(JSON.parse(text)));
    }
  });
});
