import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import { describeAdapter } from '@toolschema/test-support';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import expected from './wrappers.expected.json' with { type: 'json' };
import { toToolInputSchema, toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;

type TreeNode = { name: string; children: TreeNode[] };
const TreeNodeSchema: v.GenericSchema<TreeNode> = v.object({
  name: v.string(),
  children: v.array(v.lazy(() => TreeNodeSchema)),
});
const Address = v.object({ city: v.pipe(v.string(), v.description('City name')) });
const Sides = v.object({
  limit: v.optional(v.number(), 10),
  length: v.pipe(
    v.string(),
    v.transform((value) => value.length),
    v.number(),
  ),
});

describeAdapter<v.GenericSchema>('@toolschema/valibot', {
  // Named definitions are Valibot's registered types.
  toToolInputSchema: (schema, options) =>
    toToolInputSchema(schema, { ...options, definitions: { Address } }),
  toToolOutputSchema: (schema, options) =>
    toToolOutputSchema(schema, { ...options, definitions: { Address } }),
  schemas: {
    reused: v.object({ home: Address, work: v.optional(Address) }),
    recursive: v.object({ root: TreeNodeSchema }),
    sides: Sides,
    draft07: v.object({ home: Address, pair: v.tuple([v.string(), v.number()]) }),
    validation: {
      schema: v.object({ count: v.pipe(v.string(), v.transform(Number)) }),
      values: [{ count: '4' }, { count: 4 }, null],
    },
    union: v.variant('kind', [
      v.object({ kind: v.literal('a'), a: v.string() }),
      v.object({ kind: v.literal('b'), b: v.number() }),
    ]),
    arrayRoot: v.array(v.string()),
    unrepresentable: v.object({ name: v.string(), at: v.pipe(v.date(), v.description('When')) }),
    // A transform with no schema after it: the output type is unknown.
    unrepresentableOutput: v.object({
      length: v.pipe(
        v.string(),
        v.transform((value) => value.length),
      ),
    }),
    customCheck: v.object({
      code: v.pipe(
        v.string(),
        v.check((value) => value.startsWith('A')),
      ),
    }),
  },
  expected,
});

describe('@toolschema/valibot only', () => {
  it("keeps Valibot's input and output types", () => {
    const tool = toToolInputSchema(Sides);
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<
      v.InferInput<typeof Sides>
    >();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<{
      limit: number;
      length: number;
    }>();
  });

  it('keeps a v.lazy recursion inline at its first use, without the definitions option', () => {
    const listed = toToolInputSchema(v.object({ root: TreeNodeSchema }))[
      '~standard'
    ].jsonSchema.input(TARGET);
    expect((listed.properties as Record<string, unknown>).root).not.toHaveProperty('$ref');
  });

  it('names the kept recursion by the property that reaches it, not by its number', () => {
    const listed = (schema: v.GenericSchema) =>
      toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    const node = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/children' } },
      },
      required: ['name', 'children'],
    };
    const alone = listed(v.object({ root: TreeNodeSchema }));
    expect(alone).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { root: node },
      required: ['root'],
      $defs: { children: node },
    });
    // Valibot numbers lazy definitions `0`, `1`... in the order it meets them.
    type Chain = { next?: Chain | undefined };
    const ChainSchema: v.GenericSchema<Chain> = v.object({
      next: v.optional(v.lazy(() => ChainSchema)),
    });
    const after = listed(v.object({ chain: ChainSchema, root: TreeNodeSchema }));
    expect(Object.keys(after.$defs as object)).toStrictEqual(['children', 'next']);
    expect(JSON.stringify((after.$defs as Record<string, unknown>).children)).toBe(
      JSON.stringify(node),
    );
  });

  it('lists loose objects and tuples as taking unknown entries, so a profile keeps them sendable', async () => {
    const Settings = v.object({
      labels: v.looseObject({ color: v.string() }),
      point: v.looseTuple([v.number()]),
    });
    const listed = toToolInputSchema(Settings)['~standard'].jsonSchema.input(TARGET);
    expect(listed.properties).toStrictEqual({
      labels: {
        type: 'object',
        properties: { color: { type: 'string' } },
        required: ['color'],
        additionalProperties: {},
      },
      point: { type: 'array', prefixItems: [{ type: 'number' }], minItems: 1, items: {} },
    });
    const draft07 = toToolInputSchema(Settings)['~standard'].jsonSchema.input({
      target: 'draft-07',
    });
    expect((draft07.properties as Record<string, Record<string, unknown>>).point).toStrictEqual({
      type: 'array',
      items: [{ type: 'number' }],
      minItems: 1,
      additionalItems: {},
    });
    // Under a strict profile the unknown keys travel as entries, and reach Valibot as keys.
    const tool = toToolInputSchema(Settings, { profile: 'portable' });
    const wire = tool['~standard'].jsonSchema.input(TARGET);
    const labels = (wire.properties as Record<string, Record<string, unknown>>).labels!;
    expect(Object.keys(labels.properties as object)).toStrictEqual(['color', 'otherProperties']);
    const result = await tool['~standard'].validate({
      labels: { color: 'red', otherProperties: [{ key: 'size', value: '3' }] },
      point: [1, '"extra"'],
    });
    expect(result.issues).toBeUndefined();
    expect((result as { value: unknown }).value).toStrictEqual({
      labels: { color: 'red', size: 3 },
      point: [1, 'extra'],
    });
  });

  it("lists {} for an output transform with 'any', with the diagnostic", () => {
    const schema = v.object({
      length: v.pipe(
        v.string(),
        v.transform((value) => value.length),
      ),
    });
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
});
