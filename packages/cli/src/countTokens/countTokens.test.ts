import { describe, expect, it } from 'vitest';
import { countJsonTokens, TOKENIZER } from './countTokens.ts';

describe('countJsonTokens', () => {
  it('counts the compact JSON text with o200k_base', () => {
    expect(TOKENIZER).toStrictEqual({ package: 'gpt-tokenizer', encoding: 'o200k_base' });
    expect(countJsonTokens({ type: 'object', properties: { a: { type: 'string' } } })).toBe(14);
    expect(countJsonTokens(undefined)).toBe(0);
  });
});
