/** Characters whose escape means the character itself under the `u` flag (ECMA-262 `SyntaxCharacter` and `/`). */
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');

/** Class escapes: a `-` beside one inside a class is a literal without `u`, an error with it. */
const CLASS_ESCAPES = new Set('dDsSwW');

/**
 * A `pattern` as a regular expression that compiles with ECMA-262's `u` flag, which JSON Schema
 * validators use (Ajv, and so the MCP SDKs, compile every pattern with it, and refuse the whole
 * schema where one does not compile). A pattern that compiles with `u` is returned as it is. One
 * written for a regex engine without `u` (Java, PCRE, Python, or JavaScript's legacy syntax; many
 * OpenAPI descriptions) is rewritten where its meaning there is plain and the same:
 * - a needless escape of punctuation (`\=`, `\:`, `\@`, `\-` outside a class) loses its backslash;
 * - an octal escape (`\037`) becomes the hexadecimal one (`\x1f`);
 * - a `-` beside a class escape inside a class (`[\w-.]`) is escaped: it is a literal there;
 * - a `]`, `{` or `}` that opens or closes nothing is escaped;
 * - `\p{Han}`, a script by its bare name, gets the `Script=` JavaScript requires.
 * Anything else (`\A`, `\z`, `(?i)`, `(?P<name>`, `\p{Print}`...) has no sure ECMA-262 reading.
 *
 * @param source The pattern.
 * @returns The pattern that compiles with `u` (itself, or its rewrite), or `undefined` when none
 *   is known.
 */
export function unicodePattern(source: string): string | undefined {
  if (compilesWithUnicode(source)) return source;
  const rewritten = rewriteForUnicode(source);
  return rewritten !== undefined && compilesWithUnicode(rewritten) ? rewritten : undefined;
}

/** Whether a pattern compiles as a `u` regular expression (a stack-deep one throws too). */
function compilesWithUnicode(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** One scan of the pattern, writing each of the rewrites of {@link unicodePattern}. */
function rewriteForUnicode(source: string): string | undefined {
  /** A quantifier in braces, as ECMA-262 reads one: `{n}`, `{n,}`, `{n,m}` (sticky: read in place). */
  const braceQuantifier = /\{\d+(?:,\d*)?\}/y;
  let out = '';
  let inClass = false;
  /** Inside a class, the last atom was a class escape (`\w`...). */
  let afterClassEscape = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char === '\\') {
      const next = source[index + 1];
      if (next === undefined) return undefined;
      afterClassEscape = inClass && CLASS_ESCAPES.has(next);
      if (next === '0' && isOctalDigit(source[index + 2])) {
        let end = index + 2;
        while (end < index + 4 && isOctalDigit(source[end])) end++;
        const code = Number.parseInt(source.slice(index + 2, end), 8);
        out += `\\x${code.toString(16).padStart(2, '0')}`;
        index = end - 1;
        continue;
      }
      if ((next === 'p' || next === 'P') && source[index + 2] === '{') {
        const close = source.indexOf('}', index + 3);
        if (close === -1) return undefined;
        out += propertyEscape(next, source.slice(index + 3, close));
        index = close;
        continue;
      }
      const needed =
        /[A-Za-z0-9]/.test(next) || SYNTAX_CHARACTERS.has(next) || (inClass && next === '-');
      out += needed ? `\\${next}` : next;
      index++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      else if (char === '-' && isClassRangeAroundEscape(source, index, afterClassEscape)) {
        out += '\\-';
        afterClassEscape = false;
        continue;
      }
      afterClassEscape = false;
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      // JavaScript reads `[]` as the empty class, a `]` right after `[` or `[^` closes it (Java
      // and PCRE read a literal there): the class may close at once, as below.
      continue;
    }
    if (char === '{') {
      braceQuantifier.lastIndex = index;
      const quantifier = braceQuantifier.exec(source);
      if (quantifier !== null) {
        out += quantifier[0];
        index += quantifier[0].length - 1;
      } else {
        out += '\\{';
      }
      continue;
    }
    out += char === ']' || char === '}' ? `\\${char}` : char;
  }
  return inClass ? undefined : out;
}

/** Whether a character is an octal digit. */
function isOctalDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '7';
}

/**
 * Whether a `-` inside a class stands beside a class escape (`[\w-.]`, `[.-\d]`), where
 * without `u` it is a literal and with it a syntax error. A `-` first or last is a literal anyway.
 */
function isClassRangeAroundEscape(source: string, index: number, afterEscape: boolean): boolean {
  if (source[index + 1] === ']') return false;
  return afterEscape || (source[index + 1] === '\\' && CLASS_ESCAPES.has(source[index + 2] ?? ''));
}

/** A `\p{…}` escape as `u` reads it: a bare script name gets `Script=`, where that is one. */
function propertyEscape(letter: string, name: string): string {
  const asWritten = `\\${letter}{${name}}`;
  if (compilesWithUnicode(asWritten)) return asWritten;
  const script = `\\${letter}{Script=${name}}`;
  return compilesWithUnicode(script) ? script : asWritten;
}
