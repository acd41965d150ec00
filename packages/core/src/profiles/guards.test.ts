import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodecGuard, JsonType } from '../types/index.ts';
import { compileGuard, matchesGuard } from './guards.ts';

const TYPES: readonly JsonType[] = [
  'null',
  'boolean',
  'integer',
  'number',
  'string',
  'array',
  'object',
];
const KEYS = ['kind', 'a', 'b', '__proto__', 'constructor'];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom<unknown>('x', 1, 1.5, null, true, [1]), {
    maxKeys: 4,
  }),
  fc.constantFrom<unknown>(undefined, Number.NaN, () => 1, Symbol('s'), 10n),
);

const guard: fc.Arbitrary<CodecGuard> = fc.record(
  {
    types: fc.uniqueArray(fc.constantFrom(...TYPES), { maxLength: 3 }),
    values: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
    keys: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 4 }),
    tags: fc.array(
      fc.tuple(
        fc.constantFrom(...KEYS),
        fc.array(fc.constantFrom('x', 1, null, true), { maxLength: 2 }),
      ),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<CodecGuard>;

describe('compileGuard', () => {
  it('answers as matchesGuard on any guard and value', () => {
    fc.assert(
      fc.property(guard, fc.array(value, { maxLength: 8 }), (tested, values) => {
        const test = compileGuard(tested);
        for (const item of values) expect(test(item)).toBe(matchesGuard(tested, item));
      }),
      { numRuns: 300 },
    );
  });

  it('admits a whole number where the guard says number, not the other way', () => {
    expect(compileGuard({ types: ['number'] })(2)).toBe(true);
    expect(compileGuard({ types: ['integer'] })(2.5)).toBe(false);
    expect(compileGuard({ types: ['string'] })(undefined)).toBe(false);
  });

  it('falls back to matchesGuard on a malformed guard, throwing where it throws', () => {
    const malformed = { types: 5 } as unknown as CodecGuard;
    expect(() => compileGuard(malformed)({})).toThrow(TypeError);
    expect(() => matchesGuard(malformed, {})).toThrow(TypeError);
  });
});
