import { describe, expect, it } from 'vitest';
import type { ToolReport } from '../rewriteToolsListResult/index.ts';
import { ToolsListRewriter } from './ToolsListRewriter.ts';

const line = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

const toolWithRef = {
  name: 'a',
  inputSchema: {
    type: 'object',
    properties: { x: { $ref: '#/$defs/X' } },
    $defs: { X: { type: 'string' } },
  },
};
const rewrittenTool = {
  name: 'a',
  inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
};

function listResponse(id: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result: { tools: [toolWithRef], nextCursor: 'c' } };
}

describe('ToolsListRewriter', () => {
  it('rewrites the answer to a forwarded tools/list request, and only once', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }));
    expect(rewriter.pendingCount).toBe(1);
    const out = rewriter.transformServerLine(line(listResponse(7)));
    expect(JSON.parse(out.toString())).toStrictEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { tools: [rewrittenTool], nextCursor: 'c' },
    });
    expect(rewriter.pendingCount).toBe(0);
    const again = line(listResponse(7));
    expect(rewriter.transformServerLine(again)).toBe(again);
  });

  it('sees a tools/list request whose method is written with escapes', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tools\\/list"}'));
    rewriter.observeClientLine(Buffer.from('{"jsonrpc":"2.0","id":4,"method":"\\u0074ools/list"}'));
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} }));
    expect(rewriter.pendingCount).toBe(2);
  });

  it('keys ids by type: "1" and 1 are different requests', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: '1', method: 'tools/list' }));
    const numeric = line(listResponse(1));
    expect(rewriter.transformServerLine(numeric)).toBe(numeric);
    const text = rewriter.transformServerLine(line(listResponse('1')));
    expect(JSON.parse(text.toString()).result.tools).toStrictEqual([rewrittenTool]);
  });

  it('hands every other line back as the same bytes', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const others = [
      Buffer.from('not json at all'),
      Buffer.from(''),
      Buffer.from('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'),
      // A request from the server that happens to use the same id is not a response.
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}'),
      // Another response with the same shape but a different id.
      line(listResponse(2)),
      // Odd spacing that a re-serialization would lose.
      Buffer.from('{ "jsonrpc" : "2.0", "id" : 3, "result" : { } }'),
    ];
    for (const other of others) expect(rewriter.transformServerLine(other)).toBe(other);
    expect(rewriter.pendingCount).toBe(1);
  });

  it('passes an error answer through and forgets the request', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const error = line({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } });
    expect(rewriter.transformServerLine(error)).toBe(error);
    expect(rewriter.pendingCount).toBe(0);
  });

  it('passes a result without tools through and forgets the request', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const odd = line({ jsonrpc: '2.0', id: 1, result: { items: [] } });
    expect(rewriter.transformServerLine(odd)).toBe(odd);
    expect(rewriter.pendingCount).toBe(0);
  });

  it('follows tools/list requests inside batches and rewrites only their answers', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(
      line([
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ]),
    );
    const callAnswer = { jsonrpc: '2.0', id: 1, result: { content: [] } };
    const out = rewriter.transformServerLine(line([callAnswer, listResponse(2)]));
    expect(JSON.parse(out.toString())).toStrictEqual([
      callAnswer,
      { jsonrpc: '2.0', id: 2, result: { tools: [rewrittenTool], nextCursor: 'c' } },
    ]);
  });

  it('keeps a CRLF line ending on a rewritten line', () => {
    const rewriter = new ToolsListRewriter();
    rewriter.observeClientLine(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\r'));
    const out = rewriter.transformServerLine(Buffer.from(`${JSON.stringify(listResponse(1))}\r`));
    expect(out.at(-1)).toBe(0x0d);
    expect(JSON.parse(out.toString()).result.tools).toStrictEqual([rewrittenTool]);
  });

  it('ignores malformed client lines', () => {
    const rewriter = new ToolsListRewriter();
    for (const text of ['', '{', 'null', '[1, "x"]', '{"method":"tools/list"}', '{"id":{}}']) {
      rewriter.observeClientLine(Buffer.from(text));
    }
    expect(rewriter.pendingCount).toBe(0);
  });

  it('reports each tool of a rewritten result', () => {
    const reports: ToolReport[] = [];
    const rewriter = new ToolsListRewriter({ onReport: (report) => reports.push(report) });
    rewriter.observeClientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    rewriter.transformServerLine(line(listResponse(1)));
    expect(reports).toStrictEqual([{ name: 'a', diagnostics: [], errors: [] }]);
  });
});
