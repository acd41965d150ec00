import type { StandardSchemaV1 } from '@standard-schema/spec';
import { ToolSchemaError } from '@toolschema/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;

describe('toToolOutputSchema (zod)', () => {
  it('lists the output side: defaults required, registered types inlined', () => {
    const Money = z.object({ amount: z.number(), currency: z.string() }).meta({ id: 'ZodMoney' });
    const schema = z.object({ total: Money, tax: Money, note: z.string().default('') });
    const tool = toToolOutputSchema(schema);
    const money = {
      type: 'object',
      properties: { amount: { type: 'number' }, currency: { type: 'string' } },
      required: ['amount', 'currency'],
      additionalProperties: false,
    };
    expect(tool['~standard'].jsonSchema.output(TARGET)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { total: money, tax: money, note: { type: 'string', default: '' } },
      required: ['total', 'tax', 'note'],
      additionalProperties: false,
    });
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<
      z.output<typeof schema>
    >();
  });

  it('allows a non-object root', () => {
    const tool = toToolOutputSchema(z.array(z.string()));
    expect(tool['~standard'].jsonSchema.output(TARGET)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      items: { type: 'string' },
    });
  });

  it('throws unrepresentable for a transform output, where it is defined', () => {
    const schema = z.object({ length: z.string().transform((value) => value.length) });
    expect(() => toToolOutputSchema(schema)).toThrow(ToolSchemaError);
    expect(() => toToolOutputSchema(schema)).toThrow(
      expect.objectContaining({ code: 'unrepresentable', pointer: '/properties/length' }),
    );
  });
});
