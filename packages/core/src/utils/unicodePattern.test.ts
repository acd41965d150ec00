import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unicodePattern } from './unicodePattern.ts';

describe('unicodePattern', () => {
  it('leaves the stack trace limit as it found it, and judges the same where it is frozen', () => {
    const limit = Error.stackTraceLimit;
    expect(unicodePattern('(?i)a')).toBeUndefined();
    expect(unicodePattern('a+')).toBe('a+');
    expect(Error.stackTraceLimit).toBe(limit);
    const descriptor = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
    Object.defineProperty(Error, 'stackTraceLimit', {
      value: 7,
      writable: false,
      configurable: true,
    });
    try {
      expect(unicodePattern('(?i)a')).toBeUndefined();
      expect(unicodePattern('\\d{2}')).toBe('\\d{2}');
      expect(Error.stackTraceLimit).toBe(7);
    } finally {
      if (descriptor !== undefined) Object.defineProperty(Error, 'stackTraceLimit', descriptor);
    }
    expect(Error.stackTraceLimit).toBe(limit);
  });

  it('returns a pattern that compiles with u as it is', () => {
    for (const pattern of [
      '^[a-z]+$',
      '\\p{Lower}+',
      '\\p{L}+',
      '[\\w\\-.]+',
      '\\u{1F600}',
      'a{2,3}',
      '\\/',
    ]) {
      expect(unicodePattern(pattern)).toBe(pattern);
    }
  });

  it('rewrites what engines without u read plainly', () => {
    const cases: [string, string][] = [
      // Needless escapes of punctuation, in and out of classes.
      ['^[a-zA-Z0-9\\/\\+\\=]{0,2048}$', '^[a-zA-Z0-9\\/\\+=]{0,2048}$'],
      ['^sip:([^@:]+)\\@([^@]+)$', '^sip:([^@:]+)@([^@]+)$'],
      ['^\\d{4}\\-\\d{2}$', '^\\d{4}-\\d{2}$'],
      // Octal escapes.
      ['[^/:|\\000-\\037]+', '[^/:|\\x00-\\x1f]+'],
      // A `-` beside a class escape is a literal.
      ['^[\\w-.+]+@[\\w-.+]+$', '^[\\w\\-.+]+@[\\w\\-.+]+$'],
      ['[.-\\d]', '[.\\-\\d]'],
      // The `-` after such a range is its end, a literal, not the start of another range.
      ['[\\d--z\\:]', '[\\d\\-\\-z:]'],
      // Brackets and braces that open or close nothing.
      ['[a-z]{1-70}', '[a-z]\\{1-70\\}'],
      ['{0-9]{1,15}', '\\{0-9\\]{1,15}'],
      // JavaScript's reading (not PCRE's): `[]` is the empty class, the `]` after it a literal.
      ['[]a]', '[]a\\]'],
      // A script by its bare name.
      ['^[A-Za-z \\p{Han}\\p{Katakana}-]*$', '^[A-Za-z \\p{Script=Han}\\p{Script=Katakana}\\-]*$'],
      // Java: `Is` before a property or a script; POSIX classes as their US-ASCII ranges.
      ['[\\p{IsLetter}\\p{IsLatin}]', '[\\p{Letter}\\p{Script=Latin}]'],
      ['\\p{XDigit}{8}-\\p{XDigit}{4}', '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}'],
      ['^[\\p{Alnum}_-]+$', '^[a-zA-Z0-9_\\-]+$'],
      ['\\P{Print}', '[^ -~]'],
      // Start and end of input, in every engine that has them.
      ['\\A[a-z]+\\z', '^[a-z]+$'],
      ['[\\p{all}]*\\=', '[\\s\\S]*='],
      ['^[$\\-.\\x{60}]+$', '^[$\\-.\\u{60}]+$'],
    ];
    for (const [pattern, expected] of cases) {
      expect(unicodePattern(pattern), pattern).toBe(expected);
      expect(() => new RegExp(expected, 'u')).not.toThrow();
    }
  });

  it('gives up on what has no sure ECMA-262 reading', () => {
    for (const pattern of [
      '(?i)abc',
      '(?P<name>.*)',
      '[a-z]+\\Z',
      '[\\A]',
      '[\\P{Alnum}_]',
      '[\\p{Print}&&[^|:/]]+',
      '\\p{InGreek}',
      '(unclosed',
      '[unclosed',
      'trailing\\',
      '\\p{L',
    ]) {
      expect(unicodePattern(pattern), pattern).toBeUndefined();
    }
  });

  it("writes each of Java's POSIX classes as the US-ASCII characters Java gives it", () => {
    /** Java's definitions (\`java.util.regex.Pattern\`), as predicates on a code point. */
    const java: [string, (code: number) => boolean][] = [
      ['Lower', (c) => c >= 0x61 && c <= 0x7a],
      ['Upper', (c) => c >= 0x41 && c <= 0x5a],
      ['ASCII', (c) => c <= 0x7f],
      ['Alpha', (c) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a],
      ['Digit', (c) => c >= 0x30 && c <= 0x39],
      ['Alnum', (c) => /^[A-Za-z0-9]$/.test(String.fromCodePoint(c))],
      ['Punct', (c) => '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.includes(String.fromCodePoint(c))],
      ['Graph', (c) => c >= 0x21 && c <= 0x7e],
      ['Print', (c) => c >= 0x20 && c <= 0x7e],
      ['Blank', (c) => c === 0x20 || c === 0x09],
      ['Cntrl', (c) => c <= 0x1f || c === 0x7f],
      ['XDigit', (c) => /^[0-9a-fA-F]$/.test(String.fromCodePoint(c))],
      ['Space', (c) => [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d].includes(c)],
    ];
    const codes = [...Array.from({ length: 0x100 }, (_, code) => code), 0x3000, 0x1f600];
    for (const [name, member] of java) {
      // `\A`…`\z` make each a Java pattern: `\p{Lower}` alone compiles with `u`, as Unicode's.
      for (const [pattern, inverted] of [
        [`\\A\\p{${name}}\\z`, false],
        [`\\A[\\p{${name}}]\\z`, false],
        [`\\A\\P{${name}}\\z`, true],
      ] as const) {
        const written = new RegExp(unicodePattern(pattern)!, 'u');
        const wrong = codes.filter(
          (code) => (written.test(String.fromCodePoint(code)) !== member(code)) !== inverted,
        );
        expect(wrong, pattern).toStrictEqual([]);
      }
    }
  });

  it('survives a pattern nested too deep to compile', () => {
    expect(unicodePattern(`${'('.repeat(100_000)}a${')'.repeat(100_000)}=\\=`)).toBeUndefined();
  });

  // What a rewrite keeps: each string the pattern matches read without `u` (what it meant
  // where it compiled) is matched by the rewrite read with it, and no other. Scripts (`\p{…}`)
  // are left out: without `u`, `\p{Han}` is the text "p{Han}", which no pattern means.
  it('matches the same strings as the pattern read without u (property)', () => {
    const atoms = [
      'a',
      '-',
      '=',
      '\\=',
      '\\-',
      '\\:',
      '\\@',
      '\\w',
      '\\d',
      '\\s',
      '.',
      '\\01',
      '\\037',
      '{',
      '}',
      ']',
      '{2}',
      '{1,2}',
      '{1-2}',
      '*',
      '+',
      '?',
      '|',
      '^',
      '$',
    ];
    const classAtoms = ['a', 'z', '-', '\\w', '\\d', '\\=', '\\-', '\\:', '.', '\\037', '_', ']'];
    const classArbitrary = fc
      .tuple(fc.boolean(), fc.array(fc.constantFrom(...classAtoms), { minLength: 1, maxLength: 5 }))
      .map(([negated, items]) => `[${negated ? '^' : ''}${items.join('')}]`);
    const pattern = fc
      .array(fc.oneof(fc.constantFrom(...atoms), classArbitrary), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(''));
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        'z',
        '-',
        '=',
        ':',
        '@',
        '_',
        '.',
        '1',
        ' ',
        '\x1f',
        '{',
        '}',
        ']',
      ),
      maxLength: 8,
    });
    let rewrites = 0;
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 8, maxLength: 8 }), (source, texts) => {
        let legacy: RegExp;
        try {
          legacy = new RegExp(source);
        } catch {
          return;
        }
        const rewritten = unicodePattern(source);
        if (rewritten === undefined) return;
        if (rewritten !== source) rewrites += 1;
        const unicode = new RegExp(rewritten, 'u');
        for (const each of texts)
          expect(unicode.test(each), `${source} → ${rewritten} on ${JSON.stringify(each)}`).toBe(
            legacy.test(each),
          );
      }),
      { numRuns: 2_000 },
    );
    // Most drawn patterns need a rewrite: the property is about those.
    expect(rewrites).toBeGreaterThan(500);
  });
});
