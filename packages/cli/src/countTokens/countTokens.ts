import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { CliError } from '../CliError/index.ts';

/** The tokenizer `toolschema check` counts with: the package and its encoding. */
export const TOKENIZER = { package: 'gpt-tokenizer', encoding: 'o200k_base' } as const;

/**
 * Counts the tokens of a JSON value's compact JSON text with the `o200k_base` encoding (the one of
 * OpenAI's GPT-4o and later models; other providers' tokenizers differ, so read the counts as a
 * comparison between before and after, not as any one provider's bill).
 *
 * @param value A JSON value.
 * @param what What the value is, for the error message (`the input schema of tool 'a'`).
 * @returns Its size in tokens.
 * @throws CliError when `JSON.stringify` cannot write the value (a file nested 100,000 levels
 *   deep overflows it): there is no text to count.
 */
export function countJsonTokens(value: unknown, what: string): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(
      `cannot count the tokens of ${what}: JSON.stringify cannot write it (${reason})`,
    );
  }
  return countO200k(text ?? '');
}
