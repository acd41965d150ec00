import { describe, expect, it } from 'vitest';
import { mayNeedValidatorRewrite, writeKeywordsValidatorsCompile } from './validatorKeywords.ts';

/** Runs the rewrite on a copy, as the pass does, and returns the copy and the codes it reported. */
function rewritten(source: Record<string, unknown>, dialect: '2020-12' | 'draft-04' = '2020-12') {
  const node = structuredClone(source);
  const findings = writeKeywordsValidatorsCompile(node, dialect, source);
  return { node, codes: findings?.map(({ code, keyword }) => `${code} ${keyword}`) };
}

describe('mayNeedValidatorRewrite', () => {
  it('picks out only the keywords the rewrite may change', () => {
    expect(mayNeedValidatorRewrite('pattern', '^a$')).toBe(true);
    expect(mayNeedValidatorRewrite('nullable', true)).toBe(true);
    expect(mayNeedValidatorRewrite('exclusiveMinimum', true)).toBe(true);
    expect(mayNeedValidatorRewrite('exclusiveMaximum', false)).toBe(true);
    expect(mayNeedValidatorRewrite('exclusiveMinimum', 1)).toBe(false);
    expect(mayNeedValidatorRewrite('type', 'string')).toBe(false);
    expect(mayNeedValidatorRewrite('minimum', true)).toBe(false);
  });
});

describe('writeKeywordsValidatorsCompile', () => {
  it('leaves out a typeless nullable, reporting it only where the object lists no null', () => {
    expect(rewritten({ $ref: '#/$defs/A', nullable: true })).toStrictEqual({
      node: { $ref: '#/$defs/A' },
      codes: ['nullable-ignored nullable'],
    });
    // Ajv refuses any typeless `nullable`; only `true` meant "or null".
    expect(rewritten({ nullable: false, allOf: [{}] })).toStrictEqual({
      node: { allOf: [{}] },
      codes: undefined,
    });
    for (const listed of [
      { nullable: true, title: 'only annotations' },
      { nullable: true, const: null },
      { nullable: true, enum: [1, null] },
      { nullable: true, oneOf: [{ type: 'string' }, { type: ['integer', 'null'] }] },
      { nullable: true, anyOf: [{ minimum: 1 }, true] },
    ]) {
      const { nullable, ...rest } = listed;
      expect(rewritten(listed)).toStrictEqual({ node: rest, codes: undefined });
    }
  });

  it('keeps nullable beside a type, but for a false one beside a type that lists null', () => {
    expect(rewritten({ type: 'string', nullable: true })).toStrictEqual({
      node: { type: 'string', nullable: true },
      codes: undefined,
    });
    expect(rewritten({ type: 'null', nullable: false })).toStrictEqual({
      node: { type: 'null' },
      codes: undefined,
    });
    expect(rewritten({ type: 'string', nullable: false })).toStrictEqual({
      node: { type: 'string', nullable: false },
      codes: undefined,
    });
  });

  it('writes boolean bounds as numbers, but in draft-04', () => {
    const bounds = { minimum: 1, exclusiveMinimum: true, maximum: 2, exclusiveMaximum: false };
    expect(rewritten(bounds)).toStrictEqual({
      node: { exclusiveMinimum: 1, maximum: 2 },
      codes: ['bounds-draft-04 exclusiveMinimum', 'bounds-draft-04 exclusiveMaximum'],
    });
    expect(rewritten(bounds, 'draft-04')).toStrictEqual({ node: bounds, codes: undefined });
  });

  it('writes a pattern in its u form, or keeps and reports one without', () => {
    expect(rewritten({ pattern: '^\\d{3}\\-\\d{4}$' })).toStrictEqual({
      node: { pattern: '^\\d{3}-\\d{4}$' },
      codes: undefined,
    });
    expect(rewritten({ pattern: '^[a-z]+$' })).toStrictEqual({
      node: { pattern: '^[a-z]+$' },
      codes: undefined,
    });
    expect(rewritten({ pattern: '\\Aabc\\z(?i)' })).toStrictEqual({
      node: { pattern: '\\Aabc\\z(?i)' },
      codes: ['pattern-not-unicode pattern'],
    });
  });
});
