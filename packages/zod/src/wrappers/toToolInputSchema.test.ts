import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import { refsOf, toolSchemaError } from '@toolschema/test-support';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { toToolInputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;
const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

describe('toToolInputSchema (zod)', () => {
  const Address = z
    .object({ city: z.string().describe('City name') })
    .meta({ id: 'ZodAdapterAddress' });

  it('inlines a registered type used once', () => {
    const tool = toToolInputSchema(z.object({ home: Address }));
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: {
        home: {
          type: 'object',
          properties: { city: { type: 'string', description: 'City name' } },
          required: ['city'],
        },
      },
      required: ['home'],
    });
  });

  it('inlines a registered type used several times, with no $defs left', () => {
    const tool = toToolInputSchema(z.object({ home: Address, work: Address.optional() }));
    const listed = tool['~standard'].jsonSchema.input(TARGET);
    expect(refsOf(listed)).toStrictEqual([]);
    expect(listed).not.toHaveProperty('$defs');
    const properties = listed.properties as Record<string, unknown>;
    expect(properties.work).toStrictEqual(properties.home);
    expect(listed.required).toStrictEqual(['home']);
  });

  it('keeps recursion as refs into the listed schema own $defs', () => {
    const Category = z.object({
      name: z.string(),
      get children(): z.ZodArray<typeof Category> {
        return z.array(Category);
      },
    });
    const listed = toToolInputSchema(z.object({ root: Category }))['~standard'].jsonSchema.input(
      TARGET,
    );
    const defs = (listed.$defs ?? {}) as Record<string, unknown>;
    expect(refsOf(listed).length).toBeGreaterThan(0);
    for (const ref of refsOf(listed)) {
      expect(ref).toMatch(/^#\/\$defs\//);
      expect(Object.keys(defs)).toContain(decodeURIComponent(ref.slice('#/$defs/'.length)));
    }
    expect(listed.type).toBe('object');
  });

  it('lists the input side: defaults optional, transforms before they run', () => {
    const schema = z.object({
      limit: z.number().default(10),
      since: z.string().transform((value) => new Date(value)),
    });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { limit: { type: 'number', default: 10 }, since: { type: 'string' } },
      required: ['since'],
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<{
      limit?: number | undefined;
      since: string;
    }>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      limit: number;
      since: Date;
    }>();
  });

  it('validates with Zod: same parsed value, same issues', async () => {
    const schema = z.object({ count: z.coerce.number().int() });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].vendor).toBe('toolschema');
    expect(await tool['~standard'].validate({ count: '4' })).toStrictEqual(
      await schema['~standard'].validate({ count: '4' }),
    );
    const failure = await tool['~standard'].validate({ count: 'x' });
    expect(failure.issues?.map((issue) => issue.path)).toStrictEqual([['count']]);
  });

  it('gives a discriminated union an object root', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.string() }),
      z.object({ kind: z.literal('b'), b: z.number() }),
    ]);
    const listed = toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    expect(listed.type).toBe('object');
    expect(listed.oneOf).toHaveLength(2);
  });

  it('throws root-not-object for a non-object root', () => {
    expect(toolSchemaError(() => toToolInputSchema(z.string())).code).toBe('root-not-object');
  });

  it('converts Zod mini schemas', () => {
    const tool = toToolInputSchema(zm.object({ name: zm.string(), age: zm.optional(zm.number()) }));
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
      required: ['name'],
    });
  });

  it('converts for the draft-07 target', () => {
    const tool = toToolInputSchema(z.object({ home: Address, tags: z.tuple([z.string()]) }));
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        home: {
          type: 'object',
          properties: { city: { type: 'string', description: 'City name' } },
          required: ['city'],
        },
        tags: {
          type: 'array',
          items: [{ type: 'string' }],
          additionalItems: false,
          minItems: 1,
          maxItems: 1,
        },
      },
      required: ['home', 'tags'],
    });
  });

  it("throws unrepresentable with the pointer by default, or lists {} with 'any'", () => {
    const schema = z.object({ name: z.string(), at: z.date() });
    const error = toolSchemaError(() => toToolInputSchema(schema));
    expect(error.code).toBe('unrepresentable');
    expect(error.pointer).toBe('/properties/at');
    expect(error.message).toContain(
      'Date cannot be represented in JSON Schema (at /properties/at)',
    );

    const reported: ToolSchemaDiagnostic[] = [];
    const tool = toToolInputSchema(schema, {
      unrepresentable: 'any',
      onDiagnostics: (diagnostics) => reported.push(...diagnostics),
    });
    expect(tool['~standard'].jsonSchema.input(TARGET).properties).toStrictEqual({
      name: { type: 'string' },
      at: {},
    });
    expect(reported).toStrictEqual([
      {
        code: 'unrepresentable',
        pointer: '/properties/at',
        message: 'Date cannot be represented in JSON Schema',
      },
    ]);
  });

  it('rejects a Zod 3 schema with unsupported-validator', async () => {
    const { z: z3 } = await import('zod-v3');
    const error = toolSchemaError(() => toToolInputSchema(z3.object({}) as never));
    expect(error.code).toBe('unsupported-validator');
    expect(error.message).toContain('Zod 3');
  });

  it('reports a schema Zod cannot convert as invalid-schema', () => {
    const schema = z.object({
      a: z.string().meta({ id: 'ZodAdapterDuplicate' }),
      b: z.number().meta({ id: 'ZodAdapterDuplicate' }),
    });
    expect(toolSchemaError(() => toToolInputSchema(schema)).code).toBe('invalid-schema');
  });
});
