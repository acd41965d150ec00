import { describe, expect, it } from 'vitest';
import { closedBranchSharingNull, unionSharingNull } from '../../test/helpers/union-fixtures.ts';
import { decodeArguments } from '../decodeArguments/index.ts';
import { encodeArguments } from '../encodeArguments/index.ts';
import { toProviderSchema } from '../toProviderSchema/index.ts';

describe('readSharedNullAsAbsent', () => {
  it('reads as absent a null another oneOf branch requires and takes (FUZZ_SEED=61)', () => {
    const { codec, diagnostics } = toProviderSchema(unionSharingNull('oneOf'), 'openai-strict');
    const encoded = encodeArguments(codec, { v: { a: 'x' } });
    expect(encoded).toStrictEqual({ v: { a: 'x', k: null } });
    expect(decodeArguments(codec, encoded)).toStrictEqual({ v: { a: 'x' } });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'profile-one-of',
      'profile-object-closed',
    ]);
  });

  it('keeps the null of an anyOf, where both branches taking it refuses nothing', () => {
    const { codec, diagnostics } = toProviderSchema(unionSharingNull('anyOf'), 'openai-strict');
    expect(decodeArguments(codec, { v: { a: 'x', k: null } })).toStrictEqual({
      v: { a: 'x', k: null },
    });
    expect(
      diagnostics
        .filter((diagnostic) => diagnostic.code === 'profile-absent-null-merged')
        .map((diagnostic) => diagnostic.pointer),
    ).toStrictEqual(['/properties/v/anyOf/1/properties/k']);
  });

  it('keeps the null of a oneOf branch whose objects the other, closed branch refuses (FUZZ_SEED=201)', () => {
    // The closed second branch takes none of the first one's objects (see the fixture).
    const schema = closedBranchSharingNull();
    for (const profile of ['portable', 'openai-strict'] as const) {
      const { codec } = toProviderSchema(schema, profile);
      for (const value of [{ v: { a: 'x', id: null } }, { v: { a: 'x', id: 'y' } }]) {
        expect(decodeArguments(codec, encodeArguments(codec, value))).toStrictEqual(value);
      }
      // Absent and `null` are one wire value there, read as the `null` the branch takes.
      expect(decodeArguments(codec, encodeArguments(codec, { v: { a: 'x' } }))).toStrictEqual({
        v: { a: 'x', id: null },
      });
    }
  });
});
