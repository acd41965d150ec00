/** Characters whose escape means the character itself under the `u` flag (ECMA-262 `SyntaxCharacter` and `/`). */
const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');

/**
 * Java's POSIX character classes (`java.util.regex.Pattern`, without `UNICODE_CHARACTER_CLASS`):
 * the class contents they stand for, US-ASCII only.
 */
const POSIX_CLASSES = new Map([
  ['Lower', 'a-z'],
  ['Upper', 'A-Z'],
  ['ASCII', '\\x00-\\x7f'],
  ['Alpha', 'a-zA-Z'],
  ['Digit', '0-9'],
  ['Alnum', 'a-zA-Z0-9'],
  ['Punct', '!-\\/:-@\\[-`{-~'],
  ['Graph', '!-~'],
  ['Print', ' -~'],
  ['Blank', ' \\t'],
  ['Cntrl', '\\x00-\\x1f\\x7f'],
  ['XDigit', '0-9a-fA-F'],
  ['Space', ' \\t\\n\\x0b\\f\\r'],
  // Not POSIX, but Java's too: every character.
  ['all', '\\s\\S'],
]);

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
 * - `\p{Han}`, a script by its bare name, gets the `Script=` JavaScript requires; Java's
 *   `\p{IsLatin}`, `\p{IsLetter}` lose their `Is`;
 * - Java's POSIX classes (`\p{Alnum}`, `\p{XDigit}`, `\p{Print}`..., US-ASCII as Java reads them
 *   by default) are written as the ranges they stand for (in a pattern that compiles with `u`,
 *   `\p{Lower}` is ECMA-262's Unicode property, and stays);
 * - `\A` and `\z` (start and end of input, in every engine that has them) are `^` and `$`, and
 *   PCRE's and Java's `\x{60}` is `\u{60}`.
 * Anything else (`\Z`, `(?i)`, `(?P<name>`, `\p{InGreek}`, `[\P{Alnum}]`...) has no sure
 * ECMA-262 reading. Without `u`, JavaScript reads `\p{Alnum}` as the text "p{Alnum}" and `\A` as
 * "A", which no pattern means: these take the reading of the engines that give them one.
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

/**
 * Whether a pattern compiles as a `u` regular expression (a stack-deep one throws too). A pattern
 * that does not compile throws a `SyntaxError`, and capturing its stack is most of what that
 * costs (about 40 µs deep in a rewrite, where a schema may hold thousands of foreign patterns):
 * none is captured while it compiles, and the limit is put back before anything else runs.
 * `Reflect.set` never throws, so where the limit cannot be written (frozen intrinsics, an engine
 * without one) the compile is judged all the same.
 */
function compilesWithUnicode(source: string): boolean {
  const limit: unknown = Error.stackTraceLimit;
  const quiet = typeof limit === 'number' && Reflect.set(Error, 'stackTraceLimit', 0);
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  } finally {
    if (quiet) Reflect.set(Error, 'stackTraceLimit', limit);
  }
}

/** The form of each `\p{…}` escape met in one pattern, by letter, place and name. */
type PropertyForms = Map<string, string | undefined>;

/** One atom of a pattern as JavaScript reads it without `u`, written as `u` reads it. */
interface Atom {
  /** The atom, written for `u`. */
  text: string;
  /** Where the atom ends in the pattern. */
  end: number;
  /** It stands for a set of characters (`\d`, `\p{…}`), not one. */
  set: boolean;
  /** It is an unescaped `-` inside a class: a range's operator, or a literal. */
  dash: boolean;
}

/** One scan of the pattern, writing each of the rewrites of {@link unicodePattern}. */
function rewriteForUnicode(source: string): string | undefined {
  /** A quantifier in braces, as ECMA-262 reads one: `{n}`, `{n,}`, `{n,m}` (sticky: read in place). */
  const braceQuantifier = /\{\d+(?:,\d*)?\}/y;
  /** Each property escape's form, worked out once per pattern however often it stands there. */
  const properties: PropertyForms = new Map();
  let out = '';
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (char === '\\') {
      const atom = escapeAt(source, index, false, properties);
      if (atom === undefined) return undefined;
      out += atom.text;
      index = atom.end - 1;
    } else if (char === '[') {
      const range = classAt(source, index, properties);
      if (range === undefined) return undefined;
      out += range.text;
      index = range.end - 1;
    } else if (char === '{') {
      braceQuantifier.lastIndex = index;
      const quantifier = braceQuantifier.exec(source);
      if (quantifier !== null) {
        out += quantifier[0];
        index += quantifier[0].length - 1;
      } else {
        out += '\\{';
      }
    } else {
      out += char === ']' || char === '}' ? `\\${char}` : char;
    }
  }
  return out;
}

/**
 * A class (`[…]` from its `[`), written for `u`. Without `u`, a range with a set at either end
 * (`\w-.`) is the set, the other end and a literal `-`; with `u` it is an error, so its `-` is
 * escaped. Every literal `-` is escaped, so that no `-` the rewrite writes joins a new range.
 */
function classAt(
  source: string,
  start: number,
  properties: PropertyForms,
): { text: string; end: number } | undefined {
  let index = start + 1;
  let text = '[';
  if (source[index] === '^') {
    text += '^';
    index++;
  }
  const atoms: Atom[] = [];
  // JavaScript reads `[]` as the empty class: a `]` right after `[` or `[^` closes it.
  for (;;) {
    const char = source[index];
    if (char === undefined) return undefined;
    if (char === ']') break;
    // Java's class intersection (`[\p{Print}&&[^:]]`): no ECMA-262 class means it.
    if (char === '&' && source[index + 1] === '&') return undefined;
    const atom =
      char === '\\'
        ? escapeAt(source, index, true, properties)
        : { text: char, end: index + 1, set: false, dash: char === '-' };
    if (atom === undefined) return undefined;
    atoms.push(atom);
    index = atom.end;
  }
  const literal = (atom: Atom) => (atom.dash ? '\\-' : atom.text);
  for (let at = 0; at < atoms.length; at++) {
    const first = atoms[at]!;
    const operator = atoms[at + 1];
    const last = atoms[at + 2];
    if (operator?.dash === true && last !== undefined) {
      const separator = first.set || last.set ? '\\-' : '-';
      text += literal(first) + separator + literal(last);
      at += 2;
    } else {
      text += literal(first);
    }
  }
  return { text: `${text}]`, end: index + 1 };
}

/**
 * The escape at `index` (a `\`), written for `u`: an octal escape in hexadecimal, a bare script
 * name given `Script=`, and a needless escape of punctuation without its backslash (a `-` inside
 * a class keeps it). `undefined` for a `\` that ends the pattern or a `\p{` never closed.
 */
function escapeAt(
  source: string,
  index: number,
  inClass: boolean,
  properties: PropertyForms,
): Atom | undefined {
  const next = source[index + 1];
  if (next === undefined) return undefined;
  const atom = (text: string, end: number, set = false): Atom => ({ text, end, set, dash: false });
  if (next === '0' && isOctalDigit(source[index + 2])) {
    let end = index + 2;
    while (end < index + 4 && isOctalDigit(source[end])) end++;
    const code = Number.parseInt(source.slice(index + 2, end), 8);
    return atom(`\\x${code.toString(16).padStart(2, '0')}`, end);
  }
  if ((next === 'p' || next === 'P') && source[index + 2] === '{') {
    const close = source.indexOf('}', index + 3);
    if (close === -1) return undefined;
    const name = source.slice(index + 3, close);
    const key = `${next}${inClass ? '[' : ''}${name}`;
    if (!properties.has(key)) properties.set(key, propertyEscape(next, name, inClass));
    const text = properties.get(key);
    return text === undefined ? undefined : atom(text, close + 1, true);
  }
  if (next === 'A' || next === 'z')
    return inClass ? undefined : atom(next === 'A' ? '^' : '$', index + 2);
  // PCRE's and Java's code point in braces, which `u` writes `\u{…}`.
  const codePoint = /\\x\{([0-9A-Fa-f]{1,6})\}/y;
  codePoint.lastIndex = index;
  const braced = codePoint.exec(source);
  if (braced !== null) return atom(`\\u{${braced[1]}}`, index + braced[0].length);
  if (CLASS_ESCAPES.has(next)) return atom(`\\${next}`, index + 2, true);
  const length = escapeLength(source, index);
  if (length > 2) return atom(source.slice(index, index + length), index + length);
  const needed =
    /[A-Za-z0-9]/.test(next) || SYNTAX_CHARACTERS.has(next) || (inClass && next === '-');
  return atom(needed ? `\\${next}` : next, index + 2);
}

/** How long the escape at `index` is: `\xHH`, `\uHHHH` and `\cX` are one atom; others two characters. */
function escapeLength(source: string, index: number): number {
  const next = source[index + 1];
  const hex = (from: number, count: number) =>
    /^[0-9A-Fa-f]+$/.test(source.slice(from, from + count)) && from + count <= source.length;
  if (next === 'x' && hex(index + 2, 2)) return 4;
  if (next === 'u' && hex(index + 2, 4)) return 6;
  if (next === 'c' && /[A-Za-z]/.test(source[index + 2] ?? '')) return 3;
  return 2;
}

/** Whether a character is an octal digit. */
function isOctalDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '7';
}

/**
 * A `\p{…}` escape as `u` reads it: a bare script name gets `Script=`, where that is one, Java's
 * `Is` prefix goes, and a POSIX class is written as its ranges (inside a class, only `\p`: the
 * ranges of `\P` cannot join the class's own). `undefined` where it has no sure form.
 */
function propertyEscape(letter: string, name: string, inClass: boolean): string | undefined {
  const posix = POSIX_CLASSES.get(name);
  if (posix !== undefined) {
    if (!inClass) return letter === 'p' ? `[${posix}]` : `[^${posix}]`;
    return letter === 'p' ? posix : undefined;
  }
  const candidates = [name, `Script=${name}`];
  if (name.startsWith('Is') && name.length > 2)
    candidates.push(name.slice(2), `Script=${name.slice(2)}`);
  for (const candidate of candidates) {
    const written = `\\${letter}{${candidate}}`;
    if (compilesWithUnicode(written)) return written;
  }
  return `\\${letter}{${name}}`;
}
