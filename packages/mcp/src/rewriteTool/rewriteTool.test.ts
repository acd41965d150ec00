import { manyStringProperties } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { rewriteTool } from './rewriteTool.ts';

describe('rewriteTool', () => {
  it('inlines refs in both schemas and keeps every other field', () => {
    const tool = {
      name: 'lookup',
      description: 'Looks things up.',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { type: 'string' } },
      },
      outputSchema: {
        type: 'object',
        properties: { b: { $ref: '#/definitions/B' } },
        definitions: { B: { type: 'number' } },
      },
    };
    const before = structuredClone(tool);
    expect(rewriteTool(tool)).toStrictEqual({
      tool: {
        name: 'lookup',
        description: 'Looks things up.',
        annotations: { readOnlyHint: true },
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
        outputSchema: { type: 'object', properties: { b: { type: 'number' } } },
      },
      diagnostics: [],
      errors: [],
      codec: undefined,
      violations: [],
    });
    expect(tool).toStrictEqual(before);
  });

  it('gives the input schema an object root and leaves the output root alone', () => {
    const result = rewriteTool({
      name: 't',
      inputSchema: { properties: { a: { type: 'string' } } },
      outputSchema: { type: 'string' },
    });
    expect(result.tool).toStrictEqual({
      name: 't',
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      outputSchema: { type: 'string' },
    });
  });

  it('leaves a pattern with no u form out of the output schema only, unless told to keep it', () => {
    const code = { type: 'string', pattern: '(?i)^ab$' };
    const tool = {
      name: 't',
      inputSchema: { type: 'object', properties: { code } },
      outputSchema: { type: 'object', properties: { code } },
    };
    const result = rewriteTool(tool);
    expect(result.tool).toStrictEqual({
      name: 't',
      inputSchema: tool.inputSchema,
      outputSchema: { type: 'object', properties: { code: { type: 'string' } } },
    });
    expect(
      result.diagnostics.map(({ schema, code, pointer }) => [schema, code, pointer]),
    ).toStrictEqual([
      ['inputSchema', 'pattern-not-unicode', '/properties/code/pattern'],
      ['outputSchema', 'pattern-dropped', '/properties/code/pattern'],
    ]);
    expect(rewriteTool(tool, { foreignPatterns: 'keep' }).tool).toStrictEqual(tool);
    expect(rewriteTool(tool, { foreignPatterns: 'drop' }).tool).toStrictEqual({
      name: 't',
      inputSchema: { type: 'object', properties: { code: { type: 'string' } } },
      outputSchema: { type: 'object', properties: { code: { type: 'string' } } },
    });
  });

  it('tags diagnostics with the schema they came from', () => {
    const result = rewriteTool({
      name: 't',
      inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } },
    });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      schema: 'inputSchema',
      code: 'ref-unresolved',
      pointer: expect.stringMatching(/^\/properties\/a/),
    });
  });

  it('keeps a schema the pass refuses as it was and reports the error', () => {
    const cyclic = {
      type: 'object',
      properties: { next: { $ref: '#' } },
    };
    const result = rewriteTool({ name: 'list', inputSchema: cyclic }, { cycles: 'throw' });
    expect(result.tool).toStrictEqual({ name: 'list', inputSchema: cyclic });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^inputSchema: /);
  });

  it('leaves values that are not schemas alone', () => {
    expect(rewriteTool({ name: 't', inputSchema: 'nope', outputSchema: null })).toStrictEqual({
      tool: { name: 't', inputSchema: 'nope', outputSchema: null },
      diagnostics: [],
      errors: [],
      codec: undefined,
      violations: [],
    });
  });

  it('a schema whose getter throws is refused by the pass like any other (kept, reported)', () => {
    const broken = {
      get type(): string {
        throw new TypeError('a getter failed');
      },
    };
    const result = rewriteTool({ name: 't', inputSchema: broken });
    expect(result.tool.inputSchema).toBe(broken);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      /^inputSchema: Reading the schema at \/type threw: a getter failed/,
    );
  });
});

describe('rewriteTool with a profile', () => {
  it('lists the wire schema of the input, keeps its codec, and the output gets the plain pass', () => {
    const tool = {
      name: 'set',
      inputSchema: { type: 'object', properties: { level: { enum: [1, 2] } }, required: ['level'] },
      outputSchema: { type: 'object', properties: { ok: { const: true } } },
    };
    const result = rewriteTool(tool, {}, 'gemini');
    expect(result.tool).toStrictEqual({
      name: 'set',
      inputSchema: {
        type: 'object',
        properties: { level: { type: 'string', enum: ['1', '2'] } },
        required: ['level'],
      },
      outputSchema: tool.outputSchema,
    });
    expect(result.codec).not.toBe(undefined);
    expect(result.violations).toStrictEqual([]);
  });

  it('reports the refusals the profile cannot remove', () => {
    const tool = { name: 'pick', inputSchema: { properties: manyStringProperties() } };
    const result = rewriteTool(tool, {}, 'openai-strict');
    expect(result.violations.map((violation) => violation.rule)).toStrictEqual([
      'openai-strict/limits',
    ]);
  });
});
