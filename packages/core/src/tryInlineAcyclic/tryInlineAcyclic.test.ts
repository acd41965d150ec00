import { describe, expect, it } from 'vitest';

import { analyseDocument } from '../analysis/index.ts';
import { resolveOptions } from '../resolveOptions/index.ts';
import type { BudgetOptions, Dialect } from '../types/index.ts';
import { tryInlineAcyclic } from './tryInlineAcyclic.ts';

type SchemaObject = Record<string, unknown>;

/** The single walk with the given budget options (defaults when none). */
function inlineAcyclic(schema: SchemaObject, dialect: Dialect, budget: BudgetOptions | undefined) {
  return tryInlineAcyclic(
    schema,
    dialect,
    resolveOptions(budget === undefined ? {} : { budget }).budget,
  );
}

/**
 * Runs the single walk and, where it succeeds, the full analysis too: both must emit the same
 * schema, key order included, and the analysis must have nothing to say but what the walk says
 * (`annotation-ref-dropped`, the walk's one diagnostic).
 */
function inlined(
  schema: SchemaObject,
  dialect: Dialect = '2020-12',
  budget?: BudgetOptions,
): unknown {
  const before = JSON.stringify(schema);
  const fast = inlineAcyclic(schema, dialect, budget);
  expect(JSON.stringify(schema)).toBe(before);
  if (fast === undefined) return undefined;
  const full = analyseDocument(
    schema,
    dialect,
    resolveOptions(budget === undefined ? {} : { budget }),
  );
  expect(fast.diagnostics).toStrictEqual(full.diagnostics);
  for (const { code } of fast.diagnostics) expect(code).toBe('annotation-ref-dropped');
  expect(JSON.stringify(fast.schema)).toBe(JSON.stringify(full.schema));
  expect(fast.schema).toStrictEqual(full.schema);
  return fast.schema;
}

describe('tryInlineAcyclic', () => {
  it('inlines a chain of definitions and drops $defs', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' } },
      $defs: { A: { type: 'string' }, B: { type: 'array', items: { $ref: '#/$defs/A' } } },
    };
    expect(inlined(schema)).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'string' } } },
    });
  });

  it('copies every use: no two places of the output share an object', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } },
      $defs: { A: { properties: { x: { enum: [1, 2] } } } },
    };
    const output = inlined(schema) as { properties: { a: SchemaObject; b: SchemaObject } };
    expect(output.properties.a).toStrictEqual(output.properties.b);
    expect(output.properties.a).not.toBe(output.properties.b);
    const enumA = (output.properties.a.properties as { x: { enum: unknown } }).x.enum;
    const enumB = (output.properties.b.properties as { x: { enum: unknown } }).x.enum;
    expect(enumA).not.toBe(enumB);
    expect(enumA).not.toBe(schema.$defs.A.properties.x.enum);
  });

  it('merges keywords beside $ref as the analysis does (2020-12)', () => {
    const schema = {
      properties: {
        described: { $ref: '#/$defs/A', description: 'use site' },
        narrowed: { $ref: '#/$defs/A', properties: { extra: { type: 'number' } } },
        clashing: { $ref: '#/$defs/A', type: 'object', additionalProperties: false },
      },
      $defs: { A: { type: 'object', description: 'target', properties: { x: {} } } },
    };
    expect(inlined(schema)).toStrictEqual({
      properties: {
        described: { type: 'object', description: 'use site', properties: { x: {} } },
        narrowed: {
          type: 'object',
          description: 'target',
          properties: { x: {}, extra: { type: 'number' } },
        },
        clashing: {
          type: 'object',
          additionalProperties: false,
          allOf: [{ type: 'object', description: 'target', properties: { x: {} } }],
        },
      },
    });
  });

  it('keeps annotations beside a draft-07 $ref and the root $schema', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { a: { $ref: '#/definitions/A', title: 'A use' } },
      definitions: { A: { type: 'string', title: 'A' } },
    };
    expect(inlined(schema, 'draft-07')).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { a: { type: 'string', title: 'A use' } },
    });
  });

  it('inlines a draft-07 root that is a $ref beside its definitions', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/Input',
      description: 'the tool input',
      definitions: {
        Input: { type: 'object', properties: { tags: { $ref: '#/definitions/Tags' } } },
        Tags: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(inlined(schema, 'draft-07')).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } } },
      description: 'the tool input',
    });
  });

  it("keeps the root's $id, and still resolves local pointers from the root", () => {
    const defs = { A: { type: 'string' } };
    expect(
      inlined({
        $id: 'https://example.com/tool.json',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: defs,
      }),
    ).toStrictEqual({
      $id: 'https://example.com/tool.json',
      properties: { a: { type: 'string' } },
    });
    expect(
      inlined({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        properties: { a: { $ref: '#/$defs/A' } },
        $id: 'tool.json',
        $defs: defs,
      }),
    ).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'tool.json',
      properties: { a: { type: 'string' } },
    });
    // draft-07: a root `$ref` replaces its `$id` too.
    expect(
      inlined(
        { $id: 'https://example.com/tool.json', $ref: '#/definitions/A', definitions: defs },
        'draft-07',
      ),
    ).toStrictEqual({ type: 'string' });
    expect(
      inlined(
        {
          id: 'https://example.com/tool.json',
          properties: { a: { $ref: '#/definitions/A' } },
          definitions: defs,
        },
        'draft-04',
      ),
    ).toStrictEqual({ id: 'https://example.com/tool.json', properties: { a: { type: 'string' } } });
  });

  it('follows pointers into nested subschemas, escaped names and boolean targets', () => {
    const schema = {
      properties: {
        a: { $ref: '#/$defs/A/properties/x~1y' },
        b: { $ref: '#/$defs/with%20space' },
        c: { $ref: '#/$defs/no', description: 'never valid' },
        d: { $ref: '#/components/schemas/C' },
      },
      $defs: { A: { properties: { 'x/y': { type: 'integer' } } }, 'with space': true, no: false },
      components: { schemas: { C: { const: 1 } } },
    };
    expect(inlined(schema)).toStrictEqual({
      properties: {
        a: { type: 'integer' },
        b: true,
        c: { description: 'never valid', not: {} },
        d: { const: 1 },
      },
    });
  });

  it('follows long pointers (past what it keeps parsed across calls) the same way', () => {
    const name = 'n'.repeat(1_000);
    const schema = {
      properties: { a: { $ref: `#/$defs/${name}` } },
      $defs: { [name]: { type: 'null' } },
    };
    expect(inlined(schema)).toStrictEqual({ properties: { a: { type: 'null' } } });
    expect(inlined(schema)).toStrictEqual({ properties: { a: { type: 'null' } } });
  });

  it('keeps __proto__ keys as own data and never touches a prototype', () => {
    const schema = JSON.parse(
      '{"properties":{"__proto__":{"$ref":"#/$defs/P"}},"$defs":{"P":{"default":{"__proto__":{"polluted":true}}}}}',
    ) as SchemaObject;
    const output = inlined(schema) as { properties: SchemaObject };
    expect(Object.hasOwn(output.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(output.properties)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('gives up on a cycle, direct or through a parent', () => {
    expect(
      inlined({
        properties: { next: { $ref: '#/$defs/Node' } },
        $defs: { Node: { properties: { next: { $ref: '#/$defs/Node' } } } },
      }),
    ).toBeUndefined();
    expect(inlined({ properties: { self: { $ref: '#' } } })).toBeUndefined();
    expect(
      inlined({ properties: { a: { properties: { b: { $ref: '#/properties/a' } } } } }),
    ).toBeUndefined();
  });

  it('gives up on what needs the index: identity, anchors, remote and dangling refs', () => {
    const cases: SchemaObject[] = [
      { properties: { a: { $id: 'https://example.com/a', $ref: '#/$defs/A' } }, $defs: { A: {} } },
      { $id: 'http://[broken', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: {} } },
      { properties: { a: { $ref: '#A' } }, $defs: { A: { $anchor: 'A' } } },
      { properties: { a: { $ref: 'https://example.com/other.json' } } },
      { properties: { a: { $ref: 'other.json#/x' } } },
      { properties: { a: { $ref: '#/$defs/Missing' } } },
      { properties: { a: { $ref: 17 } } },
      {
        properties: { a: { $ref: '#/$defs/A/properties/x' } },
        $defs: { A: { $id: 'a.json', properties: { x: {} } } },
      },
    ];
    for (const schema of cases) expect(inlined(schema)).toBeUndefined();
  });

  it('gives up on $dynamicRef anywhere the index looks, also in unused definitions', () => {
    expect(inlined({ properties: { a: { $dynamicRef: '#meta' } } })).toBeUndefined();
    expect(
      inlined({ type: 'object', $defs: { Unused: { items: { $dynamicRef: '#meta' } } } }),
    ).toBeUndefined();
    // Reached only through a pointer from an unused definition, outside any schema keyword.
    expect(
      inlined({
        type: 'object',
        $defs: { Unused: { $ref: '#/x-extra/Hidden' } },
        'x-extra': { Hidden: { $recursiveRef: '#' } },
      }),
    ).toBeUndefined();
    // In definitions nested in a schema the walk copies (never emitted, still indexed).
    expect(
      inlined({
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'object', $defs: { Inner: { $dynamicRef: '#meta' } } } },
      }),
    ).toBeUndefined();
    // Unused definitions without one do not stop the walk.
    expect(
      inlined({
        type: 'object',
        $defs: { Unused: { items: { $ref: '#/$defs/Other' } }, Other: {} },
      }),
    ).toStrictEqual({
      type: 'object',
    });
  });

  it('gives up on invalid subschemas and on keywords a draft-07 $ref drops', () => {
    expect(inlined({ properties: { a: 5 } })).toBeUndefined();
    expect(inlined({ allOf: [{}, 'x'] })).toBeUndefined();
    expect(
      inlined(
        { properties: { a: { $ref: '#/definitions/A', type: 'string' } }, definitions: { A: {} } },
        'draft-07',
      ),
    ).toBeUndefined();
  });

  it('gives up where the budget or the depth would cut, and only there', () => {
    // 8 levels of 8 uses each: far past the default budget.
    const defs: SchemaObject = { L8: { type: 'string' } };
    for (let level = 7; level >= 0; level--) {
      const properties: SchemaObject = {};
      for (let field = 0; field < 8; field++)
        properties[`f${field}`] = { $ref: `#/$defs/L${level + 1}` };
      defs[`L${level}`] = { type: 'object', properties };
    }
    expect(inlined({ $ref: '#/$defs/L0', $defs: defs })).toBeUndefined();
    // Three levels fit the default budget but not a small one.
    const small = { $ref: '#/$defs/L5', $defs: defs };
    expect(inlined(small)).toBeDefined();
    expect(inlined(small, '2020-12', { minBytes: 1000, factor: 1 })).toBeUndefined();
    // Depth: the plan measures nesting; a deep chain passes a small maxDepth.
    let deep: SchemaObject = { type: 'string' };
    for (let level = 0; level < 20; level++) deep = { properties: { x: deep } };
    expect(inlined(deep, '2020-12', { maxDepth: 64 })).toBeDefined();
    expect(inlined(deep, '2020-12', { maxDepth: 16 })).toBeUndefined();
  });

  it('leaves heavy reuse within the budget to the analysis, which sizes it before copying', () => {
    const leaf: SchemaObject = { type: 'object', properties: {} };
    for (let field = 0; field < 12; field++) {
      (leaf.properties as SchemaObject)[`field${field}`] = { type: 'string', maxLength: 40 };
    }
    const uses = (ref: string): SchemaObject => {
      const properties: SchemaObject = {};
      for (let field = 0; field < 10; field++) properties[`u${field}`] = { $ref: ref };
      return { type: 'object', properties };
    };
    const schema = {
      $ref: '#/$defs/A',
      $defs: { A: uses('#/$defs/B'), B: uses('#/$defs/C'), C: leaf },
    };
    // About 40 KiB out of 1.3 KiB: more than 20 times what the walk read.
    expect(inlineAcyclic(schema, '2020-12', undefined)).toBeUndefined();
    const analysed = analyseDocument(schema, '2020-12', resolveOptions());
    expect(analysed.diagnostics).toStrictEqual([]);
    expect(JSON.stringify(analysed.schema)).not.toContain('$ref');
  });

  it('gives up on data the analysis rejects: a JavaScript cycle, a bigint', () => {
    const cyclic: SchemaObject = {};
    cyclic.self = cyclic;
    expect(inlineAcyclic({ default: cyclic }, '2020-12', undefined)).toBeUndefined();
    expect(inlineAcyclic({ const: 10n }, '2020-12', undefined)).toBeUndefined();
    const looping: SchemaObject = { type: 'object' };
    looping.properties = { again: looping };
    expect(inlineAcyclic(looping, '2020-12', undefined)).toBeUndefined();
  });

  it('reads own keys only: gives up on objects with other prototypes or a polluted Object.prototype', () => {
    class Shape {
      type = 'object';
    }
    Object.defineProperty(Shape.prototype, 'inherited', { value: 1, enumerable: true });
    expect(inlineAcyclic({ properties: { a: new Shape() } }, '2020-12', undefined)).toBeUndefined();
    expect(
      inlined({ properties: { a: Object.assign(Object.create(null), { type: 'string' }) } }),
    ).toStrictEqual({
      properties: { a: { type: 'string' } },
    });
    Object.defineProperty(Object.prototype, 'polluting', {
      value: { type: 'string' },
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(inlineAcyclic({ type: 'object' }, '2020-12', undefined)).toBeUndefined();
    } finally {
      delete (Object.prototype as { polluting?: unknown }).polluting;
    }
    expect(inlineAcyclic({ type: 'object' }, '2020-12', undefined)).toStrictEqual({
      schema: { type: 'object' },
      diagnostics: [],
      olderShapes: 0,
    });
  });
});

describe('data depth under a small depth budget', () => {
  // Found by the equivalence fuzz (FUZZ_SEED=22): the walk kept an `enum` of objects that the
  // analysis leaves out with value-too-deep, as both now read one bound (`maxDataDepthFor`).
  it('declines a value deeper than the analysis keeps, which then reports it', () => {
    const schema = { enum: [{ $ref: '#/$defs/A' }, 'b'] };
    expect(inlineAcyclic(schema, '2020-12', { maxDepth: 5 })).toBeUndefined();
    const analysed = analyseDocument(
      schema,
      '2020-12',
      resolveOptions({ budget: { maxDepth: 5 } }),
    );
    expect(analysed.diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'value-too-deep', pointer: '/enum' },
    ]);
  });

  it('keeps a value within that bound on the walk, as the analysis does', () => {
    const schema = { enum: ['a', 'b'], default: 'a' };
    expect(inlineAcyclic(schema, '2020-12', { maxDepth: 5 })).toStrictEqual({
      schema: { enum: ['a', 'b'], default: 'a' },
      diagnostics: [],
      olderShapes: 0,
    });
  });
});

describe('keywords no dialect defines that hold a $ref', () => {
  it('leaves them out and reports them as the analysis does, at the root and deep', () => {
    for (const [dialect, defs] of [
      ['2020-12', '$defs'],
      ['draft-07', 'definitions'],
    ] as const) {
      const A = { type: 'string', 'x-links': [[{ to: { $ref: `#/${defs}/B` } }]] };
      const schema = {
        type: 'object',
        'x-see': { $ref: `#/${defs}/A` },
        properties: {
          a: { $ref: `#/${defs}/A` },
          b: { type: 'object', name: { $ref: `#/${defs}/A` } },
          c: { $ref: `#/${defs}/A/x-links/0/0/to` },
        },
        [defs]: { A, B: { type: 'integer' } },
      };
      const before = structuredClone(schema);
      expect(inlined(schema, dialect)).toStrictEqual({
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'object' }, c: { type: 'integer' } },
      });
      expect(schema).toStrictEqual(before);
      // Once per place, in pointer order, however often a definition is inlined.
      const walked = inlineAcyclic(schema, dialect, undefined)!;
      expect(walked.diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
        ['annotation-ref-dropped', `/${defs}/A/x-links`],
        ['annotation-ref-dropped', '/properties/b/name'],
        ['annotation-ref-dropped', '/x-see'],
      ]);
    }
  });

  it('gives up on an object used at two places, which the analysis reports at each', () => {
    const shared = { type: 'string', 'x-see': { $ref: '#/$defs/A' } };
    const schema = { properties: { a: shared, b: shared }, $defs: { A: {} } };
    expect(inlined(schema)).toBeUndefined();
    const analysed = analyseDocument(schema, '2020-12', resolveOptions({}));
    expect(analysed.diagnostics.map((d) => d.pointer)).toStrictEqual([
      '/properties/a/x-see',
      '/properties/b/x-see',
    ]);
  });

  it('answers as the analysis for containers of definitions, data and non-string $refs', () => {
    const ref = { $ref: '#/components/schemas/B' };
    const schema = {
      properties: {
        a: { $ref: '#/components/schemas/A' },
        data: { const: ref, enum: [[ref]], default: ref, examples: [ref], example: ref },
        other: { 'x-number': { $ref: 1 }, 'x-string': '#/components/schemas/B' },
      },
      // A container whose definitions hold $refs: dropped as a container, nothing to report.
      components: {
        schemas: { A: { items: ref }, B: { type: 'string' } },
      },
    };
    expect(inlined(schema)).toStrictEqual({
      properties: {
        a: { items: { type: 'string' } },
        data: { const: ref, enum: [[ref]], default: ref, examples: [ref], example: ref },
        other: { 'x-number': { $ref: 1 }, 'x-string': '#/components/schemas/B' },
      },
    });
  });
});
