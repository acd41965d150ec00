import { describe, expect, it } from 'vitest';
import { CliError } from '../CliError/index.ts';
import { readTools } from '../toolsFile/index.ts';
import { checkRequest } from './checkRequest.ts';
import { checkTool } from './checkTool.ts';

describe('checkTool', () => {
  it('checks the schema as listed and as rewritten for the profile', () => {
    const tool = {
      name: 'find',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    };
    const { row } = checkTool(tool, 'openai-strict');
    expect(row).toStrictEqual({
      tool: 'find',
      profile: 'openai-strict',
      acceptedAsListed: false,
      acceptedAfter: true,
      remaining: [],
      tokensBefore: expect.any(Number),
      tokensAfter: expect.any(Number),
    });
    expect(row.tokensAfter).toBeGreaterThan(row.tokensBefore);
  });

  it('reports the pass error and checks the schema as listed then', () => {
    const tool = {
      name: 'list',
      inputSchema: { type: 'object', properties: { next: { $ref: '#' } } },
    };
    const { row } = checkTool(tool, 'gemini', { cycles: 'throw' });
    expect(row.error).toStrictEqual(expect.stringMatching(/^inputSchema: /));
    expect(row.acceptedAfter).toBe(false);
    expect(row.remaining.length).toBeGreaterThan(0);
  });

  it('takes a tool without an input schema as an empty object schema', () => {
    expect(checkTool({ name: 'ping' }, 'anthropic').row.acceptedAsListed).toBe(true);
  });
});

describe('checkRequest', () => {
  const tool = {
    type: 'object',
    properties: { q: { type: 'string' } },
    additionalProperties: false,
  };

  it("says when all the tools in one request pass a provider's request limit", () => {
    const listed = Array.from({ length: 21 }, () => tool);
    expect(checkRequest('anthropic-strict', listed, listed)).toStrictEqual({
      profile: 'anthropic-strict',
      acceptedAsListed: false,
      acceptedAfter: false,
      remaining: [
        {
          rule: 'anthropic-strict/strict-tools-per-request',
          pointer: '/20',
          message: 'Claude strict tool use allows at most 20 strict tools per request; found 21.',
          severity: 'error',
        },
      ],
    });
    expect(checkRequest('openai-strict', listed, listed)).toStrictEqual({
      profile: 'openai-strict',
      acceptedAsListed: true,
      acceptedAfter: true,
      remaining: [],
    });
  });

  it('judges the tools as listed and as rewritten apart', () => {
    const optional = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    };
    const required = { ...optional, required: ['a', 'b'] };
    const row = checkRequest(
      'anthropic-strict',
      Array.from({ length: 13 }, () => optional),
      Array.from({ length: 13 }, () => required),
    );
    expect(row).toStrictEqual({
      profile: 'anthropic-strict',
      acceptedAsListed: false,
      acceptedAfter: true,
      remaining: [],
    });
  });
});

describe('readTools', () => {
  const tool = { name: 'a', inputSchema: { type: 'object' } };

  it('reads a tools/list result, a JSON-RPC answer, an array of tools and a lone schema', () => {
    expect(readTools({ tools: [tool] }, 'x.json')).toStrictEqual([tool]);
    expect(readTools({ jsonrpc: '2.0', id: 1, result: { tools: [tool] } }, 'x.json')).toStrictEqual(
      [tool],
    );
    expect(readTools([tool], 'x.json')).toStrictEqual([tool]);
    expect(readTools({ type: 'object' }, 'dir/search.JSON')).toStrictEqual([
      { name: 'search', inputSchema: { type: 'object' } },
    ]);
  });

  it('refuses what is none of these', () => {
    expect(() => readTools(3, 'x.json')).toThrow(
      new CliError('x.json: expected a JSON Schema, a tools/list result or an array of tools'),
    );
    expect(() => readTools([tool, 1], 'x.json')).toThrow(
      new CliError('x.json: every tool must be an object'),
    );
  });
});
