/**
 * The providers' own client code as a second opinion on wire schemas, offline: `openai`'s
 * strict transform, `@anthropic-ai/sdk`'s `transformJSONSchema` and the request
 * `@google/genai` builds. On hand-written schemas each profile accepts, the SDK must not throw
 * and must send the schema unchanged; on schemas the checker refuses, the SDK throws or rewrites.
 */
import { checkProviderSchema, type Profile, toProviderSchema } from '@toolschema/core';
import { googleDeclaration } from '@toolschema/test-support/acceptance';
import {
  anthropicStrictOpinion,
  geminiOpinion,
  geminiOpinions,
  jsonChanges,
  openaiStrictOpinion,
} from '@toolschema/test-support/second-opinions';
import { jsonSchema } from 'ai';
import { describe, expect, it } from 'vitest';

function errors(schema: unknown, profile: Profile): string[] {
  return checkProviderSchema(schema, profile)
    .filter((violation) => violation.severity === 'error')
    .map((violation) => `${violation.rule} ${violation.pointer}`);
}

/** A closed object with these properties, none of them required. */
function closed(properties: Record<string, unknown>) {
  return { type: 'object', properties, additionalProperties: false };
}

const strictCommon = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Who' },
    when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    kind: { type: 'string', enum: ['a', 'b'] },
    tags: { type: 'array', items: { type: 'string' } },
    address: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
  required: ['name', 'when', 'kind', 'tags', 'address'],
  additionalProperties: false,
};

describe('openai toStrictJsonSchema', () => {
  const recursive = {
    type: 'object',
    properties: {
      tree: { $ref: '#/$defs/node' },
      count: { type: ['integer', 'null'], minimum: 0 },
    },
    required: ['tree', 'count'],
    additionalProperties: false,
    $defs: {
      node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
        required: ['name', 'children'],
        additionalProperties: false,
      },
    },
  };

  it('passes openai-strict schemas unchanged', () => {
    for (const schema of [strictCommon, recursive]) {
      expect(errors(schema, 'openai-strict')).toStrictEqual([]);
      const opinion = openaiStrictOpinion(schema);
      expect(opinion.error).toBe(undefined);
      expect(opinion.changes).toStrictEqual([]);
      expect(opinion.sent).toStrictEqual(schema);
    }
  });

  it('throws or rewrites where the checker finds errors', () => {
    const optional = closed({ a: { type: 'string' } });
    expect(errors(optional, 'openai-strict')).toStrictEqual([
      'openai-strict/required-every-property /properties/a',
    ]);
    expect(openaiStrictOpinion(optional).error).toContain(
      'uses `.optional()` without `.nullable()`',
    );

    const open = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(errors(open, 'openai-strict')).toStrictEqual([
      'openai-strict/additional-properties-false ',
    ]);
    expect(openaiStrictOpinion(open).changes).toStrictEqual(['/additionalProperties']);

    const oneOf = {
      ...strictCommon,
      properties: {
        ...strictCommon.properties,
        kind: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    };
    expect(errors(oneOf, 'openai-strict')).toStrictEqual([
      'openai-strict/unsupported-keyword /properties/kind/oneOf',
      'openai-strict/type /properties/kind',
    ]);
    expect(openaiStrictOpinion(oneOf).error).not.toBe(undefined);
  });
});

describe('@anthropic-ai/sdk transformJSONSchema', () => {
  it('passes anthropic-strict schemas without pattern or default unchanged', () => {
    // The SDK drops `type` beside `enum` and `const`, so the literal stands alone here.
    const schema = {
      ...strictCommon,
      properties: { ...strictCommon.properties, kind: { enum: ['a', 'b'] } },
    };
    expect(errors(schema, 'anthropic-strict')).toStrictEqual([]);
    const opinion = anthropicStrictOpinion(schema);
    expect(opinion.error).toBe(undefined);
    expect(opinion.changes).toStrictEqual([]);
    expect(anthropicStrictOpinion(strictCommon).changes).toStrictEqual(['/properties/kind/type']);
  });

  it('throws on a typeless schema and rewrites bounds, where the checker finds errors', () => {
    const typeless = closed({ a: { description: 'any' } });
    const { error } = anthropicStrictOpinion(typeless);
    expect(error).toBe(
      'JSON schema must have a type defined if anyOf/oneOf/allOf/enum/const are not used',
    );
    expect(errors(typeless, 'anthropic-strict')).toStrictEqual([
      'anthropic-strict/type /properties/a',
    ]);

    const bounded = closed({ a: { type: 'string', maxLength: 3 } });
    expect(errors(bounded, 'anthropic-strict')).toStrictEqual([
      'anthropic-strict/string-length /properties/a/maxLength',
    ]);
    expect(anthropicStrictOpinion(bounded).changes).toStrictEqual([
      '/properties/a/maxLength',
      '/properties/a/description',
    ]);
  });

  it('moves pattern and default into the description, which the API documents as supported', () => {
    const schema = closed({ code: { type: 'string', pattern: '^[A-Z]{3}$', default: 'EUR' } });
    expect(errors(schema, 'anthropic-strict')).toStrictEqual([]);
    expect(anthropicStrictOpinion(schema).changes).toStrictEqual([
      '/properties/code/pattern',
      '/properties/code/default',
      '/properties/code/description',
    ]);
  });
});

describe('@google/genai request', () => {
  it('sends a gemini schema in upper-case OpenAPI types unchanged in parameters', async () => {
    const schema = {
      type: 'OBJECT',
      properties: {
        name: { type: 'STRING', nullable: true },
        kind: { type: 'STRING', enum: ['a', 'b'] },
        tags: { type: 'ARRAY', items: { type: 'STRING' } },
      },
      required: ['kind'],
    };
    expect(errors(schema, 'gemini')).toStrictEqual([]);
    const opinion = await geminiOpinion(schema, 'parameters');
    expect(opinion.error).toBe(undefined);
    expect(opinion.sent).toStrictEqual(schema);
  });

  it('rewrites lower-case types and drops additionalProperties in parameters', async () => {
    const schema = closed({ name: { type: 'string' } });
    expect(errors(schema, 'gemini')).toStrictEqual(['gemini/unknown-field /additionalProperties']);
    const opinion = await geminiOpinion(schema, 'parameters');
    expect(opinion.changes).toStrictEqual([
      '/type',
      '/properties/name/type',
      '/additionalProperties',
    ]);
  });

  it("writes a nullable enum as Google's SDK writes it: nullable beside the enum, null unlisted", async () => {
    // `@google/genai` 3.6.1 `processJsonSchema` (dist/node/index.mjs): a two-branch `anyOf` with
    // `{ type: "null" }` becomes `nullable: true` on the other branch, its `enum` untouched. An
    // `enum` listing `null` it sends as it is, without a `type`, which Gemini's `Schema` (an
    // `enum` of strings, a `type` on every node) cannot carry, so the `anyOf` form is the SDK's own
    // spelling of a nullable enum, and the gemini profile writes every nullable enum that way.
    const tool = (mode: unknown) => ({ type: 'object', properties: { mode }, required: ['mode'] });
    const union = tool({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
    const listed = tool({ enum: ['a', 'b', null] });
    const wire = toProviderSchema(union, 'gemini').schema;
    expect(wire).toStrictEqual(tool({ type: 'string', enum: ['a', 'b'], nullable: true }));
    expect(toProviderSchema(listed, 'gemini').schema).toStrictEqual(wire);
    expect(errors(wire, 'gemini')).toStrictEqual([]);
    const [fromUnion, fromListed, fromWire] = await geminiOpinions(
      [union, listed, wire],
      'parameters',
    );
    expect(fromUnion!.sent).toStrictEqual({
      type: 'OBJECT',
      properties: { mode: { nullable: true, type: 'STRING', enum: ['a', 'b'] } },
      required: ['mode'],
    });
    expect(fromWire!.sent).toStrictEqual(fromUnion!.sent);
    expect(fromListed!.sent).toStrictEqual({
      type: 'OBJECT',
      properties: { mode: { enum: ['a', 'b', null] } },
      required: ['mode'],
    });
    expect(errors(fromListed!.sent, 'gemini')).not.toStrictEqual([]);
    // The AI SDK's Google converter (`@ai-sdk/google` 3.0.141 `addEnumToSchema`) agrees: `null`
    // out of the `enum`, into `nullable: true`, for both spellings.
    for (const original of [union, listed]) {
      const declared = await googleDeclaration(jsonSchema(original as never));
      expect(declared.parameters).toStrictEqual(wire);
    }
  });

  it('sends a gemini-json-schema schema unchanged in parametersJsonSchema', async () => {
    const schema = {
      type: 'object',
      properties: {
        meta: { type: 'object', additionalProperties: { type: 'string' } },
        next: { $ref: '#/$defs/n' },
      },
      required: ['meta'],
      $defs: { n: { type: ['string', 'null'] } },
    };
    expect(errors(schema, 'gemini-json-schema')).toStrictEqual([]);
    const opinion = await geminiOpinion(schema, 'parametersJsonSchema');
    expect(opinion.error).toBe(undefined);
    expect(opinion.sent).toStrictEqual(schema);
  });
});

describe('a null default, as Pydantic and FastMCP servers write every optional parameter', () => {
  // The SDKs strip `default: null` (openai's strict transform: "no meaningful distinction";
  // @google/genai: null fields of `parameters`), so the wire leaves it out to be what they send.
  const listed = {
    type: 'object',
    properties: {
      query: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
      limit: { type: 'integer', default: 10 },
    },
  };

  it('openai toStrictJsonSchema sends the openai-strict and portable wires unchanged', () => {
    for (const profile of ['openai-strict', 'portable'] as const) {
      const wire = toProviderSchema(listed, profile).schema;
      expect(errors(wire, profile)).toStrictEqual([]);
      const opinion = openaiStrictOpinion(wire);
      expect(opinion.error).toBe(undefined);
      expect(opinion.changes).toStrictEqual([]);
    }
  });

  it('@google/genai sends the gemini wire unchanged but for upper-case types', async () => {
    const wire = toProviderSchema(listed, 'gemini').schema;
    expect(errors(wire, 'gemini')).toStrictEqual([]);
    const opinion = await geminiOpinion(wire, 'parameters');
    expect(opinion.changes).toStrictEqual([
      '/type',
      '/properties/query/type',
      '/properties/limit/type',
    ]);
  });
});

describe('jsonChanges', () => {
  it('lists added, removed and changed positions', () => {
    expect(
      jsonChanges({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 1, b: [1], c: { d: 'y' }, e: 0 }),
    ).toStrictEqual(['/b', '/c/d', '/e']);
    expect(jsonChanges({ 'a/b': { '~': 1 } }, { 'a/b': {} })).toStrictEqual(['/a~1b/~0']);
  });
});
