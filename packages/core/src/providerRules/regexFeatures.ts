/**
 * Finds the first regular-expression feature a linear-time (automaton) engine cannot run:
 * backreferences, lookaround and word boundaries. One pass over the pattern, escapes and
 * character classes read as ECMA-262 reads them; no regular expression is built.
 *
 * @param pattern The `pattern` source.
 * @returns A phrase naming the feature, or `undefined` when none is used.
 */
export function findUnsupportedRegexFeature(pattern: string): string | undefined {
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      index++;
      if (inClass) continue;
      if (next >= '1' && next <= '9') return 'a backreference';
      if (next === 'k' && pattern[index + 1] === '<') return 'a backreference';
      if (next === 'b' || next === 'B') return 'a word boundary';
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
        return 'a lookaround';
      }
    }
  }
  return undefined;
}
