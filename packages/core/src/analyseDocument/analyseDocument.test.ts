import { describe, expect, it } from 'vitest';
import { analyseDocument } from './analyseDocument.ts';

describe('analyseDocument', () => {
  it('keeps a cycle under the root $defs and inlines the rest', () => {
    const schema = {
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' }, name: { $ref: '#/$defs/Name' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
        Name: { type: 'string' },
      },
    };
    expect(analyseDocument(schema, '2020-12', {})).toStrictEqual({
      schema: {
        type: 'object',
        properties: { tree: { $ref: '#/$defs/Node' }, name: { type: 'string' } },
        $defs: {
          Node: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
          },
        },
      },
      diagnostics: [],
    });
  });

  it('unrolls cycles on request, then cuts them with a diagnostic', () => {
    const schema = {
      properties: { next: { $ref: '#/$defs/List' } },
      $defs: { List: { properties: { next: { $ref: '#/$defs/List' } } } },
    };
    const { schema: output, diagnostics } = analyseDocument(schema, '2020-12', {
      cycles: { unroll: 1 },
    });
    expect(output).toStrictEqual({
      properties: { next: { properties: { next: {} } } },
    });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual(['cycle-unrolled']);
  });

  it('returns a document with $dynamicRef as it is, with a ref-dynamic diagnostic', () => {
    const schema = {
      $defs: { meta: { $dynamicAnchor: 'meta', type: 'object' } },
      properties: { a: { $dynamicRef: '#meta' } },
    };
    const result = analyseDocument(schema, '2020-12', {});
    expect(result.schema).toStrictEqual(schema);
    expect(result.schema).not.toBe(schema);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual(['ref-dynamic']);
  });

  it('reports a budget cut', () => {
    const item = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } };
    const properties: Record<string, unknown> = {};
    for (let field = 0; field < 40; field++) properties[`f${field}`] = { $ref: '#/$defs/Item' };
    const result = analyseDocument({ properties, $defs: { Item: item } }, '2020-12', {
      budget: { minBytes: 256, factor: 1 },
    });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'budget-ref-kept',
    ]);
    expect((result.schema as { $defs: unknown }).$defs).toStrictEqual({ Item: item });
  });
});
