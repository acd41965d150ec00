import { describe, expect, it } from 'vitest';
import { locateJsonError } from './locateJsonError.ts';

describe('locateJsonError', () => {
  it.each([
    '{}',
    '[]',
    ' {"a": [1, -2.5e+3, 0, true, false, null, "x\\"\\u00e9\\n"]} \n',
    '"just a string"',
    '0',
    '-0.1E-2',
  ])('accepts valid JSON %j', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(locateJsonError(text)).toBe(undefined);
  });

  it('points at a missing value on the second line', () => {
    expect(locateJsonError('{\n  "a": }')).toStrictEqual({
      offset: 9,
      line: 2,
      column: 8,
      reason: 'unexpected "}", expected a value',
    });
  });

  it('points at a trailing comma', () => {
    expect(locateJsonError('[1,2,]')).toStrictEqual({
      offset: 5,
      line: 1,
      column: 6,
      reason: 'unexpected "]", expected a value',
    });
  });

  it('points at the end of a truncated document', () => {
    expect(locateJsonError('{"a": 1')).toStrictEqual({
      offset: 7,
      line: 1,
      column: 8,
      reason: "unexpected end of input, expected ',' or '}'",
    });
  });

  it('points at text after the value', () => {
    expect(locateJsonError('{"a":1}\n}')).toStrictEqual({
      offset: 8,
      line: 2,
      column: 1,
      reason: 'unexpected "}" after the end of the JSON value',
    });
  });

  it('points at an unquoted key, a bad escape, an unterminated string and a bad number', () => {
    expect(locateJsonError('{a: 1}')?.reason).toBe('unexpected "a", expected a property name');
    expect(locateJsonError('"\\x"')?.offset).toBe(1);
    expect(locateJsonError('["abc')?.reason).toBe('unterminated string');
    expect(locateJsonError('[01]')?.offset).toBe(2);
    expect(locateJsonError('[1.]')?.reason).toBe('expected a digit after the decimal point');
    expect(locateJsonError('')?.reason).toBe('unexpected end of input, expected a value');
  });

  it('scans deep nesting without recursion', () => {
    const depth = 200_000;
    expect(locateJsonError(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe(undefined);
    expect(locateJsonError(`${'['.repeat(depth)}${']'.repeat(depth - 1)}`)?.offset).toBe(
      2 * depth - 1,
    );
  });
});
