import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;

describe('toToolOutputSchema (valibot)', () => {
  it('lists the output side: the schema after the last transform', () => {
    const schema = v.object({
      length: v.pipe(
        v.string(),
        v.transform((value) => value.length),
        v.number(),
      ),
      note: v.optional(v.string(), ''),
    });
    const tool = toToolOutputSchema(schema);
    expect(tool['~standard'].jsonSchema.output(TARGET)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { length: { type: 'number' }, note: { type: 'string', default: '' } },
      required: ['length'],
    });
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      length: number;
      note: string;
    }>();
  });

  it('treats a transform with no schema after it as unrepresentable on the output side', () => {
    const schema = v.object({
      length: v.pipe(
        v.string(),
        v.transform((value) => value.length),
      ),
    });
    expect(() => toToolOutputSchema(schema)).toThrow(
      expect.objectContaining({ code: 'unrepresentable', pointer: '/properties/length' }),
    );
    const reported: ToolSchemaDiagnostic[] = [];
    const tool = toToolOutputSchema(schema, {
      unrepresentable: 'any',
      onDiagnostics: (diagnostics) => reported.push(...diagnostics),
    });
    expect(tool['~standard'].jsonSchema.output(TARGET).properties).toStrictEqual({ length: {} });
    expect(reported.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'unrepresentable', pointer: '/properties/length' },
    ]);
  });

  it('allows a non-object root', () => {
    const tool = toToolOutputSchema(v.array(v.string()));
    expect(tool['~standard'].jsonSchema.output({ target: 'draft-07' })).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: { type: 'string' },
    });
  });
});
