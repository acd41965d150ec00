import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchemaDiagnostic } from '@toolschema/core';
import { refsOf, toolSchemaError } from '@toolschema/test-support';
import { scope, type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toToolInputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;
const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const types = scope({
  TreeNode: { name: 'string', 'children?': 'TreeNode[]' },
  Tree: { root: 'TreeNode', 'label?': 'string' },
  User: { name: 'string' },
  Pair: { a: 'User', b: 'User' },
}).export();

describe('toToolInputSchema (arktype)', () => {
  it('inlines the root $ref of a cyclic scope and keeps only the cycle in $defs', () => {
    const listed = toToolInputSchema(types.Tree)['~standard'].jsonSchema.input(TARGET);
    expect(listed.type).toBe('object');
    expect(listed).not.toHaveProperty('$ref');
    expect(Object.keys(listed.properties as object).sort()).toStrictEqual(['label', 'root']);
    const defs = (listed.$defs ?? {}) as Record<string, unknown>;
    expect(refsOf(listed).length).toBeGreaterThan(0);
    for (const ref of refsOf(listed)) {
      expect(Object.keys(defs)).toContain(ref.replace(/^#\/\$defs\//, ''));
    }
  });

  it('lists a scope type used twice without refs', () => {
    const user = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    expect(toToolInputSchema(types.Pair)['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: { a: user, b: user },
      required: ['a', 'b'],
    });
  });

  it('lists the input side: defaulted keys optional (ArkType lists no default), morphs before they run', () => {
    const schema = type({
      limit: 'number = 10',
      since: type('string').pipe((value) => new Date(value)),
      'note?': type('string').describe('A note'),
    });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      $schema: SCHEMA_2020_12,
      type: 'object',
      properties: {
        limit: { type: 'number' },
        note: { type: 'string', description: 'A note' },
        since: { type: 'string' },
      },
      required: ['since'],
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<typeof schema.inferIn>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<typeof schema.infer>();
  });

  it('validates with ArkType: same value, same issues', async () => {
    const schema = type({ count: 'string.numeric.parse' });
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].vendor).toBe('toolschema');
    expect(await tool['~standard'].validate({ count: '4' })).toStrictEqual({ value: { count: 4 } });
    const failure = await tool['~standard'].validate({ count: 'x' });
    expect(failure.issues?.map((issue) => issue.message)).toStrictEqual(
      (await schema['~standard'].validate({ count: 'x' })).issues?.map((issue) => issue.message),
    );
  });

  it('gives a union of objects an object root', () => {
    const schema = type({ kind: "'a'", a: 'string' }).or({ kind: "'b'", b: 'number' });
    const listed = toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    expect(listed.type).toBe('object');
    expect(listed.anyOf).toHaveLength(2);
  });

  it('converts for the draft-07 target, cycles under definitions', () => {
    const listed = toToolInputSchema(types.Tree)['~standard'].jsonSchema.input({
      target: 'draft-07',
    });
    expect(listed.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const definitions = (listed.definitions ?? {}) as Record<string, unknown>;
    for (const ref of refsOf(listed)) {
      expect(Object.keys(definitions)).toContain(ref.replace(/^#\/definitions\//, ''));
    }
  });

  it("throws unrepresentable with the pointer by default, or lists {} with 'any'", () => {
    const schema = type({ name: 'string', at: 'Date' });
    const error = toolSchemaError(() => toToolInputSchema(schema));
    expect(error.code).toBe('unrepresentable');
    expect(error.pointer).toBe('/properties/at');
    expect(error.message).toContain('A Date cannot be represented in JSON Schema');

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
        message: 'A Date cannot be represented in JSON Schema.',
      },
    ]);
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

  it('throws root-not-object for a non-object root', () => {
    expect(toolSchemaError(() => toToolInputSchema(type('string[]'))).code).toBe('root-not-object');
  });
});
