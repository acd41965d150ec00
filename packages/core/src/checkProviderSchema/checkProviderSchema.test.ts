import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProviderTools } from '../checkProviderTools/index.ts';
import { dereference } from '../dereference/index.ts';
import { PORTABLE_PROFILES, rulesOf } from '../providerRules/profileRules.ts';
import { PROFILES, type Profile, type Violation } from '../types/index.ts';
import { checkProviderSchema } from './checkProviderSchema.ts';

/** The violation of an `error` rule. */
function error(rule: string, pointer: string, message: string): Violation {
  return { rule, pointer, message, severity: 'error' };
}

/** The violation of a `warning` rule. */
function warning(rule: string, pointer: string, message: string): Violation {
  return { rule, pointer, message, severity: 'warning' };
}

// Each rule has a failing case and, through the "passes" case of its profile, a passing one.
// The expected violations are written out in full: rule, pointer, message and severity.

/**
 * Patterns with each regular-expression feature a linear-time engine lacks (`a` to `d`), and one
 * that holds them only inside a class, after an escape or as a named group (`e`: none).
 */
const REGEX_FEATURES = {
  a: { type: 'string', pattern: '(a)\\1' },
  b: { type: 'string', pattern: '^(?=x)' },
  c: { type: 'string', pattern: '(?<!y)z' },
  d: { type: 'string', pattern: '\\bword' },
  e: { type: 'string', pattern: '^[\\b\\1(?=]+(?<name>x)\\\\b\\(?=$' },
};

describe('checkProviderSchema: mcp', () => {
  it('root-type-object fails on a typeless root', () => {
    expect(checkProviderSchema({ properties: {} }, 'mcp')).toStrictEqual([
      error(
        'mcp/root-type-object',
        '',
        'MCP requires the root to declare type "object"; found type none.',
      ),
    ]);
  });

  it('root-type-object fails on a non-object', () => {
    expect(checkProviderSchema([1, 2], 'mcp')).toStrictEqual([
      error(
        'mcp/root-type-object',
        '',
        'MCP requires the root to declare type "object"; found an array.',
      ),
    ]);
  });

  it('ref-target fails on nested pointers, not on root definitions; ref-not-cyclic warns on an acyclic definition', () => {
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
      // The pass keeps a draft-07 document's cycles under `definitions`.
      warning(
        'mcp/ref-not-cyclic',
        '/properties/a/$ref',
        'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
      ),
      warning(
        'mcp/ref-not-cyclic',
        '/properties/b/$ref',
        'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
      ),
      error(
        'mcp/ref-target',
        '/properties/c/$ref',
        'MCP resolves `$ref` only to the root\'s `$defs` or `definitions`; found "#/properties/b".',
      ),
      warning(
        'mcp/ref-not-cyclic',
        '/properties/c/$ref',
        'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
      ),
      error(
        'mcp/ref-target',
        '/properties/d/$ref',
        'MCP cannot resolve "other.json#/x" inside the schema.',
      ),
    ]);
  });

  it("passes the pass's own draft-07 output, its cycles under definitions", () => {
    const { schema } = dereference({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { tree: { $ref: '#/definitions/Node' } },
      definitions: {
        Node: {
          type: 'object',
          properties: { kids: { type: 'array', items: { $ref: '#/definitions/Node' } } },
        },
      },
    });
    expect(Object.keys(schema as object)).toContain('definitions');
    expect(checkProviderSchema(schema, 'mcp')).toStrictEqual([]);
  });

  it('dynamic-ref fails', () => {
    expect(
      checkProviderSchema({ type: 'object', properties: { a: { $dynamicRef: '#node' } } }, 'mcp'),
    ).toStrictEqual([
      error(
        'mcp/dynamic-ref',
        '/properties/a/$dynamicRef',
        'A self-contained schema cannot keep `$dynamicRef`.',
      ),
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
      error(
        'openai/root-type-object',
        '',
        'OpenAI function calling requires the root to declare type "object"; found type none.',
      ),
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
      error(
        'openai/root-combinator',
        '/oneOf',
        'OpenAI function calling refuses `oneOf` at the root.',
      ),
      error(
        'openai/root-combinator',
        '/anyOf',
        'OpenAI function calling refuses `anyOf` at the root.',
      ),
      error(
        'openai/root-combinator',
        '/allOf',
        'OpenAI function calling refuses `allOf` at the root.',
      ),
      error(
        'openai/root-combinator',
        '/enum',
        'OpenAI function calling refuses `enum` at the root.',
      ),
      error('openai/root-combinator', '/not', 'OpenAI function calling refuses `not` at the root.'),
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
      error(
        'openai-strict/additional-properties-false',
        '',
        'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
      ),
      error(
        'openai-strict/additional-properties-false',
        '/properties/a/additionalProperties',
        'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
      ),
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
      error(
        'openai-strict/required-every-property',
        '/properties/a~1b',
        'OpenAI strict mode (Structured Outputs) requires every property in `required` (optional means nullable); missing "a/b".',
      ),
    ]);
  });

  it('required-undeclared fails on a required name without a property', () => {
    expect(
      checkProviderSchema(
        { type: 'object', properties: {}, required: ['ghost'], additionalProperties: false },
        'openai-strict',
      ),
    ).toStrictEqual([
      error(
        'openai-strict/required-undeclared',
        '/required/0',
        'OpenAI strict mode (Structured Outputs) refuses a required property that `properties` does not declare: "ghost".',
      ),
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
      error(
        'openai-strict/unsupported-keyword',
        '/propertyNames',
        'OpenAI strict mode (Structured Outputs) refuses `propertyNames`.',
      ),
      warning(
        'openai-strict/fine-tuned-keyword',
        '/properties/a/minLength',
        'OpenAI strict mode (Structured Outputs) does not support, for fine-tuned models, `minLength`.',
      ),
      warning(
        'openai-strict/unlisted-keyword',
        '/properties/a/x-ui',
        'OpenAI strict mode (Structured Outputs) does not document `x-ui`.',
      ),
      error(
        'openai-strict/unsupported-keyword',
        '/properties/b/uniqueItems',
        'OpenAI strict mode (Structured Outputs) refuses `uniqueItems`.',
      ),
      error(
        'openai-strict/type',
        '/propertyNames',
        'OpenAI strict mode (Structured Outputs) requires a `type` (or `anyOf`, `$ref`, `enum`, `const`).',
      ),
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
      error(
        'openai-strict/string-format',
        '/properties/u/format',
        'OpenAI strict mode (Structured Outputs) supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid; found "uri".',
      ),
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
      error(
        'openai-strict/schema-object',
        '/properties/any',
        'OpenAI strict mode (Structured Outputs) requires a schema object here; found true.',
      ),
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
      error(
        'openai-strict/type',
        '/properties/a',
        'OpenAI strict mode (Structured Outputs) requires a `type` (or `anyOf`, `$ref`, `enum`, `const`).',
      ),
      error(
        'openai-strict/type',
        '/properties/b/type',
        'OpenAI strict mode (Structured Outputs) supports the types string, number, boolean, integer, object, array, null; found "file".',
      ),
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
      error(
        'openai-strict/array-items',
        '/properties/a',
        'OpenAI strict mode (Structured Outputs) requires `items` on an array schema.',
      ),
      error(
        'openai-strict/array-items',
        '/properties/b/items',
        'OpenAI strict mode (Structured Outputs) refuses tuple-form `items` (an array).',
      ),
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
      error(
        'openai-strict/ref-target',
        '/properties/a/$ref',
        'OpenAI strict mode (Structured Outputs) resolves `$ref` only to the root\'s `$defs` or `definitions` or `#`; found "#/properties/b".',
      ),
      error(
        'openai-strict/ref-siblings',
        '/properties/b',
        'OpenAI strict mode (Structured Outputs) refuses keywords beside `$ref`: `description`.',
      ),
      error(
        'openai-strict/ref-target',
        '/properties/c/$ref',
        'OpenAI strict mode (Structured Outputs) cannot resolve "#/$defs/missing" inside the schema.',
      ),
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
      error(
        'gemini/root-type-object',
        '',
        'Gemini `parameters` requires the root to declare type "object"; found type none.',
      ),
      error('gemini/type', '', 'Gemini `parameters` requires a `type` on every schema.'),
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
      error('gemini/unknown-field', '/$defs', 'Gemini `parameters` refuses `$defs`.'),
      error('gemini/unknown-field', '/properties/a/const', 'Gemini `parameters` refuses `const`.'),
      error(
        'gemini/unknown-field',
        '/properties/b/additionalProperties',
        'Gemini `parameters` refuses `additionalProperties`.',
      ),
      error(
        'gemini/unknown-field',
        '/properties/b/properties/c/exclusiveMinimum',
        'Gemini `parameters` refuses `exclusiveMinimum`.',
      ),
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
      error(
        'gemini/type',
        '/properties/a',
        'Gemini `parameters` requires a `type` on every schema.',
      ),
      error(
        'gemini/type',
        '/properties/b/type',
        'Gemini `parameters` takes one type name; found an array.',
      ),
      error(
        'gemini/type',
        '/properties/c/type',
        'Gemini `parameters` has no null type; `nullable: true` says a value may be null.',
      ),
      error(
        'gemini/type',
        '/properties/d/type',
        'Gemini `parameters` supports the types string, number, integer, boolean, array, object; found "date".',
      ),
      error(
        'gemini/type',
        '/properties/e/type',
        'Gemini `parameters` refuses `type` beside `anyOf`.',
      ),
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
      error(
        'gemini/enum-strings',
        '/properties/a/enum',
        'Gemini `parameters` takes `enum` only as strings, on type string.',
      ),
      error(
        'gemini/enum-strings',
        '/properties/b/enum',
        'Gemini `parameters` takes `enum` only as strings, on type string.',
      ),
    ]);
  });

  it('object-properties fails on an object without properties; array-items on an array without items', () => {
    expect(
      checkProviderSchema(
        { type: 'object', properties: { meta: { type: 'object' }, list: { type: 'array' } } },
        'gemini',
      ),
    ).toStrictEqual([
      error(
        'gemini/object-properties',
        '/properties/meta',
        'Gemini `parameters` requires non-empty `properties` on an object.',
      ),
      error(
        'gemini/array-items',
        '/properties/list',
        'Gemini `parameters` requires `items` on an array.',
      ),
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
      error(
        'gemini/required-undeclared',
        '/required/1',
        'Gemini `parameters` refuses a required property that `properties` does not declare: "b".',
      ),
      warning(
        'gemini/default-ignored',
        '/properties/a/default',
        'Gemini `parameters` ignores `default`.',
      ),
    ]);
  });

  it('schema-object fails on a boolean subschema', () => {
    expect(
      checkProviderSchema({ type: 'object', properties: { a: true } }, 'gemini'),
    ).toStrictEqual([
      error(
        'gemini/schema-object',
        '/properties/a',
        'Gemini `parameters` requires a schema object here; found true.',
      ),
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
      error(
        'gemini-json-schema/root-type-object',
        '',
        'Gemini `parametersJsonSchema` requires the root to declare type "object"; found type none.',
      ),
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
      error(
        'gemini-json-schema/ref-siblings',
        '/properties/a',
        'Gemini `parametersJsonSchema` refuses keywords beside `$ref`: `title`.',
      ),
      error(
        'gemini-json-schema/ref-target',
        '/properties/b/$ref',
        'Gemini `parametersJsonSchema` cannot resolve "#/$defs/missing" inside the schema.',
      ),
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
      error(
        'gemini-json-schema/recursion-through-required',
        '/$defs/chain/properties/next/$ref',
        'Gemini `parametersJsonSchema` allows a recursive reference only through a property that is not required.',
      ),
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
      warning(
        'gemini-json-schema/one-of',
        '/properties/a/oneOf',
        'Gemini `parametersJsonSchema` reads as `anyOf`: `oneOf`.',
      ),
      warning(
        'gemini-json-schema/enum-values',
        '/properties/b/enum',
        'Gemini `parametersJsonSchema` documents `enum` for strings and numbers only.',
      ),
      warning(
        'gemini-json-schema/unlisted-keyword',
        '/properties/c/minLength',
        'Gemini `parametersJsonSchema` does not list (ignored) `minLength`.',
      ),
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
      error(
        'anthropic/root-type-object',
        '',
        'Claude tool use (`input_schema`) requires the root to declare type "object"; found type "array".',
      ),
    ]);
  });

  it('root-combinator fails at the top level only', () => {
    expect(
      checkProviderSchema(
        { type: 'object', oneOf: [{ properties: { a: { anyOf: [{ type: 'string' }] } } }] },
        'anthropic',
      ),
    ).toStrictEqual([
      error(
        'anthropic/root-combinator',
        '/oneOf',
        'Claude tool use (`input_schema`) refuses `oneOf` at the root.',
      ),
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
      warning(
        'anthropic/schema-dialect',
        '/$schema',
        'Claude tool use (`input_schema`) reads every schema as draft 2020-12; found `$schema` "http://json-schema.org/draft-07/schema#".',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/n/exclusiveMinimum',
        'Claude tool use (`input_schema`) requires draft 2020-12: `exclusiveMinimum` takes a number; found true.',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/t/items',
        'Claude tool use (`input_schema`) requires draft 2020-12: `items` takes a schema (tuples are `prefixItems` in 2020-12); found an array.',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/r/required',
        'Claude tool use (`input_schema`) requires draft 2020-12: `required` takes an array of distinct strings; found "yes".',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/u/type',
        'Claude tool use (`input_schema`) requires draft 2020-12: `type` takes a type name or an array of distinct type names; found "text".',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/e/anyOf',
        'Claude tool use (`input_schema`) requires draft 2020-12: `anyOf` takes a non-empty array of schemas; found an array.',
      ),
    ]);
  });

  it('draft-2020-12 fails on an $id with a fragment and on an anchor that is no plain name', () => {
    // Lerna's schema: `$id: "https://lerna.js.org/docs/getting-started#adding-lerna"`, fine in
    // draft-07, refused by the 2020-12 meta-schema ("Non-empty fragments not allowed.").
    expect(
      checkProviderSchema(
        {
          $id: 'https://example.test/config#top',
          type: 'object',
          properties: {
            a: { $anchor: '1st', type: 'string' },
            b: { $dynamicAnchor: 'meta', $id: 'https://example.test/b#', type: 'string' },
          },
        },
        'anthropic',
      ),
    ).toStrictEqual([
      error(
        'anthropic/draft-2020-12',
        '/$id',
        'Claude tool use (`input_schema`) requires draft 2020-12: `$id` takes a URI without a fragment; found "https://example.test/config#top".',
      ),
      error(
        'anthropic/draft-2020-12',
        '/properties/a/$anchor',
        'Claude tool use (`input_schema`) requires draft 2020-12: `$anchor` takes a plain name (a letter or _, then letters, digits, -, _ or .); found "1st".',
      ),
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
      error(
        'anthropic-strict/additional-properties-false',
        '',
        'Claude strict tool use requires every object to set `additionalProperties: false`.',
      ),
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
      error(
        'anthropic-strict/recursion',
        '/$defs/node/properties/next/anyOf/0/$ref',
        'Claude strict tool use refuses recursive schemas.',
      ),
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
      error(
        'anthropic-strict/ref-target',
        '/properties/a/$ref',
        'Claude strict tool use cannot resolve "https://example.com/s.json" inside the schema.',
      ),
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
      error(
        'anthropic-strict/numeric-constraint',
        '/properties/n/minimum',
        'Claude strict tool use refuses `minimum`.',
      ),
      error(
        'anthropic-strict/numeric-constraint',
        '/properties/n/multipleOf',
        'Claude strict tool use refuses `multipleOf`.',
      ),
      error(
        'anthropic-strict/string-length',
        '/properties/s/maxLength',
        'Claude strict tool use refuses `maxLength`.',
      ),
      error(
        'anthropic-strict/array-constraint',
        '/properties/l/maxItems',
        'Claude strict tool use refuses `maxItems`.',
      ),
      error(
        'anthropic-strict/array-constraint',
        '/properties/l/uniqueItems',
        'Claude strict tool use refuses `uniqueItems`.',
      ),
      error(
        'anthropic-strict/min-items',
        '/properties/l/minItems',
        'Claude strict tool use supports `minItems` 0 or 1 only; found 2.',
      ),
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
      error(
        'anthropic-strict/string-format',
        '/properties/a/format',
        'Claude strict tool use supports only the formats date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid; found "uri-reference".',
      ),
    ]);
  });

  it('pattern fails on a backreference, a lookahead, a lookbehind and a word boundary', () => {
    expect(
      checkProviderSchema(
        { type: 'object', properties: REGEX_FEATURES, additionalProperties: false },
        'anthropic-strict',
      ),
    ).toStrictEqual([
      error(
        'anthropic-strict/pattern',
        '/properties/a/pattern',
        'Claude strict tool use refuses a backreference in `pattern`.',
      ),
      error(
        'anthropic-strict/pattern',
        '/properties/b/pattern',
        'Claude strict tool use refuses a lookaround in `pattern`.',
      ),
      error(
        'anthropic-strict/pattern',
        '/properties/c/pattern',
        'Claude strict tool use refuses a lookaround in `pattern`.',
      ),
      error(
        'anthropic-strict/pattern',
        '/properties/d/pattern',
        'Claude strict tool use refuses a word boundary in `pattern`.',
      ),
    ]);
  });

  it('openai: a lookahead or lookbehind fails, with or without strict; nothing else does', () => {
    const schema = {
      type: 'object',
      properties: REGEX_FEATURES,
      required: Object.keys(REGEX_FEATURES),
      additionalProperties: false,
    };
    for (const profile of ['openai', 'openai-strict', 'portable'] as const) {
      const lookarounds = checkProviderSchema(schema, profile).filter(
        (violation) => violation.rule === 'openai/pattern-lookaround',
      );
      expect(lookarounds, profile).toStrictEqual([
        error(
          'openai/pattern-lookaround',
          '/properties/b/pattern',
          'OpenAI function calling refuses a lookaround in `pattern`.',
        ),
        error(
          'openai/pattern-lookaround',
          '/properties/c/pattern',
          'OpenAI function calling refuses a lookaround in `pattern`.',
        ),
      ]);
    }
    expect(checkProviderSchema(schema, 'anthropic')).toStrictEqual([]);
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
      error(
        'anthropic-strict/literal-values',
        '/properties/a/enum',
        'Claude strict tool use takes `enum` values as strings, numbers, booleans or null.',
      ),
      error(
        'anthropic-strict/literal-values',
        '/properties/b/const',
        'Claude strict tool use takes a `const` string, number, boolean or null.',
      ),
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
      error(
        'anthropic-strict/all-of-ref',
        '/properties/a/allOf/0/$ref',
        'Claude strict tool use refuses `$ref` inside `allOf`.',
      ),
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
      error(
        'anthropic-strict/unsupported-keyword',
        '/properties/a/oneOf',
        'Claude strict tool use refuses `oneOf`.',
      ),
      error(
        'anthropic-strict/unsupported-keyword',
        '/properties/b/patternProperties',
        'Claude strict tool use refuses `patternProperties`.',
      ),
      warning(
        'anthropic-strict/unlisted-keyword',
        '/properties/c/examples',
        'Claude strict tool use does not list (ignored or refused) `examples`.',
      ),
      warning(
        'anthropic-strict/unlisted-keyword',
        '/properties/c/nullable',
        'Claude strict tool use does not list (ignored or refused) `nullable`.',
      ),
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
      error(
        'anthropic-strict/type',
        '/properties/a',
        'Claude strict tool use requires a `type` (or `anyOf`, `allOf`, `enum`, `const`, `$ref`).',
      ),
      error(
        'anthropic-strict/schema-object',
        '/properties/b',
        'Claude strict tool use requires a schema object here; found true.',
      ),
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
      error(
        'openai-strict/additional-properties-false',
        '',
        'OpenAI strict mode (Structured Outputs) requires every object to set `additionalProperties: false`.',
      ),
      error(
        'anthropic-strict/additional-properties-false',
        '',
        'Claude strict tool use requires every object to set `additionalProperties: false`.',
      ),
    ]);
  });

  it('accepts what each of the five accepts', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        due: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
        status: { type: 'string', enum: ['open', 'done'], description: 'Where it stands' },
        labels: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
      required: ['title', 'due', 'status', 'labels'],
      additionalProperties: false,
    };
    for (const profile of ['portable', ...PORTABLE_PROFILES] as const) {
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
      error(
        'profile-unknown',
        '',
        'Unknown profile "claude"; the profiles are mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict.',
      ),
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
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 50000.',
      ),
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 10 levels of object nesting; found 50000.',
      ),
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
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 5001.',
      ),
    ]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) deep = closedObject({ a: deep });
    expect(checkProviderSchema(deep, 'openai-strict')).toStrictEqual([]);
    expect(checkProviderSchema(closedObject({ a: deep }), 'openai-strict')).toStrictEqual([
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 10 levels of object nesting; found 11.',
      ),
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
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 1000 enum values; found 1001.',
      ),
    ]);
    expect(
      checkProviderSchema(
        closedObject({ a: { type: 'string', enum: values(251, 60) } }),
        'openai-strict',
      ),
    ).toStrictEqual([
      error(
        'openai-strict/limits',
        '/properties/a/enum',
        'OpenAI strict mode (Structured Outputs) allows at most 15000 characters in a string enum of more than 250 values; found 15060.',
      ),
    ]);
    const long = Object.fromEntries(
      Array.from({ length: 121 }, (_, index) => [
        `${index}`.padStart(1000, 'k'),
        { type: 'string' },
      ]),
    );
    expect(checkProviderSchema(closedObject(long), 'openai-strict')).toStrictEqual([
      error(
        'openai-strict/limits',
        '',
        'OpenAI strict mode (Structured Outputs) allows at most 120000 characters of property names, definition names, enum and const values; found 121000.',
      ),
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
        profiles[rule.name] = [...(profiles[rule.name] ?? []), profile];
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
    expect(Object.keys(coded).length).toBe(55);
  });
});

describe('checkProviderSchema and checkProviderTools on values whose reading throws', () => {
  const getter = () =>
    Object.defineProperty({ type: 'string' }, 'format', {
      get() {
        throw new Error('getter');
      },
      enumerable: true,
    });
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };

  it('is a ToolSchemaError invalid-schema, as in dereference, never another error', () => {
    for (const [name, make] of [
      ['a getter that throws', getter],
      ['a revoked Proxy', revoked],
    ] as const) {
      const schema = { type: 'object', properties: { a: make() } };
      for (const profile of PROFILES) {
        expect(() => checkProviderSchema(schema, profile), `${name} ${profile}`).toThrow(
          expect.objectContaining({ name: 'ToolSchemaError', code: 'invalid-schema' }),
        );
      }
      expect(() => checkProviderTools([{ inputSchema: schema }], 'portable'), name).toThrow(
        expect.objectContaining({ name: 'ToolSchemaError', code: 'invalid-schema' }),
      );
    }
  });

  it('names the place of a getter that throws', () => {
    expect(() => checkProviderSchema({ properties: { a: getter() } }, 'openai-strict')).toThrow(
      expect.objectContaining({ code: 'invalid-schema', pointer: '/properties/a/format' }),
    );
  });

  it('refuses an array that claims more than 16,777,216 items before any rule walks it', () => {
    // A JavaScript array may claim 2³² − 1 items and hold none: walked hole by hole, minutes.
    const sparse = () => Object.assign([], { length: 2 ** 32 - 1 });
    for (const [keyword, pointer] of [
      ['enum', '/properties/a/enum'],
      ['anyOf', '/properties/a/anyOf'],
      ['required', '/properties/a/required'],
      ['type', '/properties/a/type'],
    ] as const) {
      const schema = { type: 'object', properties: { a: { [keyword]: sparse() } } };
      for (const profile of PROFILES) {
        expect(() => checkProviderSchema(schema, profile), `${keyword} ${profile}`).toThrow(
          expect.objectContaining({
            name: 'ToolSchemaError',
            code: 'invalid-schema',
            pointer,
            message: expect.stringContaining('4294967295 items'),
          }),
        );
      }
    }
    // Over a request's tools: a long list, and a long array in one tool, at its place in the list.
    expect(() => checkProviderTools(sparse(), 'anthropic-strict')).toThrow(
      expect.objectContaining({ code: 'invalid-schema', pointer: '' }),
    );
    const tools = [
      { inputSchema: { type: 'object' } },
      { inputSchema: { type: 'object', properties: { a: { enum: sparse() } } } },
    ];
    expect(() => checkProviderTools(tools, 'portable')).toThrow(
      expect.objectContaining({
        code: 'invalid-schema',
        pointer: '/1/inputSchema/properties/a/enum',
      }),
    );
  });
});
