import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import { describeAdapter, refsOf } from '@toolschema/test-support';
import { scope, type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ArkTypeSchema } from '../arktypeConverter/index.ts';
import { toToolInputSchema, toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;
const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const types = scope({
  TreeNode: { name: 'string', 'children?': 'TreeNode[]' },
  Tree: { root: 'TreeNode', 'label?': 'string' },
  User: { name: 'string' },
  Pair: { a: 'User', b: 'User' },
}).export();
const user = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const Sides = type({
  length: type('string')
    .pipe((value) => value.length)
    .to('number'),
  limit: 'number = 10',
});

describeAdapter<ArkTypeSchema>('@toolschema/arktype', {
  toToolInputSchema,
  toToolOutputSchema,
  reused: {
    schema: types.Pair,
    listed: {
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { a: user, b: user },
      required: ['a', 'b'],
    },
  },
  recursive: types.Tree,
  // ArkType lists no default; a defaulted key is optional on the input side only.
  sides: {
    schema: Sides,
    input: {
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { length: { type: 'string' }, limit: { type: 'number' } },
      required: ['length'],
    },
    output: {
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { length: { type: 'number' }, limit: { type: 'number' } },
      required: ['length', 'limit'],
    },
  },
  draft07: {
    schema: types.Pair,
    listed: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: user, b: user },
      required: ['a', 'b'],
    },
  },
  validation: {
    schema: type({ count: 'string.numeric.parse' }),
    values: [{ count: '4' }, { count: 'x' }, null],
  },
  union: {
    schema: type({ kind: "'a'", a: 'string' }).or({ kind: "'b'", b: 'number' }),
    keyword: 'anyOf',
  },
  arrayRoot: {
    schema: type('string[]'),
    listed: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: { type: 'string' },
    },
  },
  unrepresentable: {
    schema: type({ name: 'string', at: 'Date' }),
    pointer: '/properties/at',
    message: 'A Date cannot be represented in JSON Schema.',
    properties: { name: { type: 'string' }, at: {} },
  },
  unrepresentableOutput: { schema: type({ big: 'bigint' }), pointer: '/properties/big' },
});

describe('@toolschema/arktype only', () => {
  it("keeps ArkType's input and output types", () => {
    const tool = toToolInputSchema(Sides);
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<typeof Sides.inferIn>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<typeof Sides.infer>();
  });

  it('inlines the root $ref of a cyclic scope and keeps only the cycle in $defs', () => {
    const listed = toToolInputSchema(types.Tree)['~standard'].jsonSchema.input(TARGET);
    expect(Object.keys(listed.properties as object).sort()).toStrictEqual(['label', 'root']);
    // The node and its array are the cycle; ArkType's own entry for the root is gone.
    expect(Object.keys(listed.$defs as object)).toHaveLength(2);
  });

  it('keeps cycles under definitions for the draft-07 target', () => {
    const listed = toToolInputSchema(types.Tree)['~standard'].jsonSchema.input({
      target: 'draft-07',
    });
    expect(listed.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const definitions = (listed.definitions ?? {}) as Record<string, unknown>;
    expect(refsOf(listed).length).toBeGreaterThan(0);
    for (const ref of refsOf(listed)) {
      expect(Object.keys(definitions)).toContain(ref.replace(/^#\/definitions\//, ''));
    }
  });

  it('never throws for a narrowing it cannot express: constraint-dropped', () => {
    const reported: ToolSchemaDiagnostic[] = [];
    const schema = type({ code: type('string').narrow((value) => value.startsWith('A')) });
    const tool = toToolInputSchema(schema, {
      onDiagnostics: (diagnostics) => reported.push(...diagnostics),
    });
    expect(tool['~standard'].jsonSchema.input(TARGET).properties).toStrictEqual({
      code: { type: 'string' },
    });
    expect(reported.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'constraint-dropped', pointer: '/properties/code' },
    ]);
  });
});
