import { describe, expect, it } from 'vitest';
import { findToolsArray, skipValue } from './jsonBytes.ts';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Whether JSON.parse takes the text. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const VALID = [
  '0',
  '-0',
  '1.50',
  '-12e+3',
  '1E400',
  'true',
  'false',
  'null',
  '""',
  '"a\\"b\\\\c\\/\\b\\f\\n\\r\\t\\u00e9 é 😀"',
  '[]',
  '{}',
  '[ 1 , [ ] , { } ,"x" ]',
  '{ "a" : { "b" : [ 1, { "c" : null } ] } , "d":"}" }',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
];

const INVALID = [
  '',
  '01',
  '1.',
  '.5',
  '-',
  '1e',
  '+1',
  'tru',
  'nul',
  '"abc',
  '[1,]',
  '[,1]',
  '{"a"}',
  '{"a":1,}',
  '{a:1}',
  '{"a":1]',
  '[1}',
  `${'['.repeat(50_000)}${']'.repeat(49_999)}`,
];

describe('skipValue', () => {
  it('ends a valid value where it ends, as JSON.parse reads it', () => {
    for (const text of VALID) {
      expect(parses(text)).toBe(true);
      expect(skipValue(bytes(text), 0)).toBe(Buffer.byteLength(text));
      expect(skipValue(bytes(` ${text} ,`), 1)).toBe(Buffer.byteLength(text) + 1);
    }
  });

  it('finds where a string ends, escaped quotes and backslashes included', () => {
    for (const text of ['"a\\\\"', '"a\\"b"', '"\\\\\\""', '"\\x\t"']) {
      expect(skipValue(bytes(`${text},"z"`), 0)).toBe(text.length);
    }
    expect(skipValue(bytes('"a\\"'), 0)).toBe(-1);
  });

  it('refuses structure JSON.parse refuses', () => {
    for (const text of INVALID) {
      expect(parses(text)).toBe(false);
      const end = skipValue(bytes(text), 0);
      expect(end === -1 || end < Buffer.byteLength(text)).toBe(true);
    }
  });
});

describe('findToolsArray', () => {
  const skip = (text: Buffer) => (at: number) => skipValue(text, at);

  it('finds the tools array and its elements', () => {
    const text = bytes('{"id":1,"result":{"_meta":{"tools":[]},"tools":[ {"a":1} , 2 ]},"x":[]} ');
    expect(findToolsArray(text, skip(text))).toStrictEqual({
      open: 47,
      close: 61,
      elements: [
        [49, 56],
        [59, 60],
      ],
    });
    const empty = bytes('{"result":{"tools":[ ]}}');
    expect(findToolsArray(empty, skip(empty))).toStrictEqual({ open: 19, close: 21, elements: [] });
  });

  it('finds nothing in another shape, a repeated member or a grammar error', () => {
    for (const text of [
      '[{"result":{"tools":[]}}]',
      '{"result":{"tools":{}}}',
      '{"result":[]}',
      '{"method":"x","result":{"tools":[]}}',
      '{"result":{"tools":[]},"result":{"tools":[]}}',
      '{"result":{"tools":[],"tools":[]}}',
      '{"error":{"code":1}}',
      '{"result":{"tools":[1,]}}',
      '{"result":{"tools":[]}} x',
      '{"result":{"tools":[]},}',
    ]) {
      const line = bytes(text);
      expect(findToolsArray(line, skip(line))).toBeUndefined();
    }
  });

  it('reads keys written with escapes as JSON.parse does', () => {
    const text = bytes('{"r\\u0065sult":{"\\u0074ools":[]}}');
    expect(findToolsArray(text, skip(text))?.elements).toStrictEqual([]);
  });
});
