import { describe, expect, it } from 'vitest';
import { formatInspectTable } from './formatInspectTable.ts';
import { summarizeTool } from './summarizeTool.ts';

describe('summarizeTool', () => {
  it('counts bytes of both schemas, refs before and refs left after', () => {
    const inputSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } },
      default: { a: { $ref: 'not a reference' } },
      $defs: { A: { type: 'string' } },
    };
    const outputSchema = { type: 'string' };
    const summary = summarizeTool({ name: 'x', inputSchema, outputSchema });
    const after = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      default: { a: { $ref: 'not a reference' } },
    };
    expect(summary).toStrictEqual({
      name: 'x',
      bytesBefore: JSON.stringify(inputSchema).length + JSON.stringify(outputSchema).length,
      bytesAfter: JSON.stringify(after).length + JSON.stringify(outputSchema).length,
      refs: 2,
      cyclesKept: 0,
      diagnostics: [],
      errors: [],
    });
  });

  it('counts the refs a cycle keeps', () => {
    const summary = summarizeTool({
      name: 'tree',
      inputSchema: {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        $defs: {
          Node: { type: 'object', properties: { children: { items: { $ref: '#/$defs/Node' } } } },
        },
      },
    });
    expect(summary.refs).toBe(2);
    expect(summary.cyclesKept).toBeGreaterThanOrEqual(1);
  });
});

describe('formatInspectTable', () => {
  it('lines the columns up and adds a total row', () => {
    const row = (name: string, bytesBefore: number, bytesAfter: number, refs: number) => ({
      name,
      bytesBefore,
      bytesAfter,
      refs,
      cyclesKept: 0,
      diagnostics: [],
      errors: [],
    });
    expect(formatInspectTable([row('create_page', 590, 402, 3), row('a', 33, 33, 0)])).toBe(
      [
        'tool             bytes before → after  refs  cycles kept  diagnostics',
        'create_page                 590 → 402     3            0            0',
        'a                            33 →  33     0            0            0',
        'total (2 tools)             623 → 435     3            0            0',
      ].join('\n'),
    );
  });

  it('formats 200,000 tools (no row list spread into a call)', () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => ({
      name: `t${index}`,
      bytesBefore: 10,
      bytesAfter: 10,
      refs: 0,
      cyclesKept: 0,
      diagnostics: [],
      errors: [],
    }));
    const lines = formatInspectTable(rows).split('\n');
    expect(lines).toHaveLength(200_002);
    expect(lines.at(-1)?.replace(/ +/g, ' ')).toBe('total (200000 tools) 2000000 → 2000000 0 0 0');
  });
});
