import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;

describe('toToolOutputSchema (arktype)', () => {
  it('lists the output side: parsed values, defaults required', () => {
    const schema = type({ count: 'string.numeric.parse', note: "string = ''" });
    const tool = toToolOutputSchema(schema);
    expect(tool['~standard'].jsonSchema.output(TARGET)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { count: { type: 'number' }, note: { type: 'string' } },
      required: ['count', 'note'],
    });
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      count: number;
      note: string;
    }>();
  });

  it('throws unrepresentable for a bigint on the output side', () => {
    expect(() => toToolOutputSchema(type({ big: 'bigint' }))).toThrow(
      expect.objectContaining({ code: 'unrepresentable', pointer: '/properties/big' }),
    );
  });

  it('allows a non-object root', () => {
    expect(
      toToolOutputSchema(type('string[]'))['~standard'].jsonSchema.output({ target: 'draft-07' }),
    ).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: { type: 'string' },
    });
  });
});
