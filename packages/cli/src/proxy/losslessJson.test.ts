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
