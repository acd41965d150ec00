import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** The tokenizer `toolschema check` counts with: the package and its encoding. */
export const TOKENIZER = { package: 'gpt-tokenizer', encoding: 'o200k_base' } as const;

/**
 * Counts the tokens of a JSON value's compact JSON text with the `o200k_base` encoding (the one of
 * OpenAI's GPT-4o and later models; other providers' tokenizers differ, so read the counts as a
 * comparison between before and after, not as any one provider's bill).
 *
 * @param value A JSON value.
 * @returns Its size in tokens.
 */
export function countJsonTokens(value: unknown): number {
  return countO200k(JSON.stringify(value) ?? '');
}
