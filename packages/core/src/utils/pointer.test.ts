import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzSeed } from '../../test/helpers/fuzz.ts';
import {
  arrayIndex,
  escapePointerToken,
  isPointerFragment,
  parsePointer,
  parsePointerFragment,
  resolveLocalReference,
  resolvePointer,
} from './pointer.ts';

describe('parsePointer', () => {
  it('reads the empty pointer as the whole document', () => {
    expect(parsePointer('')).toStrictEqual([]);
  });

  it('splits a pointer into its tokens', () => {
    expect(parsePointer('/$defs/A/properties/b')).toStrictEqual(['$defs', 'A', 'properties', 'b']);
    expect(parsePointer('/items/0')).toStrictEqual(['items', '0']);
  });

  it('keeps empty tokens, which name the empty-string key', () => {
    expect(parsePointer('/')).toStrictEqual(['']);
    expect(parsePointer('//a/')).toStrictEqual(['', 'a', '']);
  });

  it('unescapes ~1 to / and ~0 to ~', () => {
    expect(parsePointer('/a~1b')).toStrictEqual(['a/b']);
    expect(parsePointer('/m~0n')).toStrictEqual(['m~n']);
    expect(parsePointer('/~0~1~1~0')).toStrictEqual(['~//~']);
  });

  it('unescapes ~1 before ~0, so ~01 is the literal ~1', () => {
    expect(parsePointer('/~01')).toStrictEqual(['~1']);
    expect(parsePointer('/~10')).toStrictEqual(['/0']);
  });

  it('rejects a pointer that does not start with a slash', () => {
    expect(parsePointer('a/b')).toBeUndefined();
    expect(parsePointer('#/a')).toBeUndefined();
  });

  it('rejects a ~ that is not followed by 0 or 1', () => {
    expect(parsePointer('/~2')).toBeUndefined();
    expect(parsePointer('/a~')).toBeUndefined();
    expect(parsePointer('/ok/~x')).toBeUndefined();
    expect(parsePointer('/~01/~')).toBeUndefined();
  });

  it('does not percent-decode', () => {
    expect(parsePointer('/a%20b')).toStrictEqual(['a%20b']);
  });

  it('reads any text as splitting on slashes then unescaping each token does', () => {
    // What RFC 6901 says, written the plainest way: the reference the hand-cut tokens must match.
    const bySplitting = (pointer: string): string[] | undefined => {
      if (pointer === '') return [];
      if (!pointer.startsWith('/')) return undefined;
      const tokens = pointer.slice(1).split('/');
      if (tokens.some((token) => /~(?![01])/.test(token))) return undefined;
      return tokens.map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
    };
    const text = fc.string({ unit: fc.constantFrom('/', '~', '0', '1', '2', 'a', '%', 'é') });
    fc.assert(
      fc.property(text, fc.boolean(), (rest, rooted) => {
        const pointer = rooted ? `/${rest}` : rest;
        expect(parsePointer(pointer)).toStrictEqual(bySplitting(pointer));
      }),
      { numRuns: 500, seed: fuzzSeed() },
    );
  });
});

describe('parsePointerFragment', () => {
  it('reads the empty fragment as the whole document', () => {
    expect(parsePointerFragment('')).toStrictEqual([]);
  });

  it('parses a fragment without percent-encoding like a pointer', () => {
    expect(parsePointerFragment('/definitions/A~1B')).toStrictEqual(['definitions', 'A/B']);
  });

  it('percent-decodes the fragment', () => {
    expect(parsePointerFragment('/$defs/a%20b')).toStrictEqual(['$defs', 'a b']);
    expect(parsePointerFragment('/%24defs/%C3%A9')).toStrictEqual(['$defs', 'é']);
    expect(parsePointerFragment('/a%25b')).toStrictEqual(['a%b']);
  });

  it('percent-decodes before unescaping ~1 and ~0 (RFC 6901 section 6)', () => {
    expect(parsePointerFragment('/a%7E1b')).toStrictEqual(['a/b']);
    expect(parsePointerFragment('/a%7e0b')).toStrictEqual(['a~b']);
    expect(parsePointerFragment('/%7E01')).toStrictEqual(['~1']);
  });

  it('splits on a percent-encoded slash, which is a slash once decoded', () => {
    expect(parsePointerFragment('/a%2Fb')).toStrictEqual(['a', 'b']);
  });

  it('does not decode twice', () => {
    expect(parsePointerFragment('/a%257E1')).toStrictEqual(['a%7E1']);
  });

  it('rejects a ~ escape that is invalid after decoding', () => {
    expect(parsePointerFragment('/~2')).toBeUndefined();
    expect(parsePointerFragment('/%7E2')).toBeUndefined();
    expect(parsePointerFragment('/a%7E')).toBeUndefined();
  });

  it('rejects malformed percent-encoding instead of throwing', () => {
    expect(parsePointerFragment('/a%zz')).toBeUndefined();
    expect(parsePointerFragment('/a%')).toBeUndefined();
    expect(parsePointerFragment('/a%E0%A4%A')).toBeUndefined();
    expect(parsePointerFragment('/%C3')).toBeUndefined();
  });

  it('rejects a fragment that is not a pointer, such as a plain-name anchor', () => {
    expect(parsePointerFragment('node')).toBeUndefined();
    expect(parsePointerFragment('a/b')).toBeUndefined();
  });

  it('accepts a fragment whose leading slash is percent-encoded', () => {
    expect(parsePointerFragment('%2Fa')).toStrictEqual(['a']);
  });
});

describe('isPointerFragment', () => {
  it('reads the empty fragment and fragments starting with a slash as pointers', () => {
    expect(isPointerFragment('')).toBe(true);
    expect(isPointerFragment('/')).toBe(true);
    expect(isPointerFragment('/$defs/A')).toBe(true);
  });

  it('reads anything else as an anchor name', () => {
    expect(isPointerFragment('node')).toBe(false);
    expect(isPointerFragment('%2Fa')).toBe(false);
    expect(isPointerFragment('a/b')).toBe(false);
  });
});

describe('arrayIndex', () => {
  it('reads canonical indices', () => {
    expect(arrayIndex('0')).toBe(0);
    expect(arrayIndex('7')).toBe(7);
    expect(arrayIndex('120')).toBe(120);
  });

  it('rejects leading zeros, signs, fractions, exponents and non-digits', () => {
    for (const token of ['', '00', '01', '-1', '+1', '1.0', '1e2', ' 1', '1 ', 'a', '0x1', '-']) {
      expect(arrayIndex(token)).toBe(-1);
    }
  });
});

describe('escapePointerToken', () => {
  it('returns a token without ~ or / as it is', () => {
    expect(escapePointerToken('properties')).toBe('properties');
    expect(escapePointerToken('')).toBe('');
  });

  it('escapes ~ to ~0 and / to ~1', () => {
    expect(escapePointerToken('a/b')).toBe('a~1b');
    expect(escapePointerToken('m~n')).toBe('m~0n');
    expect(escapePointerToken('~1')).toBe('~01');
    expect(escapePointerToken('/~')).toBe('~1~0');
  });

  it('round-trips through parsePointer', () => {
    const tokens = ['a/b', '~', '~1', '/~0/', '', 'plain', '%7E'];
    const pointer = tokens.map((token) => `/${escapePointerToken(token)}`).join('');
    expect(parsePointer(pointer)).toStrictEqual(tokens);
  });
});

describe('resolvePointer', () => {
  const document = {
    $defs: { A: { type: 'string' }, 'a/b': { type: 'integer' }, '': { const: 1 } },
    items: [{ type: 'null' }, { type: 'boolean' }],
    nothing: null,
  };

  it('resolves no tokens to the document itself', () => {
    const result = resolvePointer(document, []);
    expect(result).toStrictEqual({ found: true, value: document });
    expect(result.found && result.value).toBe(document);
  });

  it('follows object keys and returns the value itself, not a copy', () => {
    const result = resolvePointer(document, ['$defs', 'A']);
    expect(result).toStrictEqual({ found: true, value: { type: 'string' } });
    expect(result.found && result.value).toBe(document.$defs.A);
  });

  it('follows unescaped keys and the empty key', () => {
    expect(resolvePointer(document, ['$defs', 'a/b'])).toStrictEqual({
      found: true,
      value: { type: 'integer' },
    });
    expect(resolvePointer(document, ['$defs', ''])).toStrictEqual({
      found: true,
      value: { const: 1 },
    });
  });

  it('resolves a present null value as found', () => {
    expect(resolvePointer(document, ['nothing'])).toStrictEqual({ found: true, value: null });
  });

  it('follows canonical array indices', () => {
    expect(resolvePointer(document, ['items', '0'])).toStrictEqual({
      found: true,
      value: { type: 'null' },
    });
    expect(resolvePointer(document, ['items', '1', 'type'])).toStrictEqual({
      found: true,
      value: 'boolean',
    });
  });

  it('rejects non-canonical and out-of-range array indices', () => {
    for (const token of ['01', '00', '-', '-1', '+1', '1.0', '1e0', ' 1', '', '2', '0x1']) {
      expect(resolvePointer(document, ['items', token])).toStrictEqual({ found: false });
    }
  });

  it('does not read array properties that are not indices', () => {
    expect(resolvePointer(document, ['items', 'length'])).toStrictEqual({ found: false });
    expect(resolvePointer(document, ['items', 'map'])).toStrictEqual({ found: false });
  });

  it('reports a missing key as not found', () => {
    expect(resolvePointer(document, ['$defs', 'B'])).toStrictEqual({ found: false });
    expect(resolvePointer(document, ['$defs', 'A', 'type', 'x'])).toStrictEqual({ found: false });
  });

  it('does not descend into scalars or null', () => {
    expect(resolvePointer(document, ['nothing', 'a'])).toStrictEqual({ found: false });
    expect(resolvePointer('abc', ['0'])).toStrictEqual({ found: false });
    expect(resolvePointer('abc', ['length'])).toStrictEqual({ found: false });
    expect(resolvePointer(true, ['a'])).toStrictEqual({ found: false });
  });

  it('does not follow __proto__, constructor or other inherited properties', () => {
    for (const token of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(resolvePointer({}, [token])).toStrictEqual({ found: false });
      expect(resolvePointer(document, ['$defs', token])).toStrictEqual({ found: false });
    }
    expect(resolvePointer({}, ['constructor', 'prototype'])).toStrictEqual({ found: false });
  });

  it('follows __proto__ and constructor when they are own keys', () => {
    const parsed: unknown = JSON.parse(
      '{"$defs":{"__proto__":{"type":"string"},"constructor":{"type":"number"}}}',
    );
    expect(resolvePointer(parsed, ['$defs', '__proto__'])).toStrictEqual({
      found: true,
      value: { type: 'string' },
    });
    expect(resolvePointer(parsed, ['$defs', 'constructor'])).toStrictEqual({
      found: true,
      value: { type: 'number' },
    });
  });

  it('resolves the tokens parsePointerFragment produced', () => {
    const tokens = parsePointerFragment('/%24defs/a%7E1b');
    expect(tokens).toStrictEqual(['$defs', 'a/b']);
    expect(resolvePointer(document, tokens ?? [])).toStrictEqual({
      found: true,
      value: { type: 'integer' },
    });
  });
});

describe('resolveLocalReference', () => {
  it('resolves a pointer fragment against the root, and nothing else', () => {
    const document = { $defs: { 'a b': { type: 'string' } }, items: [true] };
    expect(resolveLocalReference(document, '#/$defs/a%20b')).toStrictEqual({
      found: true,
      value: { type: 'string' },
    });
    expect(resolveLocalReference(document, '#')).toStrictEqual({ found: true, value: document });
    expect(resolveLocalReference(document, '#/items/0')).toStrictEqual({
      found: true,
      value: true,
    });
    for (const ref of [
      '#/$defs/missing',
      '#/constructor',
      '#anchor',
      'other.json#/$defs/a%20b',
      '#%',
    ])
      expect(resolveLocalReference(document, ref), ref).toStrictEqual({ found: false });
  });
});
