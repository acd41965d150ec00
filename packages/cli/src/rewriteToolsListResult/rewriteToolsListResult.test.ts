import { describe, expect, it } from 'vitest';
import { rewriteToolsListResult } from './rewriteToolsListResult.ts';

describe('rewriteToolsListResult', () => {
  it('rewrites each tool and keeps the rest of the result', () => {
    const result = {
      tools: [
        {
          name: 'a',
          inputSchema: {
            type: 'object',
            properties: { x: { $ref: '#/$defs/X' } },
            $defs: { X: { type: 'integer' } },
          },
        },
        'not a tool',
        { inputSchema: { type: 'object' } },
      ],
      nextCursor: 'page-2',
      _meta: { trace: 1 },
    };
    expect(rewriteToolsListResult(result)).toStrictEqual({
      result: {
        tools: [
          { name: 'a', inputSchema: { type: 'object', properties: { x: { type: 'integer' } } } },
          'not a tool',
          { inputSchema: { type: 'object' } },
        ],
        nextCursor: 'page-2',
        _meta: { trace: 1 },
      },
      reports: [
        { name: 'a', diagnostics: [], errors: [] },
        { name: '(unnamed)', diagnostics: [], errors: [] },
      ],
    });
  });
});
