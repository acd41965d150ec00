import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describeAdapter, refsOf } from '@toolschema/test-support';
import { scope, type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ArkTypeSchema } from '../arktypeConverter/index.ts';
import expected from './wrappers.expected.json' with { type: 'json' };
import { toToolInputSchema, toToolOutputSchema } from './wrappers.ts';

const TARGET = { target: 'draft-2020-12' } as const;

const types = scope({
  TreeNode: { name: 'string', 'children?': 'TreeNode[]' },
  Tree: { root: 'TreeNode', 'label?': 'string' },
  User: { name: 'string' },
  Pair: { a: 'User', b: 'User' },
}).export();
const Sides = type({
  length: type('string')
    .pipe((value) => value.length)
    .to('number'),
  limit: 'number = 10',
});

// ArkType lists no default: a defaulted key is optional on the input side only.
describeAdapter<ArkTypeSchema>('@toolschema/arktype', {
  toToolInputSchema,
  toToolOutputSchema,
  schemas: {
    reused: types.Pair,
    recursive: types.Tree,
    sides: Sides,
    draft07: type({ pair: ['string', 'number'] }),
    validation: {
      schema: type({ count: 'string.numeric.parse' }),
      values: [{ count: '4' }, { count: 'x' }, null],
    },
    union: type({ kind: "'a'", a: 'string' }).or({ kind: "'b'", b: 'number' }),
    arrayRoot: type('string[]'),
    unrepresentable: type({ name: 'string', at: 'Date' }),
    unrepresentableOutput: type({ big: 'bigint' }),
    customCheck: type({ code: type('string').narrow((value) => value.startsWith('A')) }),
  },
  expected,
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

  it('names the cycle by the properties that reach it, the same after unrelated types', () => {
    const expectedTree = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { root: { $ref: '#/$defs/root' }, label: { type: 'string' } },
      required: ['root'],
      $defs: {
        children: { type: 'array', items: { $ref: '#/$defs/root' } },
        root: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { $ref: '#/$defs/children' } },
          required: ['name'],
        },
      },
    };
    const treeOf = () =>
      scope({
        TreeNode: { name: 'string', 'children?': 'TreeNode[]' },
        Tree: { root: 'TreeNode', 'label?': 'string' },
      }).export().Tree;
    const listed = (schema: ArkTypeSchema) =>
      toToolInputSchema(schema)['~standard'].jsonSchema.input(TARGET);
    const first = listed(treeOf());
    expect(first).toStrictEqual(expectedTree);
    // ArkType numbers its nodes (`intersection217`) across the process: unrelated types defined
    // in between renumber them.
    for (let count = 0; count < 5; count++) type({ [`unrelated${count}`]: 'string', n: 'number' });
    expect(JSON.stringify(listed(treeOf()))).toBe(JSON.stringify(first));
  });

  it('inlines a root that its own scope recurses through, the cycle kept in $defs', () => {
    const Root = scope({ Root: { name: 'string', 'kids?': 'Root[]' } }).export().Root;
    const listed = toToolInputSchema(Root)['~standard'].jsonSchema.input(TARGET);
    expect(listed.$ref).toBeUndefined();
    expect(listed.properties).toStrictEqual({
      name: { type: 'string' },
      kids: { $ref: '#/$defs/kids' },
    });
    expect(listed.required).toStrictEqual(['name']);
    expect(Object.keys(listed.$defs as object).sort()).toStrictEqual(['Root', 'kids']);
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

  it('under a profile closes a default object and keeps an index signature sendable', async () => {
    const wire = { name: 'a', otherProperties: [{ key: 'color', value: '"red"' }] };
    // ArkType keeps undeclared keys by default but lists no `additionalProperties`.
    const closed = toToolInputSchema(type({ name: 'string' }), { profile: 'openai-strict' });
    expect(closed['~standard'].jsonSchema.input(TARGET)).toStrictEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    });
    const open = toToolInputSchema(type({ name: 'string', '[string]': 'unknown' }), {
      profile: 'openai-strict',
    });
    const listed = open['~standard'].jsonSchema.input(TARGET);
    expect(Object.keys(listed.properties as object)).toStrictEqual(['name', 'otherProperties']);
    expect(await open['~standard'].validate(wire)).toStrictEqual({
      value: { name: 'a', color: 'red' },
    });
  });
});
