import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesOf } from '../providerRules/profileRules.ts';
import { PROFILES, type Profile } from '../types/index.ts';
import { checkProviderSchema } from './checkProviderSchema.ts';

// Each rule has a failing case and, through the "passes" case of its profile, a passing one.
// The expected violations are written out in full: rule, pointer, message and severity.

describe('checkProviderSchema: mcp', () => {
  it('root-type-object fails on a typeless root', () => {
    expect(checkProviderSchema({ properties: {} }, 'mcp')).toStrictEqual([
      {
        rule: 'mcp/root-type-object',
        pointer: '',
        message: 'MCP requires the root to declare type "object"; found type none.',
        severity: 'error',
      },
    ]);
  });

  it('root-type-object fails on a non-object', () => {
    expect(checkProviderSchema([1, 2], 'mcp')).toStrictEqual([
      {
        rule: 'mcp/root-type-object',
        pointer: '',
        message: 'MCP requires the root to declare type "object"; found an array.',
        severity: 'error',
      },
    ]);
  });

  it('ref-target fails on definitions and nested pointers; ref-not-cyclic warns on an acyclic definition', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { $ref: '#/definitions/x' },
            b: { $ref: '#/$defs/s' },
            c: { $ref: '#/properties/b' },
            d: { $ref: 'other.json#/x' },
          },
          $defs: { s: { type: 'string' } },
          definitions: { x: { type: 'string' } },
        },
        'mcp',
      ),
    ).toStrictEqual([
      {
        rule: 'mcp/ref-target',
        pointer: '/properties/a/$ref',
        message: 'MCP resolves `$ref` only to the root\'s `$defs`; found "#/definitions/x".',
        severity: 'error',
      },
      {
        rule: 'mcp/ref-not-cyclic',
        pointer: '/properties/a/$ref',
        message:
          'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
        severity: 'warning',
      },
      {
        rule: 'mcp/ref-not-cyclic',
        pointer: '/properties/b/$ref',
        message:
          'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
        severity: 'warning',
      },
      {
        rule: 'mcp/ref-target',
        pointer: '/properties/c/$ref',
        message: 'MCP resolves `$ref` only to the root\'s `$defs`; found "#/properties/b".',
        severity: 'error',
      },
      {
        rule: 'mcp/ref-not-cyclic',
        pointer: '/properties/c/$ref',
        message:
          'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
        severity: 'warning',
      },
      {
        rule: 'mcp/ref-target',
        pointer: '/properties/d/$ref',
        message: 'MCP cannot resolve "other.json#/x" inside the schema.',
        severity: 'error',
      },
    ]);
  });

  it('dynamic-ref fails', () => {
    expect(
      checkProviderSchema({ type: 'object', properties: { a: { $dynamicRef: '#node' } } }, 'mcp'),
    ).toStrictEqual([
      {
        rule: 'mcp/dynamic-ref',
        pointer: '/properties/a/$dynamicRef',
        message: 'A self-contained schema cannot keep `$dynamicRef`.',
        severity: 'error',
      },
    ]);
  });

  it('passes on a recursive definition used from outside its cycle', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/node' } },
          $defs: {
            node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
            },
          },
        },
        'mcp',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: openai', () => {
  it('root-type-object fails on a missing type', () => {
    expect(checkProviderSchema({ properties: { a: { type: 'string' } } }, 'openai')).toStrictEqual([
      {
        rule: 'openai/root-type-object',
        pointer: '',
        message:
          'OpenAI function calling requires the root to declare type "object"; found type none.',
        severity: 'error',
      },
    ]);
  });

  it('root-combinator fails on each refused root keyword', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          oneOf: [{ required: ['a'] }],
          anyOf: [{ required: ['b'] }],
          allOf: [{}],
          enum: [{}],
          not: {},
        },
        'openai',
      ),
    ).toStrictEqual([
      {
        rule: 'openai/root-combinator',
        pointer: '/oneOf',
        message: 'OpenAI function calling refuses `oneOf` at the root.',
        severity: 'error',
      },
      {
        rule: 'openai/root-combinator',
        pointer: '/anyOf',
        message: 'OpenAI function calling refuses `anyOf` at the root.',
        severity: 'error',
      },
      {
        rule: 'openai/root-combinator',
        pointer: '/allOf',
        message: 'OpenAI function calling refuses `allOf` at the root.',
        severity: 'error',
      },
      {
        rule: 'openai/root-combinator',
        pointer: '/enum',
        message: 'OpenAI function calling refuses `enum` at the root.',
        severity: 'error',
      },
      {
        rule: 'openai/root-combinator',
        pointer: '/not',
        message: 'OpenAI function calling refuses `not` at the root.',
        severity: 'error',
      },
    ]);
  });

  it('passes on an open object with optional properties and nested combinators', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { anyOf: [{ type: 'string' }, { type: 'number' }] },
            b: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        'openai',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: openai-strict', () => {
  it('additional-properties-false fails on a missing and on an open object', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { type: 'object', properties: {}, additionalProperties: true } },
          required: ['a'],
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/additional-properties-false',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/additional-properties-false',
        pointer: '/properties/a/additionalProperties',
        message:
          'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
        severity: 'error',
      },
    ]);
  });

  it('required-every-property fails on an optional property', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { 'a/b': { type: 'string' }, c: { type: 'string' } },
          required: ['c'],
          additionalProperties: false,
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/required-every-property',
        pointer: '/properties/a~1b',
        message:
          'OpenAI strict mode (Structured Outputs) requires every property in `required` (optional means nullable); missing "a/b".',
        severity: 'error',
      },
    ]);
  });

  it('required-undeclared fails on a required name without a property', () => {
    expect(
      checkProviderSchema(
        { type: 'object', properties: {}, required: ['ghost'], additionalProperties: false },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/required-undeclared',
        pointer: '/required/0',
        message:
          'OpenAI strict mode (Structured Outputs) refuses a required property that `properties` does not declare: "ghost".',
        severity: 'error',
      },
    ]);
  });

  it('unsupported-keyword fails; fine-tuned-keyword and unlisted-keyword warn', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { type: 'string', minLength: 1, 'x-ui': 'text' },
            b: { type: 'array', items: { type: 'string' }, uniqueItems: true },
          },
          required: ['a', 'b'],
          additionalProperties: false,
          propertyNames: { pattern: '^[a-z]+$' },
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/unsupported-keyword',
        pointer: '/propertyNames',
        message: 'OpenAI strict mode (Structured Outputs) refuses `propertyNames`.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/fine-tuned-keyword',
        pointer: '/properties/a/minLength',
        message:
          'OpenAI strict mode (Structured Outputs) does not support, for fine-tuned models, `minLength`.',
        severity: 'warning',
      },
      {
        rule: 'openai-strict/unlisted-keyword',
        pointer: '/properties/a/x-ui',
        message: 'OpenAI strict mode (Structured Outputs) does not document `x-ui`.',
        severity: 'warning',
      },
      {
        rule: 'openai-strict/unsupported-keyword',
        pointer: '/properties/b/uniqueItems',
        message: 'OpenAI strict mode (Structured Outputs) refuses `uniqueItems`.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/type',
        pointer: '/propertyNames',
        message:
          'OpenAI strict mode (Structured Outputs) requires a `type` (or `anyOf`, `$ref`, `enum`, `const`).',
        severity: 'error',
      },
    ]);
  });

  it('string-format fails off the list', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            u: { type: 'string', format: 'uri' },
            d: { type: 'string', format: 'date-time' },
          },
          required: ['u', 'd'],
          additionalProperties: false,
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/string-format',
        pointer: '/properties/u/format',
        message:
          'OpenAI strict mode (Structured Outputs) supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; found "uri".',
        severity: 'error',
      },
    ]);
  });

  it('schema-object fails on a boolean subschema', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { any: true },
          required: ['any'],
          additionalProperties: false,
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/schema-object',
        pointer: '/properties/any',
        message:
          'OpenAI strict mode (Structured Outputs) requires a schema object here; found true.',
        severity: 'error',
      },
    ]);
  });

  it('type fails on a typeless and on an unknown type', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { description: 'anything' }, b: { type: 'file' }, c: { enum: ['x'] } },
          required: ['a', 'b', 'c'],
          additionalProperties: false,
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/type',
        pointer: '/properties/a',
        message:
          'OpenAI strict mode (Structured Outputs) requires a `type` (or `anyOf`, `$ref`, `enum`, `const`).',
        severity: 'error',
      },
      {
        rule: 'openai-strict/type',
        pointer: '/properties/b/type',
        message:
          'OpenAI strict mode (Structured Outputs) supports the types string, number, boolean, integer, object, array, null; found "file".',
        severity: 'error',
      },
    ]);
  });

  it('array-items fails on a missing and on a tuple items', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { type: 'array' }, b: { type: 'array', items: [{ type: 'string' }] } },
          required: ['a', 'b'],
          additionalProperties: false,
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/array-items',
        pointer: '/properties/a',
        message: 'OpenAI strict mode (Structured Outputs) requires `items` on an array schema.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/array-items',
        pointer: '/properties/b/items',
        message: 'OpenAI strict mode (Structured Outputs) refuses tuple-form `items` (an array).',
        severity: 'error',
      },
    ]);
  });

  it('ref-target and ref-siblings fail', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { $ref: '#/properties/b' },
            b: { $ref: '#/$defs/s', description: 'a string' },
            c: { $ref: '#/$defs/missing' },
          },
          required: ['a', 'b', 'c'],
          additionalProperties: false,
          $defs: { s: { type: 'string' } },
        },
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/ref-target',
        pointer: '/properties/a/$ref',
        message:
          'OpenAI strict mode (Structured Outputs) resolves `$ref` only to the root\'s `$defs` or `definitions` or `#`; found "#/properties/b".',
        severity: 'error',
      },
      {
        rule: 'openai-strict/ref-siblings',
        pointer: '/properties/b',
        message:
          'OpenAI strict mode (Structured Outputs) refuses keywords beside `$ref`: `description`.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/ref-target',
        pointer: '/properties/c/$ref',
        message:
          'OpenAI strict mode (Structured Outputs) cannot resolve "#/$defs/missing" inside the schema.',
        severity: 'error',
      },
    ]);
  });

  it('passes on a compliant schema with recursion, nullable optional fields, bounds and formats', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            name: { type: 'string', pattern: '^[a-z]+$' },
            when: { type: ['string', 'null'], format: 'date' },
            count: { type: 'integer', minimum: 0, maximum: 10 },
            tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
            kind: { anyOf: [{ type: 'string', const: 'x' }, { type: 'null' }] },
            tree: { $ref: '#/$defs/node' },
            self: { anyOf: [{ $ref: '#' }, { type: 'null' }] },
          },
          required: ['name', 'when', 'count', 'tags', 'kind', 'tree', 'self'],
          additionalProperties: false,
          $defs: {
            node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
              required: ['children'],
              additionalProperties: false,
            },
          },
        },
        'openai-strict',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: gemini', () => {
  it('root-type-object fails on a root without type', () => {
    expect(checkProviderSchema({ properties: { a: { type: 'STRING' } } }, 'gemini')).toStrictEqual([
      {
        rule: 'gemini/root-type-object',
        pointer: '',
        message: 'Gemini `parameters` requires the root to declare type "object"; found type none.',
        severity: 'error',
      },
      {
        rule: 'gemini/type',
        pointer: '',
        message: 'Gemini `parameters` requires a `type` on every schema.',
        severity: 'error',
      },
    ]);
  });

  it('unknown-field fails on keywords off the Schema message', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { type: 'string', const: 'x' },
            b: {
              type: 'object',
              properties: { c: { type: 'number', exclusiveMinimum: 0 } },
              additionalProperties: false,
            },
          },
          $defs: {},
        },
        'gemini',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini/unknown-field',
        pointer: '/$defs',
        message: 'Gemini `parameters` refuses `$defs`.',
        severity: 'error',
      },
      {
        rule: 'gemini/unknown-field',
        pointer: '/properties/a/const',
        message: 'Gemini `parameters` refuses `const`.',
        severity: 'error',
      },
      {
        rule: 'gemini/unknown-field',
        pointer: '/properties/b/additionalProperties',
        message: 'Gemini `parameters` refuses `additionalProperties`.',
        severity: 'error',
      },
      {
        rule: 'gemini/unknown-field',
        pointer: '/properties/b/properties/c/exclusiveMinimum',
        message: 'Gemini `parameters` refuses `exclusiveMinimum`.',
        severity: 'error',
      },
    ]);
  });

  it('type fails on a missing, a list, a null, an unknown type and a type beside anyOf', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { description: 'x' },
            b: { type: ['string', 'null'] },
            c: { type: 'null' },
            d: { type: 'date' },
            e: { type: 'string', anyOf: [{ type: 'string' }] },
          },
        },
        'gemini',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini/type',
        pointer: '/properties/a',
        message: 'Gemini `parameters` requires a `type` on every schema.',
        severity: 'error',
      },
      {
        rule: 'gemini/type',
        pointer: '/properties/b/type',
        message: 'Gemini `parameters` takes one type name; found an array.',
        severity: 'error',
      },
      {
        rule: 'gemini/type',
        pointer: '/properties/c/type',
        message: 'Gemini `parameters` has no null type; `nullable: true` says a value may be null.',
        severity: 'error',
      },
      {
        rule: 'gemini/type',
        pointer: '/properties/d/type',
        message:
          'Gemini `parameters` supports the types string, number, integer, boolean, array, object; found "date".',
        severity: 'error',
      },
      {
        rule: 'gemini/type',
        pointer: '/properties/e/type',
        message: 'Gemini `parameters` refuses `type` beside `anyOf`.',
        severity: 'error',
      },
    ]);
  });

  it('enum-strings fails on numbers and on a non-string type', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { type: 'integer', enum: [1, 2] },
            b: { type: 'integer', enum: ['1', '2'] },
          },
        },
        'gemini',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini/enum-strings',
        pointer: '/properties/a/enum',
        message: 'Gemini `parameters` takes `enum` only as strings, on type string.',
        severity: 'error',
      },
      {
        rule: 'gemini/enum-strings',
        pointer: '/properties/b/enum',
        message: 'Gemini `parameters` takes `enum` only as strings, on type string.',
        severity: 'error',
      },
    ]);
  });

  it('object-properties fails on an object without properties; array-items on an array without items', () => {
    expect(
      checkProviderSchema(
        { type: 'object', properties: { meta: { type: 'object' }, list: { type: 'array' } } },
        'gemini',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini/object-properties',
        pointer: '/properties/meta',
        message: 'Gemini `parameters` requires non-empty `properties` on an object.',
        severity: 'error',
      },
      {
        rule: 'gemini/array-items',
        pointer: '/properties/list',
        message: 'Gemini `parameters` requires `items` on an array.',
        severity: 'error',
      },
    ]);
  });

  it('required-undeclared fails; default-ignored warns', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { type: 'string', default: 'x' } },
          required: ['a', 'b'],
        },
        'gemini',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini/required-undeclared',
        pointer: '/required/1',
        message:
          'Gemini `parameters` refuses a required property that `properties` does not declare: "b".',
        severity: 'error',
      },
      {
        rule: 'gemini/default-ignored',
        pointer: '/properties/a/default',
        message: 'Gemini `parameters` ignores `default`.',
        severity: 'warning',
      },
    ]);
  });

  it('schema-object fails on a boolean subschema', () => {
    expect(
      checkProviderSchema({ type: 'object', properties: { a: true } }, 'gemini'),
    ).toStrictEqual([
      {
        rule: 'gemini/schema-object',
        pointer: '/properties/a',
        message: 'Gemini `parameters` requires a schema object here; found true.',
        severity: 'error',
      },
    ]);
  });

  it('passes on an OpenAPI 3.0 subset schema, upper and lower case', () => {
    expect(
      checkProviderSchema(
        {
          type: 'OBJECT',
          properties: {
            name: { type: 'string', nullable: true, format: 'date-time' },
            kind: { type: 'STRING', enum: ['a', 'b'] },
            n: { type: 'integer', minimum: 0 },
            items: {
              type: 'array',
              items: { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] },
              minItems: 1,
            },
            u: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          },
          required: ['name'],
          propertyOrdering: ['name', 'kind', 'n', 'items', 'u'],
        },
        'gemini',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: gemini-json-schema', () => {
  it('root-type-object fails on a root union', () => {
    expect(
      checkProviderSchema({ anyOf: [{ type: 'object' }] }, 'gemini-json-schema'),
    ).toStrictEqual([
      {
        rule: 'gemini-json-schema/root-type-object',
        pointer: '',
        message:
          'Gemini `parametersJsonSchema` requires the root to declare type "object"; found type none.',
        severity: 'error',
      },
    ]);
  });

  it('ref-siblings and ref-target fail', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { $ref: '#/$defs/s', title: 'A', description: 'ok', $comment: 'ok' },
            b: { $ref: '#/$defs/missing' },
          },
          $defs: { s: { type: 'string' } },
        },
        'gemini-json-schema',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini-json-schema/ref-siblings',
        pointer: '/properties/a',
        message: 'Gemini `parametersJsonSchema` refuses keywords beside `$ref`: `title`.',
        severity: 'error',
      },
      {
        rule: 'gemini-json-schema/ref-target',
        pointer: '/properties/b/$ref',
        message:
          'Gemini `parametersJsonSchema` cannot resolve "#/$defs/missing" inside the schema.',
        severity: 'error',
      },
    ]);
  });

  it('recursion-through-required fails on a required recursive property, passes through an optional one', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { required: { $ref: '#/$defs/chain' }, optional: { $ref: '#/$defs/tree' } },
          required: ['required'],
          $defs: {
            chain: {
              type: 'object',
              properties: { next: { $ref: '#/$defs/chain' } },
              required: ['next'],
            },
            tree: { type: 'object', properties: { child: { $ref: '#/$defs/tree' } } },
          },
        },
        'gemini-json-schema',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini-json-schema/recursion-through-required',
        pointer: '/$defs/chain/properties/next/$ref',
        message:
          'Gemini `parametersJsonSchema` allows a recursive reference only through a property that is not required.',
        severity: 'error',
      },
    ]);
  });

  it('one-of, enum-values and unlisted-keyword warn', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { oneOf: [{ type: 'string' }, { type: 'number' }] },
            b: { enum: [true, null] },
            c: { type: 'string', minLength: 2 },
          },
        },
        'gemini-json-schema',
      ),
    ).toStrictEqual([
      {
        rule: 'gemini-json-schema/one-of',
        pointer: '/properties/a/oneOf',
        message: 'Gemini `parametersJsonSchema` reads as `anyOf`: `oneOf`.',
        severity: 'warning',
      },
      {
        rule: 'gemini-json-schema/enum-values',
        pointer: '/properties/b/enum',
        message: 'Gemini `parametersJsonSchema` documents `enum` for strings and numbers only.',
        severity: 'warning',
      },
      {
        rule: 'gemini-json-schema/unlisted-keyword',
        pointer: '/properties/c/minLength',
        message: 'Gemini `parametersJsonSchema` does not list (ignored) `minLength`.',
        severity: 'warning',
      },
    ]);
  });

  it('passes on JSON Schema with refs, open records, null types and tuples', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            meta: { type: 'object', additionalProperties: { type: 'string' } },
            pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
            maybe: { type: ['string', 'null'] },
            s: { $ref: '#/$defs/s', description: 'why' },
          },
          required: ['meta'],
          $defs: { s: { type: 'string', enum: ['a', 1] } },
        },
        'gemini-json-schema',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: anthropic', () => {
  it('root-type-object fails on a non-object type', () => {
    expect(checkProviderSchema({ type: 'array', items: {} }, 'anthropic')).toStrictEqual([
      {
        rule: 'anthropic/root-type-object',
        pointer: '',
        message:
          'Claude tool use (`input_schema`) requires the root to declare type "object"; found type "array".',
        severity: 'error',
      },
    ]);
  });

  it('root-combinator fails at the top level only', () => {
    expect(
      checkProviderSchema(
        { type: 'object', oneOf: [{ properties: { a: { anyOf: [{ type: 'string' }] } } }] },
        'anthropic',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic/root-combinator',
        pointer: '/oneOf',
        message: 'Claude tool use (`input_schema`) refuses `oneOf` at the root.',
        severity: 'error',
      },
    ]);
  });

  it('draft-2020-12 fails on draft-04 and tuple keywords; schema-dialect warns', () => {
    expect(
      checkProviderSchema(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            n: { type: 'number', exclusiveMinimum: true },
            t: { type: 'array', items: [{ type: 'string' }] },
            r: { type: 'object', required: 'yes' },
            u: { type: 'text' },
            e: { anyOf: [] },
          },
        },
        'anthropic',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic/schema-dialect',
        pointer: '/$schema',
        message:
          'Claude tool use (`input_schema`) reads every schema as draft 2020-12; found `$schema` "http://json-schema.org/draft-07/schema#".',
        severity: 'warning',
      },
      {
        rule: 'anthropic/draft-2020-12',
        pointer: '/properties/n/exclusiveMinimum',
        message:
          'Claude tool use (`input_schema`) requires draft 2020-12: `exclusiveMinimum` takes a number; found true.',
        severity: 'error',
      },
      {
        rule: 'anthropic/draft-2020-12',
        pointer: '/properties/t/items',
        message:
          'Claude tool use (`input_schema`) requires draft 2020-12: `items` takes a schema (tuples are `prefixItems` in 2020-12); found an array.',
        severity: 'error',
      },
      {
        rule: 'anthropic/draft-2020-12',
        pointer: '/properties/r/required',
        message:
          'Claude tool use (`input_schema`) requires draft 2020-12: `required` takes an array of distinct strings; found "yes".',
        severity: 'error',
      },
      {
        rule: 'anthropic/draft-2020-12',
        pointer: '/properties/u/type',
        message:
          'Claude tool use (`input_schema`) requires draft 2020-12: `type` takes a type name or an array of distinct type names; found "text".',
        severity: 'error',
      },
      {
        rule: 'anthropic/draft-2020-12',
        pointer: '/properties/e/anyOf',
        message:
          'Claude tool use (`input_schema`) requires draft 2020-12: `anyOf` takes a non-empty array of schemas; found an array.',
        severity: 'error',
      },
    ]);
  });

  it('passes on open objects, bounds, tuples and recursion', () => {
    expect(
      checkProviderSchema(
        {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            meta: { type: 'object', additionalProperties: true },
            n: { type: 'number', exclusiveMinimum: 0 },
            pair: { type: 'array', prefixItems: [{ type: 'string' }], items: false },
            tree: { $ref: '#/$defs/node' },
          },
          $defs: {
            node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
            },
          },
        },
        'anthropic',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: anthropic-strict', () => {
  it('additional-properties-false fails', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: {
              type: 'object',
              properties: { b: { type: 'string' } },
              additionalProperties: false,
            },
          },
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/additional-properties-false',
        pointer: '',
        message:
          'Claude strict tool use requires every object to set `additionalProperties: false`.',
        severity: 'error',
      },
    ]);
  });

  it('recursion fails', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/node' } },
          additionalProperties: false,
          $defs: {
            node: {
              type: 'object',
              properties: { next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } },
              required: ['next'],
              additionalProperties: false,
            },
          },
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/recursion',
        pointer: '/$defs/node/properties/next/anyOf/0/$ref',
        message: 'Claude strict tool use refuses recursive schemas.',
        severity: 'error',
      },
    ]);
  });

  it('ref-target fails on an external reference', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { $ref: 'https://example.com/s.json' } },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/ref-target',
        pointer: '/properties/a/$ref',
        message:
          'Claude strict tool use cannot resolve "https://example.com/s.json" inside the schema.',
        severity: 'error',
      },
    ]);
  });

  it('numeric-constraint, string-length, array-constraint and min-items fail', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            n: { type: 'integer', minimum: 1, multipleOf: 2 },
            s: { type: 'string', maxLength: 5 },
            l: {
              type: 'array',
              items: { type: 'string' },
              minItems: 2,
              maxItems: 3,
              uniqueItems: true,
            },
          },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/numeric-constraint',
        pointer: '/properties/n/minimum',
        message: 'Claude strict tool use refuses `minimum`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/numeric-constraint',
        pointer: '/properties/n/multipleOf',
        message: 'Claude strict tool use refuses `multipleOf`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/string-length',
        pointer: '/properties/s/maxLength',
        message: 'Claude strict tool use refuses `maxLength`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/array-constraint',
        pointer: '/properties/l/maxItems',
        message: 'Claude strict tool use refuses `maxItems`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/array-constraint',
        pointer: '/properties/l/uniqueItems',
        message: 'Claude strict tool use refuses `uniqueItems`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/min-items',
        pointer: '/properties/l/minItems',
        message: 'Claude strict tool use supports `minItems` 0 or 1 only; found 2.',
        severity: 'error',
      },
    ]);
  });

  it('string-format fails off the list', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { type: 'string', format: 'uri-reference' },
            b: { type: 'string', format: 'uri' },
          },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/string-format',
        pointer: '/properties/a/format',
        message:
          'Claude strict tool use supports only the formats date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid; found "uri-reference".',
        severity: 'error',
      },
    ]);
  });

  it('pattern fails on a backreference, a lookahead, a lookbehind and a word boundary', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { type: 'string', pattern: '(a)\\1' },
            b: { type: 'string', pattern: '^(?=x)' },
            c: { type: 'string', pattern: '(?<!y)z' },
            d: { type: 'string', pattern: '\\bword' },
            e: { type: 'string', pattern: '^[\\b\\1(?=]+(?<name>x)\\\\b$' },
          },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/pattern',
        pointer: '/properties/a/pattern',
        message: 'Claude strict tool use refuses a backreference in `pattern`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/pattern',
        pointer: '/properties/b/pattern',
        message: 'Claude strict tool use refuses a lookaround in `pattern`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/pattern',
        pointer: '/properties/c/pattern',
        message: 'Claude strict tool use refuses a lookaround in `pattern`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/pattern',
        pointer: '/properties/d/pattern',
        message: 'Claude strict tool use refuses a word boundary in `pattern`.',
        severity: 'error',
      },
    ]);
  });

  it('literal-values fails on object enum and const values', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { enum: [{ x: 1 }, 'y'] }, b: { const: [1] } },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/literal-values',
        pointer: '/properties/a/enum',
        message:
          'Claude strict tool use takes `enum` values as strings, numbers, booleans or null.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/literal-values',
        pointer: '/properties/b/const',
        message: 'Claude strict tool use takes a `const` string, number, boolean or null.',
        severity: 'error',
      },
    ]);
  });

  it('all-of-ref fails', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { allOf: [{ $ref: '#/$defs/s' }, { type: 'string' }] } },
          additionalProperties: false,
          $defs: { s: { type: 'string' } },
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/all-of-ref',
        pointer: '/properties/a/allOf/0/$ref',
        message: 'Claude strict tool use refuses `$ref` inside `allOf`.',
        severity: 'error',
      },
    ]);
  });

  it('unsupported-keyword fails; unlisted-keyword warns', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            a: { oneOf: [{ type: 'string' }, { type: 'number' }] },
            b: {
              type: 'object',
              patternProperties: { '^x': { type: 'string' } },
              additionalProperties: false,
            },
            c: { type: 'string', examples: ['x'], nullable: true },
          },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/unsupported-keyword',
        pointer: '/properties/a/oneOf',
        message: 'Claude strict tool use refuses `oneOf`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/unsupported-keyword',
        pointer: '/properties/b/patternProperties',
        message: 'Claude strict tool use refuses `patternProperties`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/unlisted-keyword',
        pointer: '/properties/c/examples',
        message: 'Claude strict tool use does not list (ignored or refused) `examples`.',
        severity: 'warning',
      },
      {
        rule: 'anthropic-strict/unlisted-keyword',
        pointer: '/properties/c/nullable',
        message: 'Claude strict tool use does not list (ignored or refused) `nullable`.',
        severity: 'warning',
      },
    ]);
  });

  it('type fails on a typeless schema; schema-object on a boolean', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: { a: { description: 'anything' }, b: true },
          additionalProperties: false,
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'anthropic-strict/type',
        pointer: '/properties/a',
        message:
          'Claude strict tool use requires a `type` (or `anyOf`, `allOf`, `enum`, `const`, `$ref`).',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/schema-object',
        pointer: '/properties/b',
        message: 'Claude strict tool use requires a schema object here; found true.',
        severity: 'error',
      },
    ]);
  });

  it('passes on a closed schema with literals, unions, formats, patterns and definitions', () => {
    expect(
      checkProviderSchema(
        {
          type: 'object',
          properties: {
            id: { type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' },
            kind: { enum: ['a', 1, true, null] },
            v: { const: 'x' },
            when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
            tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
            s: { $ref: '#/$defs/s' },
            both: {
              allOf: [
                {
                  type: 'object',
                  properties: { a: { type: 'string' } },
                  required: ['a'],
                  additionalProperties: false,
                },
              ],
            },
          },
          required: ['id'],
          additionalProperties: false,
          $defs: { s: { type: 'string', default: 'x' } },
        },
        'anthropic-strict',
      ),
    ).toStrictEqual([]);
  });
});

describe('checkProviderSchema: portable', () => {
  it('reports the rules of the five JSON Schema profiles, each once', () => {
    const violations = checkProviderSchema({ type: 'object', properties: {} }, 'portable');
    expect(violations).toStrictEqual([
      {
        rule: 'openai-strict/additional-properties-false',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/additional-properties-false',
        pointer: '',
        message:
          'Claude strict tool use requires every object to set `additionalProperties: false`.',
        severity: 'error',
      },
    ]);
  });

  it('accepts what each of the five accepts', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Who' },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        kind: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'when', 'kind', 'tags'],
      additionalProperties: false,
    };
    for (const profile of [
      'portable',
      'openai',
      'openai-strict',
      'gemini-json-schema',
      'anthropic',
      'anthropic-strict',
    ] as const) {
      expect(checkProviderSchema(schema, profile), profile).toStrictEqual([]);
    }
  });

  it('finds what only one of the five refuses', () => {
    const rules = (schema: unknown) => checkProviderSchema(schema, 'portable').map((v) => v.rule);
    const closed = (property: unknown) => ({
      type: 'object',
      properties: { a: property },
      required: ['a'],
      additionalProperties: false,
      $defs: { s: { type: 'string' } },
    });
    expect(rules(closed({ type: 'string', maxLength: 3 }))).toStrictEqual([
      'openai-strict/fine-tuned-keyword',
      'gemini-json-schema/unlisted-keyword',
      'anthropic-strict/string-length',
    ]);
    expect(rules(closed({ type: 'string', format: 'uri' }))).toStrictEqual([
      'openai-strict/string-format',
    ]);
    expect(rules(closed({ $ref: '#/$defs/s', description: 'd' }))).toStrictEqual([
      'openai-strict/ref-siblings',
    ]);
  });
});

describe('checkProviderSchema: any input', () => {
  it('names an unknown profile', () => {
    expect(checkProviderSchema({ type: 'object' }, 'claude' as Profile)).toStrictEqual([
      {
        rule: 'profile-unknown',
        pointer: '',
        message:
          'Unknown profile "claude"; the profiles are mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict.',
        severity: 'error',
      },
    ]);
  });

  it('never throws on JSON values that are no schema, and finds the root wrong', () => {
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      '',
      'object',
      [],
      [{ type: 'object' }],
      { type: ['object', 'null'] },
      { type: 'object', properties: null, required: 'a', items: 7, anyOf: {}, $defs: [] },
      { type: 'object', properties: { a: null, b: 3, c: 'x', d: [] }, enum: null, $ref: 5 },
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}',
      ),
    ];
    for (const value of values) {
      for (const profile of PROFILES) {
        const violations = checkProviderSchema(value, profile);
        for (const violation of violations) {
          expect(Object.keys(violation)).toStrictEqual(['rule', 'pointer', 'message', 'severity']);
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          expect(
            violations.some((violation) => violation.severity === 'error'),
            profile,
          ).toBe(true);
        }
      }
    }
  });

  it('walks a schema nested 50,000 levels deep without recursion', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50_000; level++) {
      schema = {
        type: 'object',
        properties: { a: schema },
        required: ['a'],
        additionalProperties: false,
      };
    }
    const violations = checkProviderSchema(schema, 'openai-strict');
    expect(violations).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 50000.',
        severity: 'error',
      },
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 10 levels of object nesting; found 50000.',
        severity: 'error',
      },
    ]);
    expect(checkProviderSchema(schema, 'portable').length).toBe(2);
    expect(checkProviderSchema(schema, 'mcp')).toStrictEqual([]);
  }, 60_000);

  it('visits an object shared by many positions once', () => {
    const shared: Record<string, unknown> = { type: 'string', minLength: 1 };
    let schema: Record<string, unknown> = shared;
    // 40 levels of two references to the same child: 2^40 paths, 40 objects.
    for (let level = 0; level < 40; level++) {
      schema = { type: 'object', properties: { left: schema, right: schema } };
    }
    expect(checkProviderSchema(schema, 'anthropic-strict').length).toBe(41);
  });

  it('does not change the schema', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a', description: 'x' } },
      $defs: { a: { type: 'object', properties: { next: { $ref: '#/$defs/a' } } } },
    };
    const copy = structuredClone(schema);
    for (const profile of PROFILES) checkProviderSchema(schema, profile);
    expect(schema).toStrictEqual(copy);
  });
});

describe('checkProviderSchema: openai-strict limits', () => {
  const closedObject = (properties: Record<string, unknown>) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });

  it('counts object properties and nesting', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    expect(checkProviderSchema(closedObject(wide), 'openai-strict')).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 5001.',
        severity: 'error',
      },
    ]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) deep = closedObject({ a: deep });
    expect(checkProviderSchema(deep, 'openai-strict')).toStrictEqual([]);
    expect(checkProviderSchema(closedObject({ a: deep }), 'openai-strict')).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 10 levels of object nesting; found 11.',
        severity: 'error',
      },
    ]);
  });

  it('counts enum values and their characters', () => {
    const values = (count: number, length: number) =>
      Array.from({ length: count }, (_, index) => String(index).padStart(length, 'x'));
    expect(
      checkProviderSchema(
        closedObject({ a: { type: 'string', enum: values(1000, 1) } }),
        'openai-strict',
      ),
    ).toStrictEqual([]);
    expect(
      checkProviderSchema(
        closedObject({
          a: { type: 'string', enum: values(600, 1) },
          b: { type: 'string', enum: values(401, 1) },
        }),
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 1000 enum values; found 1001.',
        severity: 'error',
      },
    ]);
    expect(
      checkProviderSchema(
        closedObject({ a: { type: 'string', enum: values(251, 60) } }),
        'openai-strict',
      ),
    ).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '/properties/a/enum',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 15000 characters in a string enum of more than 250 values; found 15060.',
        severity: 'error',
      },
    ]);
    const long = Object.fromEntries(
      Array.from({ length: 121 }, (_, index) => [
        `${index}`.padStart(1000, 'k'),
        { type: 'string' },
      ]),
    );
    expect(checkProviderSchema(closedObject(long), 'openai-strict')).toStrictEqual([
      {
        rule: 'openai-strict/limits',
        pointer: '',
        message:
          'OpenAI strict mode (Structured Outputs) allows at most 120000 characters of property names, definition names, enum and const values; found 121000.',
        severity: 'error',
      },
    ]);
  });
});

describe('checkProviderSchema: the README', () => {
  it('lists every rule with its profiles and severity, and no other', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const listed: Record<string, string> = {};
    for (const row of readme.matchAll(
      /^\| `([a-z-]+\/[a-z0-9-]+)` \| ([a-z, -]+) \| (error|warning) \|/gm,
    )) {
      listed[row[1]!] = `${row[2]!.split(', ').sort().join(', ')} ${row[3]}`;
    }
    const profiles: Record<string, string[]> = {};
    const severity: Record<string, string> = {};
    for (const profile of PROFILES) {
      for (const rule of rulesOf(profile)!) {
        (profiles[rule.name] ??= []).push(profile);
        severity[rule.name] = rule.severity;
      }
    }
    const coded = Object.fromEntries(
      Object.entries(profiles).map(([name, names]) => [
        name,
        `${names.sort().join(', ')} ${severity[name]}`,
      ]),
    );
    expect(listed).toStrictEqual(coded);
    expect(Object.keys(coded).length).toBe(54);
  });
});
