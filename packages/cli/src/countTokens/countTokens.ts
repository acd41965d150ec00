import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { CliError } from '../CliError/index.ts';
import { compactJson } from '../compactJson/index.ts';

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
 * @throws CliError when the value has no JSON text (a bigint, a text past the longest string
 *   Node.js holds). The text is written without recursion, so depth alone never fails.
 */
export function countJsonTokens(value: unknown, what: string): number {
  let text: string | undefined;
  try {
    text = compactJson(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot count the tokens of ${what}: it has no JSON text (${reason})`);
  }
  return countTextTokens(text ?? '');
}

/**
 * A run of one kind of character (letters, digits, spaces, other) longer than this is counted in
 * pieces of this length. The tokenizer's merges cost the square of a run's length (a description
 * of 300,000 `x`s took 40 s, one of 30 MB never ended), while no real schema holds such a run:
 * below it, the count is the tokenizer's exactly; past it, each cut may add a token.
 */
export const MAX_COUNTED_RUN = 256;

/**
 * Counts a text's tokens, in pieces cut inside runs longer than {@link MAX_COUNTED_RUN}, so that
 * the work stays linear in the text.
 *
 * @param text The text.
 * @returns Its size in tokens.
 */
export function countTextTokens(text: string): number {
  let total = 0;
  let start = 0;
  let runStart = 0;
  let runKind = -1;
  for (let index = 0; index < text.length; index++) {
    const kind = kindOf(text.charCodeAt(index));
    if (kind !== runKind) {
      runKind = kind;
      runStart = index;
    } else if (index - runStart >= MAX_COUNTED_RUN) {
      total += countO200k(text.slice(start, index));
      start = index;
      runStart = index;
    }
  }
  return total + countO200k(text.slice(start));
}

/** The kind of a UTF-16 code unit for {@link countTextTokens}: 0 letter, 1 digit, 2 space, 3 other. */
function kindOf(code: number): number {
  if (code >= 48 && code <= 57) return 1;
  if (code === 32 || code === 9 || code === 10 || code === 13) return 2;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code >= 128) return 0;
  return 3;
}
