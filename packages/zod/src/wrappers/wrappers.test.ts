import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describeAdapter, toolSchemaError } from '@toolschema/test-support';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import expected from './wrappers.expected.json' with { type: 'json' };
import { toToolInputSchema, toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;
const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const Address = z
  .object({ city: z.string().describe('City name') })
  .meta({ id: 'ZodAdapterAddress' });
const Category = z.object({
  name: z.string(),
  get children(): z.ZodArray<typeof Category> {
    return z.array(Category);
  },
});
const Sides = z.object({
  limit: z.number().default(10),
  length: z
    .string()
    .transform((value) => value.length)
    .pipe(z.number()),
});

describeAdapter<z.ZodType>('@toolschema/zod', {
  toToolInputSchema,
  toToolOutputSchema,
  schemas: {
    reused: z.object({ home: Address, work: Address.optional() }),
    recursive: z.object({ root: Category }),
    sides: Sides,
    draft07: z.object({ home: Address, tags: z.tuple([z.string()]) }),
    validation: {
      schema: z.object({ count: z.coerce.number().int() }),
      values: [{ count: '4' }, { count: 'x' }, null],
    },
    union: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.string() }),
      z.object({ kind: z.literal('b'), b: z.number() }),
    ]),
    arrayRoot: z.array(z.string()),
    unrepresentable: z.object({ name: z.string(), at: z.date() }),
    unrepresentableOutput: z.object({ length: z.string().transform((value) => value.length) }),
    customCheck: z.object({ code: z.string().refine((value) => value.startsWith('A')) }),
  },
  expected,
});

describe('@toolschema/zod only', () => {
  it("keeps Zod's input and output types", () => {
    const tool = toToolInputSchema(Sides);
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<{
      limit?: number | undefined;
      length: string;
    }>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      limit: number;
      length: number;
    }>();
    const output = toToolOutputSchema(Sides);
    expectTypeOf<StandardSchemaV1.InferOutput<typeof output>>().toEqualTypeOf<
      z.output<typeof Sides>
    >();
  });

  it('names a recursive definition by the property that reaches it, whatever Zod numbered first', () => {
    const listed = (schema: z.ZodType) =>
      toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    const category = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/root' } },
      },
      required: ['name', 'children'],
    };
    const alone = listed(z.object({ root: Category }));
    expect(alone).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { root: { $ref: '#/$defs/root' } },
      required: ['root'],
      $defs: { root: category },
    });
    // Zod numbers its definitions `__schema0`, `__schema1`... in the order it meets them.
    const Other = z.object({
      a: z.string(),
      get next(): z.ZodOptional<typeof Other> {
        return Other.optional();
      },
    });
    const after = listed(z.object({ other: Other, root: Category }));
    expect(after.properties).toStrictEqual({
      other: { $ref: '#/$defs/other' },
      root: { $ref: '#/$defs/root' },
    });
    expect(JSON.stringify((after.$defs as Record<string, unknown>).root)).toBe(
      JSON.stringify(category),
    );
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

  it('rejects a Zod 3 schema with unsupported-validator', async () => {
    const { z: z3 } = await import('zod-v3');
    const error = toolSchemaError(() => toToolInputSchema(z3.object({}) as never));
    expect(error.code).toBe('unsupported-validator');
    expect(error.message).toContain('Zod 3');
  });

  it('reports custom checks once per place, in document order, at the first use of a schema', () => {
    const Even = z.number().refine((value) => value % 2 === 0);
    const schema = z
      .object({
        a: Even,
        b: z
          .string()
          .superRefine(() => undefined)
          .check(() => undefined)
          .describe('B'),
        c: z.array(Even),
        d: z.string().min(1).trim(),
      })
      .refine(() => true);
    const reported: unknown[] = [];
    toToolInputSchema(schema, { onDiagnostics: (diagnostics) => reported.push(...diagnostics) });
    const one = 'A custom check (.refine, .superRefine or .check)';
    const left = 'cannot be expressed in JSON Schema; it was left out.';
    expect(reported).toStrictEqual([
      { code: 'constraint-dropped', pointer: '', message: `${one} ${left}` },
      { code: 'constraint-dropped', pointer: '/properties/a', message: `${one} ${left}` },
      {
        code: 'constraint-dropped',
        pointer: '/properties/b',
        message:
          '2 custom checks (.refine, .superRefine or .check) cannot be expressed in JSON Schema; they were left out.',
      },
    ]);
  });

  it('reports a schema Zod cannot convert as invalid-schema', () => {
    const schema = z.object({
      a: z.string().meta({ id: 'ZodAdapterDuplicate' }),
      b: z.number().meta({ id: 'ZodAdapterDuplicate' }),
    });
    expect(toolSchemaError(() => toToolInputSchema(schema)).code).toBe('invalid-schema');
  });

  it("profile: lists the wire schema, decodes before Zod validates, types stay Zod's", async () => {
    const Page = z.object({
      title: z.string(),
      properties: z.record(z.string(), z.number()),
      parent: z.string().optional(),
    });
    const tool = toToolInputSchema(Page, { profile: 'openai-strict' });
    const listed = tool['~standard'].jsonSchema.input(TARGET);
    expect(listed.required).toStrictEqual(['title', 'properties', 'parent']);
    expect(listed.additionalProperties).toBe(false);
    const wire = { title: 'a', properties: [{ key: 'x', value: 1 }], parent: null };
    expect(await tool['~standard'].validate(wire)).toStrictEqual({
      value: { title: 'a', properties: { x: 1 } },
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<z.input<typeof Page>>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<
      z.output<typeof Page>
    >();
  });

  it('profile: a discriminated union reads each branch its way, the null that clears and the absent parent', async () => {
    const Edit = z.discriminatedUnion('action', [
      z.object({ action: z.literal('create'), title: z.string(), parent: z.string().optional() }),
      // `null` clears the parent; absent leaves it as it is.
      z.object({ action: z.literal('update'), id: z.string(), parent: z.string().nullish() }),
    ]);
    const tool = toToolInputSchema(Edit, { profile: 'openai-strict' });
    const listed = tool['~standard'].jsonSchema.input(TARGET);
    expect(listed.required).toStrictEqual(['action', 'title', 'parent', 'id']);
    // The model sends every property, `null` for those it leaves out.
    expect(
      await tool['~standard'].validate({ action: 'create', title: 't', parent: null, id: null }),
    ).toStrictEqual({ value: { action: 'create', title: 't' } });
    expect(
      await tool['~standard'].validate({ action: 'update', title: null, parent: null, id: 'p' }),
    ).toStrictEqual({ value: { action: 'update', id: 'p', parent: null } });
  });

  it('profile: a union no key tells apart reads a null as absent, so no branch is uncallable', async () => {
    const Mode = z.union([
      z.strictObject({ mode: z.literal('x'), parent: z.string() }),
      z.object({ a: z.number().nullish() }),
    ]);
    const tool = toToolInputSchema(Mode, { profile: 'openai-strict' });
    // `a` must be sent; read as `null`, the strict branch would refuse the call, and Zod would
    // take it as the second branch's, `{ a: null }`.
    expect(await tool['~standard'].validate({ mode: 'x', parent: 'p', a: null })).toStrictEqual({
      value: { mode: 'x', parent: 'p' },
    });
    expect(await tool['~standard'].validate({ mode: null, parent: null, a: 2 })).toStrictEqual({
      value: { a: 2 },
    });
  });

  it('repair: fixes what Zod refuses, and leaves what Zod accepts, .catch() and coercion included', async () => {
    const Search = z.object({
      query: z.string(),
      limit: z.number().catch(10).optional(),
      page: z.coerce.number().optional(),
      tags: z.array(z.string()).optional(),
      sort: z.enum(['asc', 'desc']).optional(),
    });
    const tool = toToolInputSchema(Search, { repair: true });
    // Zod's JSON Schema says `limit` and `page` refuse null; Zod itself takes it (10, and 0).
    expect(await tool['~standard'].validate({ query: 'q', limit: null, page: null })).toStrictEqual(
      await Search['~standard'].validate({ query: 'q', limit: null, page: null }),
    );
    // What Zod refuses as sent is repaired: an array sent as a JSON string, a stray null.
    expect(
      await tool['~standard'].validate({ query: 'q', tags: '["a","b"]', sort: null }),
    ).toStrictEqual({ value: { query: 'q', tags: ['a', 'b'] } });
  });
});
