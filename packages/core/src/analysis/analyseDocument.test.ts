import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../resolveOptions/index.ts';
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
    expect(analyseDocument(schema, '2020-12', resolveOptions())).toStrictEqual({
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
      cycles: {
        defsKeyword: '$defs',
        names: new Set(['Node']),
        maxBytes: 128 * 1024,
        maxDepth: 512,
      },
      keptWhole: false,
    });
  });

  it('names the definitions it kept for cycles, for the finalizers to unroll', () => {
    const schema = {
      properties: { next: { $ref: '#/$defs/List' } },
      $defs: { List: { properties: { next: { $ref: '#/$defs/List' } } } },
    };
    const result = analyseDocument(schema, '2020-12', resolveOptions({ cycles: { unroll: 1 } }));
    expect(result.schema).toStrictEqual({
      properties: { next: { $ref: '#/$defs/List' } },
      $defs: { List: { properties: { next: { $ref: '#/$defs/List' } } } },
    });
    expect(result.diagnostics).toStrictEqual([]);
    expect(result.cycles).toStrictEqual({
      defsKeyword: '$defs',
      names: new Set(['List']),
      maxBytes: 128 * 1024,
      maxDepth: 512,
    });
  });

  it('returns a document with $dynamicRef as it is, with a ref-dynamic diagnostic', () => {
    const schema = {
      $defs: { meta: { $dynamicAnchor: 'meta', type: 'object' } },
      properties: { a: { $dynamicRef: '#meta' } },
    };
    const result = analyseDocument(schema, '2020-12', resolveOptions());
    expect(result.schema).toStrictEqual(schema);
    expect(result.schema).not.toBe(schema);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual(['ref-dynamic']);
    expect(result.keptWhole).toBe(true);
  });

  it('reports a budget cut', () => {
    const item = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } };
    const properties: Record<string, unknown> = {};
    for (let field = 0; field < 40; field++) properties[`f${field}`] = { $ref: '#/$defs/Item' };
    const result = analyseDocument(
      { properties, $defs: { Item: item } },
      '2020-12',
      resolveOptions({ budget: { minBytes: 256, factor: 1 } }),
    );
    // 40 uses of a kept `$ref` are still over 256 bytes: the cap cannot hold, and says so.
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'budget-ref-kept',
      'budget-exceeded',
    ]);
    expect((result.schema as { $defs: unknown }).$defs).toStrictEqual({ Item: item });
  });

  it('measures the output without the definitions it leaves out before it reports a budget', () => {
    // Found by the equivalence fuzz (FUZZ_SEED=1): no `$ref`, so the output is the input without
    // its unused `$defs`, 23 bytes under a budget of 52.5; the single walk reported nothing, the
    // analysis took the input's 105 bytes for the output's and reported `budget-exceeded`.
    const schema = { properties: { p: {} }, $defs: { B: { x: 'y'.repeat(74) } } };
    const result = analyseDocument(
      schema,
      '2020-12',
      resolveOptions({ budget: { minBytes: 40, factor: 0.5 } }),
    );
    expect(result.schema).toStrictEqual({ properties: { p: {} } });
    expect(result.diagnostics).toStrictEqual([]);
    const capped = analyseDocument(
      schema,
      '2020-12',
      resolveOptions({ budget: { minBytes: 10, maxBytes: 50 } }),
    );
    expect(capped.schema).toStrictEqual({ properties: { p: {} } });
    expect(capped.diagnostics).toStrictEqual([]);
    // An output that is itself over the cap still says so.
    const large = { properties: { p: { description: 'y'.repeat(80) } } };
    const over = analyseDocument(
      large,
      '2020-12',
      resolveOptions({ budget: { minBytes: 10, maxBytes: 50 } }),
    );
    expect(over.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'budget-exceeded',
    ]);
  });
});
