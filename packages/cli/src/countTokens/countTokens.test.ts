import { describe, expect, it } from 'vitest';
import { countJsonTokens, TOKENIZER } from './countTokens.ts';

describe('countJsonTokens', () => {
  it('counts the compact JSON text with o200k_base', () => {
    expect(TOKENIZER).toStrictEqual({ package: 'gpt-tokenizer', encoding: 'o200k_base' });
    expect(
      countJsonTokens({ type: 'object', properties: { a: { type: 'string' } } }, 'a schema'),
    ).toBe(14);
    expect(countJsonTokens(undefined, 'nothing')).toBe(0);
  });

  it('is a CliError naming the value where JSON.stringify cannot write it', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(() => countJsonTokens(deep, "tool 'deep' as listed")).toThrow(
      expect.objectContaining({
        name: 'CliError',
        message: expect.stringContaining("cannot count the tokens of tool 'deep' as listed"),
      }),
    );
  });
});
