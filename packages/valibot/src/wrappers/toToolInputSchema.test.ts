import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import { refsOf, toolSchemaError } from '@toolschema/test-support';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toToolInputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;
const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

type TreeNode = { name: string; children: TreeNode[] };
const TreeNodeSchema: v.GenericSchema<TreeNode> = v.object({
  name: v.string(),
  children: v.array(v.lazy(() => TreeNodeSchema)),
});

describe('toToolInputSchema (valibot)', () => {
  const Address = v.object({ city: v.pipe(v.string(), v.description('City name')) });
  const address = {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name' } },
    required: ['city'],
  };

  it('inlines named definitions used once and several times', () => {
    const schema = v.object({ home: Address, work: v.optional(Address) });
    const tool = toToolInputSchema(schema, { definitions: { Address } });
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { home: address, work: address },
      required: ['home'],
    });
  });

  it('keeps v.lazy recursion as refs into the listed schema own $defs', () => {
    const listed = toToolInputSchema(v.object({ root: TreeNodeSchema }))[
      '~standard'
    ].jsonSchema.input(TARGET);
    const defs = (listed.$defs ?? {}) as Record<string, unknown>;
    expect(refsOf(listed).length).toBeGreaterThan(0);
    for (const ref of refsOf(listed)) {
      expect(Object.keys(defs)).toContain(decodeURIComponent(ref.replace(/^#\/\$defs\//, '')));
    }
    expect(listed.type).toBe('object');
    expect((listed.properties as Record<string, unknown>).root).not.toHaveProperty('$ref');
  });

  it('lists the input side: defaults optional, pipes before their transforms', () => {
    const schema = v.object({
      limit: v.optional(v.number(), 10),
      since: v.pipe(
        v.string(),
        v.transform((value) => new Date(value)),
      ),
    });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { limit: { type: 'number', default: 10 }, since: { type: 'string' } },
      required: ['since'],
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<
      v.InferInput<typeof schema>
    >();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      limit: number;
      since: Date;
    }>();
  });

  it('validates with Valibot: same value, same issues', async () => {
    const schema = v.object({ count: v.pipe(v.string(), v.transform(Number)) });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].vendor).toBe('toolschema');
    expect(await tool['~standard'].validate({ count: '4' })).toStrictEqual(
      await schema['~standard'].validate({ count: '4' }),
    );
    expect(await tool['~standard'].validate({ count: '4' })).toHaveProperty('value', { count: 4 });
    const failure = await tool['~standard'].validate({ count: 4 });
    expect(failure.issues).toStrictEqual((await schema['~standard'].validate({ count: 4 })).issues);
  });

  it('gives a variant (discriminated union) an object root', () => {
    const schema = v.variant('kind', [
      v.object({ kind: v.literal('a'), a: v.string() }),
      v.object({ kind: v.literal('b'), b: v.number() }),
    ]);
    const listed = toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    expect(listed.type).toBe('object');
    expect(listed.oneOf).toHaveLength(2);
  });

  it('converts for the draft-07 target', () => {
    const schema = v.object({ home: Address, pair: v.tuple([v.string(), v.number()]) });
    const tool = toToolInputSchema(schema, { definitions: { Address } });
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        home: address,
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], minItems: 2 },
      },
      required: ['home', 'pair'],
    });
  });

  it("throws unrepresentable with the pointer by default, or lists {} with 'any'", () => {
    const schema = v.object({ name: v.string(), at: v.pipe(v.date(), v.description('When')) });
    const error = toolSchemaError(() => toToolInputSchema(schema));
    expect(error.code).toBe('unrepresentable');
    expect(error.pointer).toBe('/properties/at');
    expect(error.message).toContain('The "date" schema cannot be converted to JSON Schema');

    const reported: ToolSchemaDiagnostic[] = [];
    const tool = toToolInputSchema(schema, {
      unrepresentable: 'any',
      onDiagnostics: (diagnostics) => reported.push(...diagnostics),
    });
    expect(tool['~standard'].jsonSchema.input(TARGET).properties).toStrictEqual({
      name: { type: 'string' },
      at: { description: 'When' },
    });
    expect(reported).toStrictEqual([
      {
        code: 'unrepresentable',
        pointer: '/properties/at',
        message: 'The "date" schema cannot be converted to JSON Schema.',
      },
    ]);
  });

  it('never throws for a validation it cannot express: constraint-dropped', () => {
    const reported: ToolSchemaDiagnostic[] = [];
    const schema = v.object({
      code: v.pipe(
        v.string(),
        v.check((value) => value.startsWith('A')),
      ),
    });
    const tool = toToolInputSchema(schema, {
      onDiagnostics: (diagnostics) => reported.push(...diagnostics),
    });
    expect(tool['~standard'].jsonSchema.input(TARGET).properties).toStrictEqual({
      code: { type: 'string' },
    });
    expect(reported).toStrictEqual([
      {
        code: 'constraint-dropped',
        pointer: '/properties/code',
        message: 'The "check" action cannot be converted to JSON Schema.',
      },
    ]);
  });

  it('throws root-not-object for a non-object root', () => {
    expect(toolSchemaError(() => toToolInputSchema(v.array(v.string()))).code).toBe(
      'root-not-object',
    );
  });
});
