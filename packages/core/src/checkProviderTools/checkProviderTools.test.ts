import { describe, expect, it } from 'vitest';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import { PROFILES, type Profile } from '../types/index.ts';
import { checkProviderTools } from './checkProviderTools.ts';

/** A closed object schema with `required` and `optional` string properties (named by prefix). */
function tool(required: number, optional: number, unions = 0) {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < required; index++) properties[`r${index}`] = { type: 'string' };
  for (let index = 0; index < optional; index++) properties[`o${index}`] = { type: 'string' };
  for (let index = 0; index < unions; index++)
    properties[`u${index}`] = { type: ['string', 'null'] };
  return {
    inputSchema: {
      type: 'object',
      properties,
      required: [...Object.keys(properties).filter((key) => !key.startsWith('o'))],
      additionalProperties: false,
    },
  };
}

describe('checkProviderTools', () => {
  it('accepts a request at every Anthropic limit', () => {
    const tools = Array.from({ length: 20 }, (_, index) =>
      tool(1, index < 12 ? 2 : 0, index < 16 ? 1 : 0),
    );
    expect(checkProviderTools(tools, 'anthropic-strict')).toStrictEqual([]);
    expect(checkProviderTools(tools, 'portable')).toStrictEqual([]);
  });

  it('reports 21 strict tools at the 21st', () => {
    const tools = Array.from({ length: 21 }, () => tool(1, 0));
    expect(checkProviderTools(tools, 'anthropic-strict')).toStrictEqual([
      {
        rule: 'anthropic-strict/strict-tools-per-request',
        pointer: '/20',
        message: 'Claude strict tool use allows at most 20 strict tools per request; found 21.',
        severity: 'error',
      },
    ]);
  });

  it('reports the 25th optional parameter and the 17th union, across tools and nesting', () => {
    const nested = {
      inputSchema: {
        type: 'object',
        properties: {
          inner: {
            type: 'object',
            properties: { deep: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
            additionalProperties: false,
          },
        },
        required: ['inner'],
        additionalProperties: false,
      },
    };
    const tools = [tool(0, 24, 16), nested];
    expect(checkProviderTools(tools, 'anthropic-strict')).toStrictEqual([
      {
        rule: 'anthropic-strict/optional-parameters-per-request',
        pointer: '/1/inputSchema/properties/inner/properties/deep',
        message:
          "Claude strict tool use allows at most 24 optional parameters across a request's strict tools; found 25.",
        severity: 'error',
      },
      {
        rule: 'anthropic-strict/union-parameters-per-request',
        pointer: '/1/inputSchema/properties/inner/properties/deep',
        message:
          "Claude strict tool use allows at most 16 parameters with union types (`anyOf` or a type array) across a request's strict tools; found 17.",
        severity: 'error',
      },
    ]);
  });

  it("counts toProviderSchema's output: anthropic-strict spends optional parameters, not unions", () => {
    /** A closed object with `count` optional string properties, as a tool lists it. */
    const optionals = (count: number) => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`o${index}`, { type: 'string' }]),
      ),
      additionalProperties: false,
    });
    const rules = (count: number, profile: Profile) =>
      checkProviderTools(
        [{ inputSchema: toProviderSchema(optionals(count), profile).schema }],
        profile,
      ).map((violation) => [violation.rule, violation.pointer]);
    // 24 optional properties stay optional: within the limit, and no union spent.
    expect(rules(24, 'anthropic-strict')).toStrictEqual([]);
    // The 25th is past the optional limit: reported, since no rewrite of one schema lifts it.
    expect(rules(25, 'anthropic-strict')).toStrictEqual([
      ['anthropic-strict/optional-parameters-per-request', '/0/inputSchema/properties/o24'],
    ]);
    // portable makes each one required and nullable (OpenAI strict): the 17th is past 16 unions.
    expect(rules(16, 'portable')).toStrictEqual([]);
    expect(rules(17, 'portable')).toStrictEqual([
      ['anthropic-strict/union-parameters-per-request', '/0/inputSchema/properties/o16'],
    ]);
  });

  it('applies no request limit for the other profiles', () => {
    const tools = Array.from({ length: 30 }, () => tool(0, 30, 30));
    const others = PROFILES.filter(
      (profile) => profile !== 'anthropic-strict' && profile !== 'portable',
    );
    expect(others.length).toBe(6);
    for (const profile of others) {
      expect(checkProviderTools(tools, profile), profile).toStrictEqual([]);
    }
  });

  it('takes any value without throwing', () => {
    for (const tools of [null, 3, 'x', {}, [null, 1, { inputSchema: true }, { inputSchema: [] }]]) {
      expect(checkProviderTools(tools as never, 'anthropic-strict')).toStrictEqual([]);
    }
    const [unknown] = checkProviderTools([], 'strict' as Profile);
    expect([unknown?.rule, unknown?.pointer, unknown?.severity]).toStrictEqual([
      'profile-unknown',
      '',
      'error',
    ]);
  });
});
