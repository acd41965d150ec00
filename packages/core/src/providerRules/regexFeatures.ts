/** A regular-expression feature a linear-time (automaton) engine cannot run. */
export type RegexFeature = 'a backreference' | 'a word boundary' | 'a lookaround';

/** Every {@link RegexFeature}. */
const EVERY_FEATURE: readonly RegexFeature[] = [
  'a backreference',
  'a word boundary',
  'a lookaround',
];

/**
 * Finds the first regular-expression feature a linear-time (automaton) engine cannot run:
 * backreferences, lookaround and word boundaries. One pass over the pattern, escapes and
 * character classes read as ECMA-262 reads them; no regular expression is built.
 *
 * @param pattern The `pattern` source.
 * @returns A phrase naming the feature, or `undefined` when none is used.
 */
export function findUnsupportedRegexFeature(pattern: string): RegexFeature | undefined {
  return findRegexFeature(pattern, EVERY_FEATURE);
}

/**
 * Whether a pattern uses a lookahead or lookbehind (`(?=`, `(?!`, `(?<=`, `(?<!`), read as
 * {@link findUnsupportedRegexFeature} reads it: OpenAI refuses it in any tool schema.
 *
 * @param pattern The `pattern` source.
 * @returns Whether it does.
 */
export function usesLookaround(pattern: string): boolean {
  return findRegexFeature(pattern, ['a lookaround']) !== undefined;
}

/** The first of `features` a pattern uses (one pass; see {@link findUnsupportedRegexFeature}). */
function findRegexFeature(
  pattern: string,
  features: readonly RegexFeature[],
): RegexFeature | undefined {
  const found = (feature: RegexFeature) => (features.includes(feature) ? feature : undefined);
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      index++;
      if (inClass) continue;
      let feature: RegexFeature | undefined;
      if (next >= '1' && next <= '9') feature = found('a backreference');
      else if (next === 'k' && pattern[index + 1] === '<') feature = found('a backreference');
      else if (next === 'b' || next === 'B') feature = found('a word boundary');
      if (feature !== undefined) return feature;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[index + 1] === '?') {
      const kind = pattern.slice(index + 2, index + 4);
      if (kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!') {
        const feature = found('a lookaround');
        if (feature !== undefined) return feature;
      }
    }
  }
  return undefined;
}
