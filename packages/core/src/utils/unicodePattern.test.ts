import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unicodePattern } from './unicodePattern.ts';

describe('unicodePattern', () => {
  it('returns a pattern that compiles with u as it is', () => {
    for (const pattern of ['^[a-z]+$', '\\p{L}+', '[\\w\\-.]+', '\\u{1F600}', 'a{2,3}', '\\/']) {
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
    ];
    for (const [pattern, expected] of cases) {
      expect(unicodePattern(pattern), pattern).toBe(expected);
      expect(() => new RegExp(expected, 'u')).not.toThrow();
    }
  });

  it('gives up on what has no sure ECMA-262 reading', () => {
    for (const pattern of [
      '\\A[a-z]+\\z',
      '(?i)abc',
      '(?P<name>.*)',
      '\\p{Print}+',
      '[\\p{IsLetter}]',
      '(unclosed',
      '[unclosed',
      'trailing\\',
      '\\p{L',
    ]) {
      expect(unicodePattern(pattern), pattern).toBeUndefined();
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
