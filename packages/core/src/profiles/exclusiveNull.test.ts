import { describe, expect, it } from 'vitest';
import { decodeArguments } from '../decodeArguments/index.ts';
import { encodeArguments } from '../encodeArguments/index.ts';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import type { JsonSchema } from '../types/index.ts';

/** A `oneOf` branch that takes `k` only as `null`, beside one that requires `k` (FUZZ_SEED=61). */
function oneOfSharingNull(keyword: 'oneOf' | 'anyOf'): JsonSchema {
  return {
    type: 'object',
    properties: {
      v: {
        [keyword]: [
          { type: 'object', properties: { k: { type: ['string', 'null'] } }, required: ['k'] },
          {
            type: 'object',
            properties: { a: { type: 'string' }, k: { type: 'null' } },
            required: ['a'],
            additionalProperties: false,
          },
        ],
      },
    },
    required: ['v'],
    additionalProperties: false,
  };
}

describe('readSharedNullAsAbsent', () => {
  it('reads as absent a null another oneOf branch requires and takes (FUZZ_SEED=61)', () => {
    const { codec, diagnostics } = toProviderSchema(oneOfSharingNull('oneOf'), 'openai-strict');
    const encoded = encodeArguments(codec, { v: { a: 'x' } });
    expect(encoded).toStrictEqual({ v: { a: 'x', k: null } });
    expect(decodeArguments(codec, encoded)).toStrictEqual({ v: { a: 'x' } });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'profile-one-of',
      'profile-object-closed',
    ]);
  });

  it('keeps the null of an anyOf, where both branches taking it refuses nothing', () => {
    const { codec, diagnostics } = toProviderSchema(oneOfSharingNull('anyOf'), 'openai-strict');
    expect(decodeArguments(codec, { v: { a: 'x', k: null } })).toStrictEqual({
      v: { a: 'x', k: null },
    });
    expect(
      diagnostics
        .filter((diagnostic) => diagnostic.code === 'profile-absent-null-merged')
        .map((diagnostic) => diagnostic.pointer),
    ).toStrictEqual(['/properties/v/anyOf/1/properties/k']);
  });
});
