import { describe, expect, it } from 'vitest';
import { compileFresh } from '../../test/helpers/ajv.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { JsonSchema } from '../types/index.ts';
import { dereference } from './dereference.ts';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

describe('dereference', () => {
  it('writes an empty enum (ArkType lists never so) as not: {}, which Ajv compiles, on both roads', () => {
    const never = { enum: [] };
    const acyclic = dereference({ type: 'object', properties: { legacy: never } }).schema;
    expect(acyclic).toStrictEqual({ type: 'object', properties: { legacy: { not: {} } } });
    const cyclic = dereference({
      properties: { n: { $ref: '#/$defs/N' } },
      $defs: { N: { properties: { legacy: never, n: { $ref: '#/$defs/N' } } } },
    }).schema;
    expect(cyclic).toStrictEqual({
      properties: { n: { $ref: '#/$defs/N' } },
      $defs: { N: { properties: { legacy: { not: {} }, n: { $ref: '#/$defs/N' } } } },
    });
    expect(never).toStrictEqual({ enum: [] });
  });

  describe('where references are resolved', () => {
    it('inlines a $defs reference and removes the unused $defs', () => {
      const { schema, diagnostics } = dereference({
        type: 'object',
        properties: { user: { $ref: '#/$defs/User' } },
        $defs: { User: { type: 'object', properties: { name: { type: 'string' } } } },
      });
      expect(schema).toStrictEqual({
        type: 'object',
        properties: { user: { type: 'object', properties: { name: { type: 'string' } } } },
      });
      expect(diagnostics).toStrictEqual([]);
    });

    it('treats const, enum, default, examples and example as data; unknown keywords with a $ref go', () => {
      const data = { $ref: '#/$defs/A' };
      const input = {
        type: 'object',
        const: data,
        enum: [data],
        default: data,
        examples: [data],
        example: data,
        'x-meta': data,
        unknownKeyword: { properties: { a: data } },
        $defs: { A: { type: 'string' } },
      };
      const { schema, diagnostics } = dereference(input);
      expect(schema).toStrictEqual({
        type: 'object',
        const: data,
        enum: [data],
        default: data,
        examples: [data],
        example: data,
      });
      expect(diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
        ['annotation-ref-dropped', '/unknownKeyword'],
        ['annotation-ref-dropped', '/x-meta'],
      ]);
    });

    it('keeps properties named $ref, $defs, __proto__ and constructor as own data properties', () => {
      const input = JSON.parse(
        '{"type":"object","properties":{"$ref":{"type":"string"},"$defs":{"$ref":"#/$defs/N"},"__proto__":{"$ref":"#/$defs/N"},"constructor":{"type":"boolean"}},"$defs":{"N":{"type":"number"}}}',
      );
      const { schema } = dereference(input);
      const properties = (schema as { properties: Record<string, unknown> }).properties;
      expect(Object.keys(properties)).toStrictEqual(['$ref', '$defs', '__proto__', 'constructor']);
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toStrictEqual({
        type: 'number',
      });
      expect(properties.$defs).toStrictEqual({ type: 'number' });
      expect(({} as Record<string, unknown>).type).toBeUndefined();
    });

    it('follows every applicator keyword', () => {
      const A = { $ref: '#/$defs/A' };
      const input = {
        properties: { p: A },
        patternProperties: { '^x': A },
        additionalProperties: A,
        items: A,
        prefixItems: [A],
        contains: A,
        allOf: [A],
        anyOf: [A],
        oneOf: [A],
        not: A,
        if: A,
        then: A,
        else: A,
        dependentSchemas: { d: A },
        propertyNames: A,
        unevaluatedProperties: A,
        unevaluatedItems: A,
        $defs: { A: { minimum: 1 } },
      };
      const { schema } = dereference(input);
      expect(JSON.stringify(schema)).not.toContain('$ref');
      expect(JSON.stringify(schema)).not.toContain('$defs');
      expect((schema as Record<string, unknown>).dependentSchemas).toStrictEqual({
        d: { minimum: 1 },
      });
    });

    it('follows draft-07 items arrays, additionalItems and the schema form of dependencies', () => {
      const input = {
        $schema: DRAFT_07,
        items: [{ $ref: '#/definitions/A' }],
        additionalItems: { $ref: '#/definitions/A' },
        dependencies: { a: { $ref: '#/definitions/A' }, b: ['a'] },
        definitions: { A: { type: 'integer' } },
      };
      expect(dereference(input).schema).toStrictEqual({
        $schema: DRAFT_07,
        items: [{ type: 'integer' }],
        additionalItems: { type: 'integer' },
        dependencies: { a: { type: 'integer' }, b: ['a'] },
      });
    });
  });

  describe('where references point', () => {
    it.each([
      ['#/definitions/A', { definitions: { A: { type: 'string' } } }],
      ['#/items/prefixItems/0', { items: { prefixItems: [{ type: 'string' }] } }],
      ['#/$defs/A/properties/b', { $defs: { A: { properties: { b: { type: 'string' } } } } }],
      ['#/allOf/1', { allOf: [{}, { type: 'string' }] }],
      ['#/$defs/a~1b', { $defs: { 'a/b': { type: 'string' } } }],
      ['#/$defs/a~0b', { $defs: { 'a~b': { type: 'string' } } }],
      ['#/$defs/a%25b', { $defs: { 'a%b': { type: 'string' } } }],
      ['#/$defs/with%20space', { $defs: { 'with space': { type: 'string' } } }],
      ['#/$defs/%7E1', { $defs: { '/': { type: 'string' } } }],
      ['#/x-components/schemas/A', { 'x-components': { schemas: { A: { type: 'string' } } } }],
    ])('resolves %s', (ref, extra) => {
      const { schema, diagnostics } = dereference({
        type: 'object',
        properties: { target: { $ref: ref } },
        ...extra,
      });
      expect((schema as { properties: { target: unknown } }).properties.target).toStrictEqual({
        type: 'string',
      });
      expect(diagnostics).toStrictEqual([]);
    });

    it('resolves $anchor names', () => {
      const { schema } = dereference({
        properties: { a: { $ref: '#name' } },
        $defs: { A: { $anchor: 'name', type: 'string' } },
      });
      expect(schema).toStrictEqual({ properties: { a: { type: 'string' } } });
    });

    it('resolves refs inside an embedded $id resource against its base URI', () => {
      const { schema, diagnostics } = dereference({
        $id: 'https://example.com/root.json',
        properties: {
          a: { $ref: 'item.json' },
          b: { $ref: 'https://example.com/item.json#/$defs/inner' },
        },
        $defs: {
          Item: {
            $id: 'item.json',
            type: 'object',
            properties: { inner: { $ref: '#/$defs/inner' } },
            $defs: { inner: { type: 'integer' } },
          },
        },
      });
      expect(diagnostics).toStrictEqual([]);
      expect(schema).toStrictEqual({
        $id: 'https://example.com/root.json',
        properties: {
          a: { type: 'object', properties: { inner: { type: 'integer' } } },
          b: { type: 'integer' },
        },
      });
    });

    it('resolves draft-07 plain-name $id anchors', () => {
      const { schema } = dereference({
        $schema: DRAFT_07,
        properties: { a: { $ref: '#foo' } },
        definitions: { A: { $id: '#foo', type: 'string' } },
      });
      expect(schema).toStrictEqual({ $schema: DRAFT_07, properties: { a: { type: 'string' } } });
    });

    it('keeps a document with $dynamicRef as it is, with a diagnostic', () => {
      const input = {
        $dynamicAnchor: 'node',
        properties: { a: { $dynamicRef: '#node' }, b: { $ref: '#/$defs/B' } },
        $defs: { B: { type: 'string' } },
      };
      const { schema, diagnostics } = dereference(input);
      expect(schema).toStrictEqual(input);
      expect(schema).not.toBe(input);
      expect(diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
        ['ref-dynamic', '/properties/a/$dynamicRef'],
      ]);
    });
  });

  describe('an object root over a document kept whole', () => {
    const validator = (schema: unknown) => {
      const compiled = compileFresh('2020-12', schema);
      if ('error' in compiled) throw compiled.error;
      return compiled.validate;
    };

    it('puts a root that references reach in a resource of its own, under the object root', () => {
      const input = {
        type: ['object', 'string'],
        properties: { child: { $ref: '#' }, x: { $dynamicRef: '#a' } },
        $defs: { a: { $dynamicAnchor: 'a', type: 'number' } },
      };
      const { schema, diagnostics } = dereference(input, { root: 'object' });
      expect(schema).toStrictEqual({
        type: 'object',
        allOf: [{ $id: 'urn:toolschema:root', ...input }],
      });
      expect(diagnostics.map((d) => d.code)).toStrictEqual(['ref-dynamic']);
      // `child` still takes a string, as the original root does; the root itself an object.
      // (`x` is left out: Ajv resolves a `$dynamicAnchor` only at a resource's root.)
      const validate = validator(schema);
      expect(validate({ child: 'str' })).toBe(true);
      expect(validate({ child: { child: 'str' } })).toBe(true);
      expect(validate({ child: 1 })).toBe(false);
      expect(validate('str')).toBe(false);
    });

    it('keeps a root dynamic anchor with the root, and the root $id where it has one', () => {
      const input = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.com/meta',
        $dynamicAnchor: 'meta',
        title: 'Meta',
        type: ['object', 'boolean'],
        properties: { schema: { $dynamicRef: '#meta' } },
      };
      const { schema } = dereference(input, { root: 'object' });
      const { $schema, ...rest } = input;
      expect(schema).toStrictEqual({ $schema, type: 'object', title: 'Meta', allOf: [rest] });
      const validate = validator(schema);
      expect(validate({ schema: true })).toBe(true);
      expect(validate({ schema: { schema: false } })).toBe(true);
      expect(validate({ schema: 1 })).toBe(false);
    });

    it('narrows in place a root that only JSON Pointers below it are references to', () => {
      const input = {
        type: ['object', 'string'],
        properties: { x: { $dynamicRef: '#/$defs/a' } },
        $defs: { a: { type: 'number' } },
      };
      expect(dereference(input, { root: 'object' }).schema).toStrictEqual({
        ...input,
        type: 'object',
      });
    });
  });

  describe('keywords beside $ref (2019-09 and 2020-12)', () => {
    it('merges target and siblings into one object when nothing collides', () => {
      const { schema } = dereference({
        properties: { a: { $ref: '#/$defs/A', minLength: 2 } },
        $defs: { A: { type: 'string' } },
      });
      expect(schema).toStrictEqual({ properties: { a: { type: 'string', minLength: 2 } } });
    });

    it('lets use-site annotations replace the target’s', () => {
      const { schema } = dereference({
        properties: {
          a: { $ref: '#/$defs/A', description: 'use site', title: 'T', default: 'x' },
        },
        $defs: { A: { type: 'string', description: 'definition', title: 'D' } },
      });
      expect(schema).toStrictEqual({
        properties: {
          a: { type: 'string', description: 'use site', title: 'T', default: 'x' },
        },
      });
    });

    it('uses allOf when a keyword collides', () => {
      const { schema } = dereference({
        properties: { a: { $ref: '#/$defs/A', type: 'integer', description: 'mine' } },
        $defs: { A: { type: 'number', description: 'theirs', minimum: 0 } },
      });
      expect(schema).toStrictEqual({
        properties: {
          a: { type: 'integer', description: 'mine', allOf: [{ type: 'number', minimum: 0 }] },
        },
      });
    });

    it('appends to an existing allOf', () => {
      const { schema } = dereference({
        properties: { a: { $ref: '#/$defs/A', allOf: [{ minimum: 1 }] } },
        $defs: { A: { allOf: [{ maximum: 5 }] } },
      });
      expect(schema).toStrictEqual({
        properties: { a: { allOf: [{ minimum: 1 }, { allOf: [{ maximum: 5 }] }] } },
      });
    });

    it('does not merge additionalProperties with the other side’s properties', () => {
      const { schema } = dereference({
        properties: {
          a: { $ref: '#/$defs/Closed', properties: { extra: { type: 'string' } } },
        },
        $defs: { Closed: { properties: { id: { type: 'string' } }, additionalProperties: false } },
      });
      expect(schema).toStrictEqual({
        properties: {
          a: {
            properties: { extra: { type: 'string' } },
            allOf: [{ properties: { id: { type: 'string' } }, additionalProperties: false }],
          },
        },
      });
    });

    it('merges disjoint properties and unions required', () => {
      const { schema } = dereference({
        properties: {
          a: { $ref: '#/$defs/Base', properties: { b: {} }, required: ['b', 'a'] },
        },
        $defs: { Base: { type: 'object', properties: { a: {} }, required: ['a'] } },
      });
      expect(schema).toStrictEqual({
        properties: {
          a: { type: 'object', properties: { a: {}, b: {} }, required: ['a', 'b'] },
        },
      });
    });

    it('never merges into a target that has unevaluatedProperties', () => {
      const { schema } = dereference({
        $ref: '#/$defs/Strict',
        properties: { extra: true },
        $defs: { Strict: { properties: { id: true }, unevaluatedProperties: false } },
      });
      expect(schema).toStrictEqual({
        properties: { extra: true },
        allOf: [{ properties: { id: true }, unevaluatedProperties: false }],
      });
    });

    it.each([
      ['if/then/else', { if: { minimum: 1 } }, { then: { maximum: 9 } }],
      ['items/prefixItems', { prefixItems: [{}] }, { items: false }],
      ['contains/minContains', { contains: { type: 'string' } }, { minContains: 2 }],
    ])('keeps the %s group apart', (_name, target, siblings) => {
      const { schema } = dereference({
        properties: { a: { $ref: '#/$defs/T', ...siblings } },
        $defs: { T: target },
      });
      expect(schema).toStrictEqual({ properties: { a: { ...siblings, allOf: [target] } } });
    });

    it('leaves out an OpenAPI nullable beside a $ref, so it never lands beside the target type', () => {
      // `nullable` modifies only the `type` of its own object (OpenAPI 3.0.3): beside a `$ref` it
      // asserts nothing (Ajv refuses to compile it), and merged into a typed target it would start
      // to accept null. The acyclic pass and the full emit (a cycle elsewhere) write the same.
      const owner = { type: 'object', properties: { login: { type: 'string' } } };
      const mergedOwner = { ...owner, description: 'd' };
      expect(
        dereference({
          properties: { owner: { $ref: '#/$defs/Owner', nullable: true, description: 'd' } },
          $defs: { Owner: owner },
        }),
      ).toStrictEqual({ schema: { properties: { owner: mergedOwner } }, diagnostics: [] });
      const node = { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } };
      expect(
        dereference({
          properties: {
            owner: { $ref: '#/$defs/Owner', nullable: true, description: 'd' },
            node: { $ref: '#/$defs/Node' },
          },
          $defs: { Owner: owner, Node: node },
        }),
      ).toStrictEqual({
        schema: {
          properties: { owner: mergedOwner, node: { $ref: '#/$defs/Node' } },
          $defs: { Node: node },
        },
        diagnostics: [],
      });
    });

    it('applies a boolean target: true vanishes, false stays restrictive', () => {
      const { schema } = dereference({
        properties: {
          yes: { $ref: '#/$defs/Yes', minimum: 1 },
          no: { $ref: '#/$defs/No', description: 'never' },
          bare: { $ref: '#/$defs/No' },
        },
        $defs: { Yes: true, No: false },
      });
      expect(schema).toStrictEqual({
        properties: { yes: { minimum: 1 }, no: { not: {}, description: 'never' }, bare: false },
      });
    });
  });

  describe('keywords beside $ref (draft-07 and earlier)', () => {
    it('drops validation siblings with a diagnostic and keeps annotations', () => {
      const { schema, diagnostics } = dereference({
        $schema: DRAFT_07,
        properties: { a: { $ref: '#/definitions/A', maxLength: 1, description: 'mine' } },
        definitions: { A: { type: 'string', description: 'theirs' } },
      });
      expect(schema).toStrictEqual({
        $schema: DRAFT_07,
        properties: { a: { type: 'string', description: 'mine' } },
      });
      expect(diagnostics).toStrictEqual([
        {
          code: 'ref-siblings-ignored',
          pointer: '/properties/a',
          message: 'In draft-07, keywords beside $ref are ignored; dropped: maxLength.',
        },
      ]);
    });

    it('drops an OpenAPI nullable beside $ref with the other siblings', () => {
      const { schema, diagnostics } = dereference({
        $schema: DRAFT_07,
        properties: { owner: { $ref: '#/definitions/Owner', nullable: true } },
        definitions: { Owner: { type: 'object' } },
      });
      expect(schema).toStrictEqual({
        $schema: DRAFT_07,
        properties: { owner: { type: 'object' } },
      });
      expect(diagnostics).toStrictEqual([
        {
          code: 'ref-siblings-ignored',
          pointer: '/properties/owner',
          message: 'In draft-07, keywords beside $ref are ignored; dropped: nullable.',
        },
      ]);
    });

    it('takes the dialect from the option when $schema is absent, $schema first', () => {
      const input = {
        properties: { a: { $ref: '#/definitions/A', maxLength: 1 } },
        definitions: { A: { type: 'string' } },
      };
      expect(dereference(input, { dialect: 'draft-07' }).schema).toStrictEqual({
        properties: { a: { type: 'string' } },
      });
      expect(
        dereference(
          { ...input, $schema: 'https://json-schema.org/draft/2020-12/schema' },
          {
            dialect: 'draft-07',
          },
        ).schema,
      ).toStrictEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        properties: { a: { type: 'string', maxLength: 1 } },
      });
    });
  });

  describe('keywords that mean one thing but that validators refuse to compile', () => {
    /** Compiles with Ajv as clients run it (the MCP SDKs: `strict: false`, no meta-schema check). */
    const compiles = (schema: unknown, draft: '2020-12' | 'draft-07' = '2020-12') => {
      const compiled = compileFresh(draft, schema);
      if ('error' in compiled) throw compiled.error;
      return compiled.validate;
    };
    /** A document whose cycle sends the pass through the full analysis, not the single walk. */
    const withCycle = (properties: Record<string, unknown>) => ({
      type: 'object',
      properties: { ...properties, node: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
    });
    const cycleOutput = {
      node: { $ref: '#/$defs/Node' },
    };

    it('leaves out `nullable` without a `type`, which changes no verdict, unreported', () => {
      const owner = { type: 'object', properties: { login: { type: 'string' } } };
      const properties = {
        wrapped: { allOf: [{ $ref: '#/$defs/Owner' }], nullable: true },
        union: { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
        listed: { enum: ['a', null], nullable: true },
        branch: { anyOf: [{ type: 'string' }, { type: 'null' }], nullable: true },
        bare: { nullable: true, description: 'anything' },
        typed: { type: 'string', nullable: true },
        contradicted: { type: ['string', 'null'], nullable: false },
      };
      const input = { type: 'object', properties, $defs: { Owner: owner } };
      expect('error' in compileFresh('2020-12', input)).toBe(true);
      const { schema, diagnostics } = dereference(input);
      expect(schema).toStrictEqual({
        type: 'object',
        properties: {
          wrapped: { allOf: [owner] },
          union: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          listed: { enum: ['a', null] },
          branch: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          bare: { description: 'anything' },
          // Beside its own `type`, it is OpenAPI's "or null", which Ajv reads: kept.
          typed: { type: 'string', nullable: true },
          contradicted: { type: ['string', 'null'] },
        },
      });
      expect(diagnostics).toStrictEqual([]);
      const validate = compiles(schema);
      expect(validate({ wrapped: { login: 'a' }, union: 1, listed: null, branch: null })).toBe(
        true,
      );
      expect(validate({ wrapped: null })).toBe(false);
      expect(validate({ union: null })).toBe(false);
      // The full analysis writes the same, a cycle elsewhere in the document.
      const full = dereference({
        ...withCycle(properties),
        $defs: { ...withCycle({}).$defs, Owner: owner },
      });
      expect(full.schema).toStrictEqual({
        type: 'object',
        properties: { ...(schema as { properties: object }).properties, ...cycleOutput },
        $defs: withCycle({}).$defs,
      });
      expect(full.diagnostics).toStrictEqual(diagnostics);
      compiles(full.schema);
    });

    it("writes draft-04's boolean exclusive bounds as numbers, outside draft-04", () => {
      const properties = {
        above: { type: 'number', minimum: 0, exclusiveMinimum: true },
        below: { type: 'integer', maximum: 10, exclusiveMaximum: false },
        both: { minimum: 1, maximum: 2, exclusiveMinimum: true, exclusiveMaximum: true },
      };
      const input = { type: 'object', properties };
      expect('error' in compileFresh('2020-12', input)).toBe(true);
      const numeric = {
        above: { type: 'number', exclusiveMinimum: 0 },
        below: { type: 'integer', maximum: 10 },
        both: { exclusiveMinimum: 1, exclusiveMaximum: 2 },
      };
      for (const [document, output] of [
        [input, { type: 'object', properties: numeric }],
        [withCycle(properties), { ...withCycle({}), properties: { ...numeric, ...cycleOutput } }],
      ] as const) {
        const { schema, diagnostics } = dereference(document);
        expect(schema).toStrictEqual(output);
        expect(diagnostics.map(({ code, pointer }) => [code, pointer])).toStrictEqual([
          ['bounds-draft-04', '/properties/above/exclusiveMinimum'],
          ['bounds-draft-04', '/properties/below/exclusiveMaximum'],
          ['bounds-draft-04', '/properties/both/exclusiveMaximum'],
          ['bounds-draft-04', '/properties/both/exclusiveMinimum'],
        ]);
        const validate = compiles(schema);
        expect(validate({ above: 0 })).toBe(false);
        expect(validate({ above: 0.5, below: 10, both: 1.5 })).toBe(true);
        expect(validate({ both: 2 })).toBe(false);
      }
      // In draft-04 itself the boolean is what the dialect says: kept.
      const draft04 = { $schema: 'http://json-schema.org/draft-04/schema#', ...input };
      expect(dereference(draft04)).toStrictEqual({ schema: draft04, diagnostics: [] });
    });

    it('writes a pattern in the form that compiles with the u flag, matching the same strings', () => {
      const properties = {
        email: { type: 'string', pattern: '^[\\w-.]+@[\\w-.]+$' },
        time: { type: 'string', pattern: '^\\d\\d\\:\\d\\d$' },
        plain: { type: 'string', pattern: '^[a-z]+$' },
      };
      const rewritten = {
        email: { type: 'string', pattern: '^[\\w\\-.]+@[\\w\\-.]+$' },
        time: { type: 'string', pattern: '^\\d\\d:\\d\\d$' },
        plain: { type: 'string', pattern: '^[a-z]+$' },
      };
      for (const [document, output] of [
        [
          { type: 'object', properties },
          { type: 'object', properties: rewritten },
        ],
        [withCycle(properties), { ...withCycle({}), properties: { ...rewritten, ...cycleOutput } }],
      ] as const) {
        // Exact: the same strings match, so nothing is reported.
        expect(dereference(document)).toStrictEqual({ schema: output, diagnostics: [] });
      }
      for (const [name, { pattern }] of Object.entries(properties)) {
        const written = rewritten[name as keyof typeof rewritten].pattern;
        for (const text of ['a-b.c@d-e.f', 'a:b@c', '12:30', '12\\:30', 'abc', 'a b@c', '-@-'])
          expect(new RegExp(written, 'u').test(text)).toBe(new RegExp(pattern).test(text));
      }
      compiles({ type: 'object', properties: rewritten });
    });

    it('keeps a pattern with no sure u form as written, and says so', () => {
      const input = {
        type: 'object',
        properties: { code: { type: 'string', pattern: '(?i)^ab$' } },
      };
      expect(dereference(input)).toStrictEqual({
        schema: input,
        diagnostics: [
          {
            code: 'pattern-not-unicode',
            pointer: '/properties/code/pattern',
            message: expect.stringContaining('"(?i)^ab$" does not compile'),
          },
        ],
      });
    });

    it("with foreignPatterns 'drop', leaves such a pattern out, on both roads, and says so", () => {
      const properties = {
        code: { type: 'string', pattern: '(?i)^ab$', maxLength: 8 },
        time: { type: 'string', pattern: '^\\d\\d\\:\\d\\d$' },
      };
      const written = {
        code: { type: 'string', maxLength: 8 },
        time: { type: 'string', pattern: '^\\d\\d:\\d\\d$' },
      };
      for (const [document, output] of [
        [
          { type: 'object', properties },
          { type: 'object', properties: written },
        ],
        [withCycle(properties), { ...withCycle({}), properties: { ...written, ...cycleOutput } }],
      ] as const) {
        const { schema, diagnostics } = dereference(document, { foreignPatterns: 'drop' });
        expect(schema).toStrictEqual(output);
        expect(diagnostics).toStrictEqual([
          {
            code: 'pattern-dropped',
            pointer: '/properties/code/pattern',
            message: expect.stringContaining('"(?i)^ab$" does not compile'),
          },
        ]);
        compiles(schema);
      }
    });

    it('leaves data alone: a property named nullable, a const or enum value', () => {
      const input = {
        type: 'object',
        properties: { nullable: { type: 'boolean' }, pattern: { const: { pattern: '\\:' } } },
        default: { nullable: true, exclusiveMinimum: true },
      };
      expect(dereference(input)).toStrictEqual({ schema: input, diagnostics: [] });
    });

    it('does not mutate the input', () => {
      const input = {
        type: 'object',
        properties: { a: { nullable: true, minimum: 1, exclusiveMinimum: true, pattern: '\\:' } },
      };
      const before = structuredClone(input);
      const { schema } = dereference(input);
      expect(input).toStrictEqual(before);
      expect(schema).toStrictEqual({
        type: 'object',
        properties: { a: { exclusiveMinimum: 1, pattern: ':' } },
      });
    });
  });

  describe('cycles', () => {
    const tree = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: {
            label: { $ref: '#/$defs/Label' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
        Label: { type: 'string', maxLength: 20 },
      },
    };
    const node = {
      type: 'object',
      properties: {
        label: { type: 'string', maxLength: 20 },
        children: { type: 'array', items: { $ref: '#/$defs/Node' } },
      },
    };

    it('keeps refs into cyclic definitions and inlines acyclic definitions inside them', () => {
      expect(dereference(tree)).toStrictEqual({
        schema: {
          type: 'object',
          properties: { root: { $ref: '#/$defs/Node' } },
          $defs: { Node: node },
        },
        diagnostics: [],
      });
    });

    it('is idempotent: a second pass over its output changes nothing', () => {
      const once = dereference(tree).schema;
      expect(dereference(once).schema).toStrictEqual(once);
      const root = dereference({ type: 'object', properties: { next: { $ref: '#' } } }).schema;
      expect(dereference(root).schema).toStrictEqual(root);
    });

    it('keeps whole strongly connected components, independent of key order', () => {
      const a = { properties: { b: { $ref: '#/$defs/B' } } };
      const b = { properties: { a: { $ref: '#/$defs/A' } } };
      const first = dereference({
        properties: { x: { $ref: '#/$defs/A' } },
        $defs: { A: a, B: b },
      });
      const second = dereference({
        $defs: { B: b, A: a },
        properties: { x: { $ref: '#/$defs/A' } },
      });
      expect(first.schema).toStrictEqual({
        properties: { x: { $ref: '#/$defs/A' } },
        $defs: {
          A: { properties: { b: { $ref: '#/$defs/B' } } },
          B: { properties: { a: { $ref: '#/$defs/A' } } },
        },
      });
      expect(JSON.stringify(second.schema.valueOf())).toBe(JSON.stringify(first.schema));
    });

    it('names a root self-reference in $defs', () => {
      const { schema } = dereference({
        type: 'object',
        properties: { next: { $ref: '#' } },
      });
      expect(schema).toStrictEqual({
        type: 'object',
        properties: { next: { $ref: '#/$defs/Root' } },
        $defs: { Root: { type: 'object', properties: { next: { $ref: '#/$defs/Root' } } } },
      });
    });

    it('uses definitions for the kept entries in draft-07', () => {
      const { schema } = dereference({
        $schema: DRAFT_07,
        properties: { next: { $ref: '#' } },
      });
      expect(schema).toStrictEqual({
        $schema: DRAFT_07,
        properties: { next: { $ref: '#/definitions/Root' } },
        definitions: { Root: { properties: { next: { $ref: '#/definitions/Root' } } } },
      });
    });

    it("throws a ToolSchemaError with code 'cycle' naming the definitions with cycles: 'throw'", () => {
      const call = () => dereference(tree, { cycles: 'throw' });
      expect(call).toThrow(ToolSchemaError);
      expect(call).toThrow(/#\/\$defs\/Node/);
      try {
        call();
      } catch (error) {
        expect((error as ToolSchemaError).code).toBe('cycle');
      }
    });

    it('unrolls n levels, then emits a permissive schema with a diagnostic', () => {
      const { schema, diagnostics } = dereference(
        { type: 'object', properties: { next: { $ref: '#' }, v: { type: 'integer' } } },
        { cycles: { unroll: 2 } },
      );
      expect(schema).toStrictEqual({
        type: 'object',
        properties: {
          next: {
            type: 'object',
            properties: {
              next: { type: 'object', properties: { next: {}, v: { type: 'integer' } } },
              v: { type: 'integer' },
            },
          },
          v: { type: 'integer' },
        },
      });
      expect(diagnostics.map((d) => d.code)).toStrictEqual(['cycle-unrolled']);
    });
  });

  describe('unresolvable and external references', () => {
    const input = {
      properties: {
        missing: { $ref: '#/$defs/Missing', description: 'kept' },
        remote: { $ref: 'https://example.com/schema.json#/x' },
      },
    };

    it('replaces them by a permissive schema plus siblings, with diagnostics', () => {
      const { schema, diagnostics } = dereference(input);
      expect(schema).toStrictEqual({
        properties: { missing: { description: 'kept' }, remote: {} },
      });
      expect(diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
        ['ref-unresolved', '/properties/missing/$ref'],
        ['ref-external', '/properties/remote/$ref'],
      ]);
    });

    it('keeps them with unresolved: keep', () => {
      const { schema, diagnostics } = dereference(input, { unresolved: 'keep' });
      expect(schema).toStrictEqual(input);
      expect(diagnostics).toHaveLength(2);
    });

    it('throws with unresolved: throw', () => {
      expect(() => dereference(input, { unresolved: 'throw' })).toThrow(
        expect.objectContaining({ code: 'ref-unresolved', pointer: '/properties/missing/$ref' }),
      );
    });

    it('never fetches', () => {
      const original = globalThis.fetch;
      let calls = 0;
      globalThis.fetch = (() => {
        calls++;
        throw new Error('no network');
      }) as typeof fetch;
      try {
        dereference({ $ref: 'https://example.com/a.json' });
        dereference({ $ref: 'file:///etc/passwd' });
      } finally {
        globalThis.fetch = original;
      }
      expect(calls).toBe(0);
    });
  });

  describe('boolean schemas and containers', () => {
    it('keeps boolean roots and subschemas', () => {
      expect(dereference(true).schema).toBe(true);
      expect(dereference(false).schema).toBe(false);
      expect(dereference({ properties: { a: false, b: true } }).schema).toStrictEqual({
        properties: { a: false, b: true },
      });
    });

    it('does not throw on null or array containers', () => {
      const { schema } = dereference({ $defs: null, definitions: [], properties: null } as never);
      expect(schema).toStrictEqual({ properties: null });
    });

    it('removes $defs at every level once unused', () => {
      const { schema } = dereference({
        properties: { a: { $defs: { X: {} }, type: 'string' } },
        definitions: { Y: {} },
      });
      expect(schema).toStrictEqual({ properties: { a: { type: 'string' } } });
    });

    it('rejects a root that is no schema', () => {
      expect(() => dereference('nope' as never)).toThrow(
        expect.objectContaining({ code: 'invalid-schema' }),
      );
    });
  });

  describe('root: object', () => {
    it('adds type object to a typeless root', () => {
      expect(dereference({ properties: {} }, { root: 'object' }).schema).toStrictEqual({
        type: 'object',
        properties: {},
      });
    });

    it('falls back to a permissive object for another root type, with a diagnostic', () => {
      const { schema, diagnostics } = dereference(
        { type: 'string', description: 'd' },
        { root: 'object' },
      );
      expect(schema).toStrictEqual({ type: 'object', description: 'd' });
      expect(diagnostics.map((d) => d.code)).toStrictEqual(['root-not-object']);
    });

    it('turns boolean roots into object schemas', () => {
      expect(dereference(true, { root: 'object' }).schema).toStrictEqual({ type: 'object' });
      expect(dereference(false, { root: 'object' }).schema).toStrictEqual({
        type: 'object',
        not: {},
      });
    });
  });

  describe('containers of definitions', () => {
    const pet = { type: 'object', properties: { name: { type: 'string' } } };

    it("drops OpenAPI's components once every $ref into it is inlined (the single walk)", () => {
      const openApi = {
        type: 'object',
        properties: { pet: { $ref: '#/components/schemas/Pet' } },
        components: {
          schemas: { Pet: pet, Unused: { type: 'integer' } },
          securitySchemes: { key: { type: 'apiKey' } },
        },
      };
      expect(dereference(openApi)).toStrictEqual({
        schema: { type: 'object', properties: { pet } },
        diagnostics: [],
      });
    });

    it('keeps a recursive definition under $defs and drops the container (the analysis)', () => {
      const node = {
        type: 'object',
        properties: { next: { $ref: '#/components/schemas/Node' } },
      };
      expect(
        dereference({
          properties: { head: { $ref: '#/components/schemas/Node' } },
          components: { schemas: { Node: node } },
        }).schema,
      ).toStrictEqual({
        properties: { head: { $ref: '#/$defs/Node' } },
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      });
    });

    it('keeps what a dialect defines, what no $ref pointed into, and what a kept $ref still needs', () => {
      // `properties` validates: a $ref into it leaves it in place.
      expect(
        dereference({ properties: { a: pet, b: { $ref: '#/properties/a' } } }).schema,
      ).toStrictEqual({ properties: { a: pet, b: pet } });
      // Extension data nothing pointed into stays.
      expect(dereference({ type: 'object', 'x-components': { A: pet } }).schema).toStrictEqual({
        type: 'object',
        'x-components': { A: pet },
      });
      // unresolved: 'keep' leaves a $ref into the container: it stays.
      const kept = dereference(
        {
          properties: {
            a: { $ref: '#/components/schemas/Pet' },
            b: { $ref: '#/components/schemas/Missing' },
          },
          components: { schemas: { Pet: pet } },
        },
        { unresolved: 'keep' },
      );
      expect(kept.schema).toStrictEqual({
        properties: { a: pet, b: { $ref: '#/components/schemas/Missing' } },
        components: { schemas: { Pet: pet } },
      });
    });
  });

  describe('keywords no dialect defines that hold a $ref', () => {
    /** The `[code, pointer]` of each diagnostic. */
    const codes = (result: { diagnostics: { code: string; pointer: string }[] }) =>
      result.diagnostics.map((d) => [d.code, d.pointer]);

    for (const [dialect, defs] of [
      ['http://json-schema.org/draft-07/schema#', 'definitions'],
      ['https://json-schema.org/draft/2020-12/schema', '$defs'],
    ] as const) {
      it(`leaves out a misplaced property whose $ref would dangle (${defs})`, () => {
        // SchemaStore's cloudify: `name` was meant to stand under `properties`.
        const input = {
          $schema: dialect,
          type: 'object',
          properties: {
            inputs: {
              type: 'object',
              name: { $ref: `#/${defs}/name` },
              properties: { kind: { $ref: `#/${defs}/name` } },
            },
          },
          [defs]: { name: { type: 'string', minLength: 1 } },
        };
        const before = structuredClone(input);
        expect(dereference(input)).toStrictEqual({
          schema: {
            $schema: dialect,
            type: 'object',
            properties: {
              inputs: { type: 'object', properties: { kind: { type: 'string', minLength: 1 } } },
            },
          },
          diagnostics: [
            {
              code: 'annotation-ref-dropped',
              pointer: '/properties/inputs/name',
              message: `The keyword "name" is defined by no JSON Schema dialect, so it asserts nothing; it was left out because its value holds $ref "#/${defs}/name", which would dangle for clients that follow every $ref (the output keeps no definitions but those a cycle needs).`,
            },
          ],
        });
        expect(input).toStrictEqual(before);
      });
    }

    it("drops OpenAPI's discriminator when its mapping names schemas (Pydantic's tagged unions), on both roads", () => {
      // What Pydantic (the MCP Python SDK's MCPServer) lists for `Annotated[Cat | Dog, Field(discriminator='kind')]`.
      const cat = { type: 'object', properties: { kind: { const: 'cat' } }, required: ['kind'] };
      const dog = { type: 'object', properties: { kind: { const: 'dog' } }, required: ['kind'] };
      const tagged = {
        discriminator: {
          propertyName: 'kind',
          mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' },
        },
        oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
      };
      const input = { type: 'object', properties: { pet: tagged }, $defs: { Cat: cat, Dog: dog } };
      const before = structuredClone(input);
      const acyclic = dereference(input);
      expect(acyclic.schema).toStrictEqual({
        type: 'object',
        properties: { pet: { oneOf: [cat, dog] } },
      });
      expect(acyclic.diagnostics).toStrictEqual([
        {
          code: 'annotation-ref-dropped',
          pointer: '/properties/pet/discriminator',
          message:
            'The keyword "discriminator" is defined by no JSON Schema dialect, so it asserts nothing; it was left out because its value holds $ref "#/$defs/Cat", which would dangle for clients that follow every $ref (the output keeps no definitions but those a cycle needs).',
        },
      ]);
      expect(input).toStrictEqual(before);
      // A recursive union (a filter expression) takes the full analysis.
      const recursive = dereference({
        $ref: '#/$defs/Filter',
        $defs: {
          Filter: {
            discriminator: { propertyName: 'op', mapping: { not: '#/$defs/Not', eq: 'Eq' } },
            oneOf: [{ $ref: '#/$defs/Not' }, { properties: { op: { const: 'eq' } } }],
          },
          Not: { properties: { op: { const: 'not' }, clause: { $ref: '#/$defs/Filter' } } },
        },
      });
      expect(JSON.stringify(recursive.schema)).not.toContain('discriminator');
      expect(codes(recursive)).toStrictEqual([
        ['annotation-ref-dropped', '/$defs/Filter/discriminator'],
      ]);
      // Without a mapping it names no schema, and an instance keeps its value.
      const kept = {
        type: 'object',
        discriminator: { propertyName: 'kind' },
        const: { discriminator: { mapping: { a: '#/$defs/A' } } },
        properties: { discriminator: { type: 'string' } },
        oneOf: [cat, dog],
      };
      expect(dereference(kept)).toStrictEqual({ schema: kept, diagnostics: [] });
    });

    it('does so on the full analysis too (a cycle), where definitions stay under $defs', () => {
      const input = {
        type: 'object',
        properties: { head: { $ref: '#/$defs/Node' } },
        'x-see': { $ref: '#/$defs/Node' },
        $defs: {
          Node: {
            type: 'object',
            properties: { next: { $ref: '#/$defs/Node' } },
            'x-related': [{ $ref: '#/$defs/Other' }],
          },
          Other: { type: 'string' },
        },
      };
      const before = structuredClone(input);
      const result = dereference(input);
      expect(result.schema).toStrictEqual({
        type: 'object',
        properties: { head: { $ref: '#/$defs/Node' } },
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      });
      expect(codes(result)).toStrictEqual([
        ['annotation-ref-dropped', '/$defs/Node/x-related'],
        ['annotation-ref-dropped', '/x-see'],
      ]);
      expect(input).toStrictEqual(before);
      // The root on a cycle is copied into `$defs` without the keyword too.
      const rootOnCycle = dereference({
        properties: { again: { $ref: '#' } },
        'x-see': { $ref: '#/$defs/Gone' },
      });
      expect(rootOnCycle.schema).toStrictEqual({
        properties: { again: { $ref: '#/$defs/Root' } },
        $defs: { Root: { properties: { again: { $ref: '#/$defs/Root' } } } },
      });
      expect(codes(rootOnCycle)).toStrictEqual([['annotation-ref-dropped', '/x-see']]);
    });

    it('finds a $ref at any depth of arrays and objects, at the root and deep', () => {
      const input = {
        'x-links': [[{ to: [{ many: { $ref: '#/$defs/A' } }] }]],
        properties: {
          a: {
            items: {
              properties: { b: { type: 'string', 'x-ui': [0, [1, { $ref: '#/$defs/A' }]] } },
            },
          },
        },
        $defs: { A: { type: 'integer' } },
      };
      const result = dereference(input);
      expect(result.schema).toStrictEqual({
        properties: { a: { items: { properties: { b: { type: 'string' } } } } },
      });
      expect(codes(result)).toStrictEqual([
        ['annotation-ref-dropped', '/properties/a/items/properties/b/x-ui'],
        ['annotation-ref-dropped', '/x-links'],
      ]);
      // Values JSON drops (`undefined`, a function) take the slower copy, which finds it too.
      const loose = dereference({
        properties: { a: { 'x-see': { skip: undefined, to: [{ $ref: '#/$defs/A' }, () => 1] } } },
      });
      expect(loose.schema).toStrictEqual({ properties: { a: {} } });
      expect(codes(loose)).toStrictEqual([['annotation-ref-dropped', '/properties/a/x-see']]);
      const kept = dereference({ properties: { a: { 'x-see': { skip: undefined, to: [1] } } } });
      expect(kept.schema).toStrictEqual({ properties: { a: { 'x-see': { to: [1] } } } });
    });

    it('keeps a $ref that is not a string member, and strings that only look like one', () => {
      const input = {
        properties: {
          a: {
            'x-one': { $ref: 1 },
            'x-null': [{ $ref: null }],
            'x-object': { $ref: { $ref: false } },
            'x-string': '#/$defs/A',
            'x-array': ['$ref', '#/$defs/A'],
            'x-other': { ref: '#/$defs/A', $refs: '#/$defs/A' },
          },
        },
      };
      expect(dereference(input)).toStrictEqual({ schema: input, diagnostics: [] });
    });

    it('keeps $ref-looking instances in const, enum, default, examples and known keywords', () => {
      const ref = { $ref: '#/$defs/Gone' };
      const input = {
        properties: {
          a: {
            const: ref,
            enum: [ref, [ref]],
            default: { nested: [ref] },
            examples: [ref],
            example: ref,
            description: 'plain',
          },
        },
      };
      expect(dereference(input)).toStrictEqual({ schema: input, diagnostics: [] });
    });

    it('reports nothing where the keyword does not reach the output', () => {
      // An unused definition, and a draft-07 `$ref`, whose siblings are ignored anyway.
      expect(
        dereference({ type: 'string', $defs: { Unused: { 'x-see': { $ref: '#/$defs/A' } } } }),
      ).toStrictEqual({ schema: { type: 'string' }, diagnostics: [] });
      const draft07 = dereference({
        $schema: 'http://json-schema.org/draft-07/schema#',
        properties: { a: { $ref: '#/definitions/A', 'x-see': { $ref: '#/definitions/A' } } },
        definitions: { A: { type: 'string' } },
      });
      expect(codes(draft07)).toStrictEqual([['ref-siblings-ignored', '/properties/a']]);
      // A document with $dynamicRef is kept whole, its definitions included.
      const dynamic = {
        $dynamicAnchor: 'node',
        properties: { a: { $dynamicRef: '#node' } },
        'x-see': { $ref: '#/$defs/B' },
        $defs: { B: { type: 'string' } },
      };
      expect(dereference(dynamic).schema).toStrictEqual(dynamic);
      expect(codes(dereference(dynamic))).toStrictEqual([
        ['ref-dynamic', '/properties/a/$dynamicRef'],
      ]);
    });

    it('leaves a container of definitions to its own rule', () => {
      const owner = { type: 'string' };
      const pet = { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } };
      // Every $ref into it is inlined: it goes, without this diagnostic.
      expect(
        dereference({
          properties: { pet: { $ref: '#/components/schemas/Pet' } },
          components: { schemas: { Pet: pet, Owner: owner } },
        }),
      ).toStrictEqual({
        schema: { properties: { pet: { type: 'object', properties: { owner } } } },
        diagnostics: [],
      });
      const unresolved = {
        properties: { gone: { $ref: '#/components/schemas/Missing' } },
        components: { schemas: { Pet: pet, Owner: owner } },
      };
      // Only a dangling $ref pointed into it: it holds a $ref, and goes with this diagnostic.
      expect(codes(dereference(unresolved))).toStrictEqual([
        ['annotation-ref-dropped', '/components'],
        ['ref-unresolved', '/properties/gone/$ref'],
      ]);
      expect(dereference(unresolved).schema).toStrictEqual({ properties: { gone: {} } });
      // A $ref kept as it is (`unresolved: 'keep'`) still points into it: it stays.
      const kept = dereference(unresolved, { unresolved: 'keep' });
      expect(kept.schema).toStrictEqual(unresolved);
      expect(codes(kept)).toStrictEqual([['ref-unresolved', '/properties/gone/$ref']]);
    });

    it('leaves out a keyword named __proto__ without touching any prototype', () => {
      const input = JSON.parse(
        '{"__proto__":{"$ref":"#/$defs/A"},"properties":{"a":{"type":"string","__proto__":[{"$ref":"#/$defs/A"}]}},"$defs":{"A":{}}}',
      ) as Record<string, unknown>;
      const result = dereference(input);
      expect(result.schema).toStrictEqual({ properties: { a: { type: 'string' } } });
      expect(Object.getPrototypeOf(result.schema)).toBe(Object.prototype);
      expect(codes(result)).toStrictEqual([
        ['annotation-ref-dropped', '/__proto__'],
        ['annotation-ref-dropped', '/properties/a/__proto__'],
      ]);
      expect(({} as Record<string, unknown>).$ref).toBeUndefined();
      expect(Object.hasOwn(input, '__proto__')).toBe(true);
    });
  });

  describe('names of kept definitions', () => {
    /** A recursive node as validators write it, under the given name. */
    function node(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
      return {
        type: 'object',
        ...extra,
        properties: { children: { type: 'array', items: { $ref: `#/$defs/${name}` } } },
      };
    }

    it('replaces a counter by the property that first reaches the definition', () => {
      const { schema } = dereference({
        type: 'object',
        properties: { root: { $ref: '#/$defs/__schema0' } },
        $defs: { __schema0: node('__schema0') },
      });
      expect(schema).toStrictEqual({
        type: 'object',
        properties: { root: { $ref: '#/$defs/root' } },
        $defs: { root: node('root') },
      });
    });

    it('gives the same bytes when unrelated definitions renumber the counters', () => {
      // What ArkType writes for the same type, before and after other types were defined.
      const numbered = (list: number, item: number) => ({
        $ref: '#/$defs/intersection1',
        $defs: {
          intersection1: {
            type: 'object',
            properties: { root: { $ref: `#/$defs/intersection${item}` } },
            required: ['root'],
          },
          [`intersection${item}`]: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { $ref: `#/$defs/intersection${list}` },
            },
          },
          [`intersection${list}`]: {
            type: 'array',
            items: { $ref: `#/$defs/intersection${item}` },
          },
        },
      });
      const expected = {
        type: 'object',
        properties: { root: { $ref: '#/$defs/root' } },
        required: ['root'],
        $defs: {
          children: { type: 'array', items: { $ref: '#/$defs/root' } },
          root: {
            type: 'object',
            properties: { name: { type: 'string' }, children: { $ref: '#/$defs/children' } },
          },
        },
      };
      const before = dereference(numbered(97, 99)).schema;
      const after = dereference(numbered(217, 219)).schema;
      expect(before).toStrictEqual(expected);
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    });

    it("takes a title, then the keywords on the path, then 'Root'", () => {
      const titled = dereference({
        properties: { a: { $ref: '#/$defs/0' } },
        $defs: { '0': node('0', { title: 'Tree node' }) },
      }).schema as { $defs: object };
      expect(Object.keys(titled.$defs)).toStrictEqual(['Tree_node']);
      const unnamed = dereference({
        anyOf: [{ $ref: '#/$defs/0' }, { type: 'null' }],
        $defs: { '0': node('0') },
      }).schema as { $defs: object };
      expect(Object.keys(unnamed.$defs)).toStrictEqual(['anyOf_0']);
      // A recursive root: one copy at the root (no `$ref` a model cannot follow), the cycle kept.
      const alias = dereference({ $ref: '#/$defs/0', $defs: { '0': node('0') } }).schema;
      expect(alias).toStrictEqual({ ...node('Root'), $defs: { Root: node('Root') } });
    });

    it('keeps meaningful names, also from other containers', () => {
      const { schema } = dereference({
        properties: { pet: { $ref: '#/components/schemas/Pet' }, node: { $ref: '#/$defs/Node2' } },
        $defs: { Node2: node('Node2') },
        components: {
          schemas: {
            Pet: { properties: { parent: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      });
      expect((schema as { $defs: object }).$defs).toStrictEqual({
        Node2: node('Node2'),
        Pet: { properties: { parent: { $ref: '#/$defs/Pet' } } },
      });
    });

    it('tells collisions apart in the order the root first reaches them, own names first', () => {
      const { schema } = dereference({
        properties: {
          first: { $ref: '#/$defs/1' },
          second: { $ref: '#/$defs/0' },
          named: { $ref: '#/$defs/Node' },
        },
        $defs: {
          '0': node('0', { title: 'Node' }),
          '1': node('1', { title: 'Node' }),
          Node: node('Node'),
        },
      });
      expect(schema).toStrictEqual({
        properties: {
          first: { $ref: '#/$defs/Node_2' },
          second: { $ref: '#/$defs/Node_3' },
          named: { $ref: '#/$defs/Node' },
        },
        $defs: {
          Node: node('Node'),
          Node_2: node('Node_2', { title: 'Node' }),
          Node_3: node('Node_3', { title: 'Node' }),
        },
      });
      expect(JSON.stringify(dereference(schema).schema)).toBe(JSON.stringify(schema));
    });
  });

  describe('bounds', () => {
    function fanOut(levels: number, width: number): JsonSchema {
      const $defs: Record<string, unknown> = {};
      for (let level = 0; level < levels; level++) {
        const properties: Record<string, unknown> = {};
        for (let field = 0; field < width; field++) {
          properties[`f${field}`] =
            level === levels - 1 ? { type: 'string' } : { $ref: `#/$defs/L${level + 1}` };
        }
        $defs[`L${level}`] = { type: 'object', properties };
      }
      return { $ref: '#/$defs/L0', $defs };
    }

    it('keeps exponential reuse within the byte budget with diagnostics', () => {
      const { schema, diagnostics } = dereference(fanOut(8, 8));
      expect(JSON.stringify(schema).length).toBeLessThanOrEqual(128 * 1024);
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(new Set(diagnostics.map((d) => d.code))).toStrictEqual(new Set(['budget-ref-kept']));
      const defs = (schema as { $defs: Record<string, unknown> }).$defs;
      for (const match of JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
        expect(Object.hasOwn(defs, match[1]!)).toBe(true);
      }
    });

    it('names the kept $ref as the output spells it, in draft-07 too', () => {
      const big = { type: 'object', description: 'x'.repeat(500) };
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 20; i++) properties[`p${i}`] = { $ref: '#/definitions/Big' };
      const options = { budget: { minBytes: 2000, factor: 1 } };
      for (const [$schema, keyword, estimate] of [
        [DRAFT_07, 'definitions', 10918],
        ['https://json-schema.org/draft/2020-12/schema', '$defs', 10923],
      ] as const) {
        const { schema, diagnostics } = dereference(
          { $schema, properties, definitions: { Big: big } },
          options,
        );
        expect(Object.keys(schema)).toStrictEqual(['$schema', 'properties', keyword]);
        expect(diagnostics).toStrictEqual([
          {
            code: 'budget-ref-kept',
            pointer: '/definitions/Big',
            message: `Kept as $ref "#/${keyword}/Big": inlined 20 times it would grow the output to about ${estimate} bytes, past the budget of 2000.`,
          },
        ]);
      }
    });

    it('inlines fully when the output fits the budget', () => {
      const { schema, diagnostics } = dereference(fanOut(3, 4));
      expect(diagnostics).toStrictEqual([]);
      expect(JSON.stringify(schema)).not.toContain('$ref');
    });

    it('honours a smaller budget option', () => {
      const { schema } = dereference(fanOut(4, 4), { budget: { minBytes: 1000, factor: 1 } });
      expect(JSON.stringify(schema)).toContain('$ref');
      expect(JSON.stringify(schema).length).toBeLessThanOrEqual(1000);
    });

    it('keeps a long definition chain serializable (depth bound)', () => {
      const $defs: Record<string, unknown> = {};
      for (let i = 0; i < 3000; i++) {
        $defs[`A${i}`] =
          i === 2999 ? { type: 'string' } : { properties: { next: { $ref: `#/$defs/A${i + 1}` } } };
      }
      const { schema, diagnostics } = dereference({ $ref: '#/$defs/A0', $defs });
      expect(() => JSON.stringify(schema)).not.toThrow();
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics.every((d) => d.code === 'budget-ref-kept')).toBe(true);
    });

    it('does not overflow the stack on a 50,000-deep input', () => {
      let deep: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < 50_000; i++) deep = { properties: { a: deep } };
      const { schema } = dereference(deep);
      expect(() => JSON.stringify(schema)).not.toThrow();
    });
  });

  describe('hygiene', () => {
    it('never mutates the input and shares no object with it or between branches', () => {
      const input = {
        properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'object', properties: { x: { enum: [1, 2] } } } },
      };
      const before = structuredClone(input);
      const first = dereference(input).schema as {
        properties: { a: { properties: object }; b: { properties: object } };
      };
      expect(input).toStrictEqual(before);
      expect(first.properties.a).toStrictEqual(first.properties.b);
      expect(first.properties.a).not.toBe(first.properties.b);
      expect(first.properties.a.properties).not.toBe(first.properties.b.properties);
      const second = dereference(input).schema as typeof first;
      expect(second).toStrictEqual(first);
      expect(second.properties.a).not.toBe(first.properties.a);
    });

    it('rejects JavaScript cycles with a ToolSchemaError instead of hanging', () => {
      const looped: Record<string, unknown> = { type: 'object' };
      looped.properties = { self: looped };
      expect(() => dereference(looped)).toThrow(ToolSchemaError);
      const data: Record<string, unknown> = {};
      data.self = data;
      expect(() => dereference({ const: data })).toThrow(ToolSchemaError);
    });

    it('validates options', () => {
      expect(() => dereference({}, { cycles: 'maybe' as never })).toThrow(
        expect.objectContaining({ code: 'invalid-option' }),
      );
      expect(() => dereference({}, { cycles: { unroll: -1 } })).toThrow(
        expect.objectContaining({ code: 'invalid-option' }),
      );
      expect(() => dereference({}, { budget: { maxDepth: 0 } })).toThrow(
        expect.objectContaining({ code: 'invalid-option' }),
      );
    });
  });
});
