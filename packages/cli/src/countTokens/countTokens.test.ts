import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countJsonTokens, countTextTokens, MAX_COUNTED_RUN, TOKENIZER } from './countTokens.ts';

describe('countJsonTokens', () => {
  it('counts the compact JSON text with o200k_base', () => {
    expect(TOKENIZER).toStrictEqual({ package: 'gpt-tokenizer', encoding: 'o200k_base' });
    expect(
      countJsonTokens({ type: 'object', properties: { a: { type: 'string' } } }, 'a schema'),
    ).toBe(14);
    expect(countJsonTokens(undefined, 'nothing')).toBe(0);
  });

  it('counts a schema nested deeper than JSON.stringify can write', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    // `{"a":` is 3 tokens at most, so the count is bounded and positive.
    const count = countJsonTokens(deep, "tool 'deep' as listed");
    expect(count).toBeGreaterThan(100_000);
    expect(count).toBeLessThanOrEqual(300_002);
  });

  it('is a CliError naming the value where it has no JSON text', () => {
    expect(() => countJsonTokens({ a: 1n }, "tool 'big' as listed")).toThrow(
      expect.objectContaining({
        name: 'CliError',
        message: expect.stringContaining("cannot count the tokens of tool 'big' as listed"),
      }),
    );
  });

  it('counts as the tokenizer does where no run of one kind of character passes the bound', () => {
    const texts = [
      JSON.stringify({
        type: 'object',
        description: 'Creates a page.\n\nUse `parent` for the database — ünïcødé, 漢字, emoji 🎉.',
        properties: { id: { type: 'string', pattern: '^[a-f0-9]{32}$', maxLength: 64 } },
      }),
      `${'a'.repeat(MAX_COUNTED_RUN)} ${'1'.repeat(MAX_COUNTED_RUN)} ${'!'.repeat(MAX_COUNTED_RUN)}`,
    ];
    for (const text of texts) expect(countTextTokens(text)).toBe(countO200k(text));
  });

  it('counts a longer run in pieces of the bound: work linear in the text', () => {
    // One run of 10⁶ `x`s: 3,906 pieces of 256 and one of 64. Counted whole, the tokenizer's
    // merges take the square of the run (300,000 took 40 s).
    const piece = countO200k('x'.repeat(MAX_COUNTED_RUN));
    expect(countTextTokens('x'.repeat(1_000_000))).toBe(3_906 * piece + countO200k('x'.repeat(64)));
    const long = { description: 'x'.repeat(1_000_000) };
    expect(countJsonTokens(long, 'a long description')).toBe(countTextTokens(JSON.stringify(long)));
  });
});
