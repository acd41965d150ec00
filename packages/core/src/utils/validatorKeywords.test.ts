import { describe, expect, it } from 'vitest';
import {
  needsValidatorRewrite,
  validatorKeywordFlag,
  writeKeywordsValidatorsCompile,
} from './validatorKeywords.ts';

/** Runs the rewrite on a copy, as the pass does, and returns the copy and the codes it reported. */
function rewritten(
  source: Record<string, unknown>,
  dialect: '2020-12' | 'draft-04' = '2020-12',
  foreignPatterns: 'keep' | 'drop' = 'keep',
) {
  const node = structuredClone(source);
  const findings = writeKeywordsValidatorsCompile(node, dialect, foreignPatterns);
  return { node, codes: findings?.map(({ code, keyword }) => `${code} ${keyword}`) };
}

describe('validatorKeywordFlag and needsValidatorRewrite', () => {
  /** Whether an object with these scalar keywords goes to the rewrite. */
  const needs = (node: Record<string, unknown>) =>
    needsValidatorRewrite(
      Object.entries(node).reduce(
        (flags, [key, value]) => flags | validatorKeywordFlag(key, value),
        0,
      ),
      node,
    );

  it('sends only the objects the rewrite may change', () => {
    expect(needs({ type: 'string', pattern: '^a$' })).toBe(true);
    expect(needs({ minimum: 1, exclusiveMinimum: true })).toBe(true);
    expect(needs({ maximum: 1, exclusiveMaximum: false })).toBe(true);
    expect(needs({ allOf: [], nullable: true })).toBe(true);
    expect(needs({ type: 'null', nullable: false })).toBe(true);
    // OpenAPI's "or null" beside its type, on every other property: left alone, unread.
    expect(needs({ nullable: true, type: 'string' })).toBe(false);
    expect(needs({ exclusiveMinimum: 1, minimum: true })).toBe(false);
    expect(needs({ type: 'string', format: 'date' })).toBe(false);
    expect(needs({ enum: [] })).toBe(true);
    expect(needs({ enum: ['a'] })).toBe(false);
  });
});

describe('writeKeywordsValidatorsCompile', () => {
  it('leaves out a typeless nullable, unreported: no verdict changes', () => {
    for (const spelling of [
      { $ref: '#/$defs/A', nullable: true },
      { allOf: [{}], nullable: true },
      { nullable: false, enum: [1, null] },
      { nullable: true, title: 'only annotations' },
    ]) {
      const { nullable, ...rest } = spelling;
      expect(rewritten(spelling)).toStrictEqual({ node: rest, codes: undefined });
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

  it('writes an empty enum, which Ajv refuses, as not: {}, unreported: no verdict changes', () => {
    expect(rewritten({ enum: [] })).toStrictEqual({ node: { not: {} }, codes: undefined });
    // Beside a `not` of its own it stays: there is no second `not` to write.
    expect(rewritten({ enum: [], not: { type: 'string' } })).toStrictEqual({
      node: { enum: [], not: { type: 'string' } },
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

  it("with foreignPatterns 'drop', leaves out and reports only a pattern with no u form", () => {
    expect(
      rewritten({ type: 'string', pattern: '(?i)^abc$', minLength: 1 }, '2020-12', 'drop'),
    ).toStrictEqual({
      node: { type: 'string', minLength: 1 },
      codes: ['pattern-dropped pattern'],
    });
    expect(rewritten({ pattern: '^\\d{3}\\-\\d{4}$' }, '2020-12', 'drop')).toStrictEqual({
      node: { pattern: '^\\d{3}-\\d{4}$' },
      codes: undefined,
    });
  });
});
