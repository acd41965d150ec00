import { ToolSchemaMessages } from '@toolschema/mcp';
import { rewrittenToolWithRef, toolsListResponse, toolWithRef } from '@toolschema/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioLineAdapter } from './StdioLineAdapter.ts';

const line = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/** An adapter whose core and framing both report failures into `failures`, as the proxy's do. */
function adapter(failures: unknown[] = []): StdioLineAdapter {
  const onRewriteError = (error: unknown): void => {
    failures.push(error);
  };
  return new StdioLineAdapter(new ToolSchemaMessages({ onRewriteError }), { onRewriteError });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('StdioLineAdapter', () => {
  it('rewrites the answer to a tools/list request it saw, and only once', () => {
    const lines = adapter();
    lines.clientLine(line({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }));
    expect(lines.waitsForToolsList).toBe(true);
    const out = lines.serverLine(line(toolsListResponse(7)));
    expect(JSON.parse(out.toString())).toStrictEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { tools: [rewrittenToolWithRef], nextCursor: 'c' },
    });
    expect(lines.waitsForToolsList).toBe(false);
    const again = line(toolsListResponse(7));
    expect(lines.serverLine(again)).toBe(again);
  });

  it('sees a tools/list request whose method is written with escapes, and no other request', () => {
    const lines = adapter();
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":3,"method":"tools\\/list"}'));
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":4,"method":"\\u0074ools/list"}'));
    lines.clientLine(line({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: {} }));
    for (const id of [3, 4]) {
      expect(
        JSON.parse(lines.serverLine(line(toolsListResponse(id))).toString()).result.tools,
      ).toStrictEqual([rewrittenToolWithRef]);
    }
    expect(lines.waitsForToolsList).toBe(false);
  });

  it('hands every other line back as the same bytes', () => {
    const lines = adapter();
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const others = [
      Buffer.from('not json at all'),
      Buffer.from(''),
      Buffer.from('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}'),
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}'),
      line(toolsListResponse(2)),
      // Odd spacing that a re-serialization would lose.
      Buffer.from('{ "jsonrpc" : "2.0", "id" : 3, "result" : { } }'),
    ];
    for (const other of others) expect(lines.serverLine(other)).toBe(other);
    expect(lines.waitsForToolsList).toBe(true);
  });

  it('hands back an answer whose schemas do not change as the same bytes', () => {
    const lines = adapter();
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const answer = Buffer.from(
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"b","inputSchema":{"type":"object","properties":{"n":{"maximum":1e400}}}}]}}',
    );
    expect(lines.serverLine(answer)).toBe(answer);
  });

  it('keeps a CRLF line ending on a rewritten line', () => {
    const lines = adapter();
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\r'));
    const out = lines.serverLine(Buffer.from(`${JSON.stringify(toolsListResponse(1))}\r`));
    expect(out.at(-1)).toBe(0x0d);
    expect(JSON.parse(out.toString()).result.tools).toStrictEqual([rewrittenToolWithRef]);
  });

  it('ignores malformed client lines', () => {
    const lines = adapter();
    for (const text of ['', '{', 'null', '[1, "x"]', '{"method":"tools/list"}', '{"id":{}}']) {
      lines.clientLine(Buffer.from(text));
    }
    expect(lines.waitsForToolsList).toBe(false);
  });

  it('gives back a 64-bit integer id byte for byte, and matches it exactly', () => {
    const lines = adapter();
    // 2^53 + 1: JSON.parse reads it as 2^53, which is another id.
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}'));
    const other = Buffer.from(
      JSON.stringify(toolsListResponse(0)).replace('"id":0', '"id":9007199254740992'),
    );
    expect(lines.serverLine(other)).toBe(other);
    const answer = JSON.stringify(toolsListResponse(0)).replace('"id":0', '"id":9007199254740993');
    const out = lines.serverLine(Buffer.from(answer)).toString();
    expect(out).toBe(
      JSON.stringify({
        ...toolsListResponse(0),
        result: { tools: [rewrittenToolWithRef], nextCursor: 'c' },
      }).replace('"id":0', '"id":9007199254740993'),
    );
  });

  it('keeps the source text of numbers the pass does not touch', () => {
    const lines = adapter();
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":1.0,"method":"tools/list"}'));
    const answer =
      '{"jsonrpc":"2.0","id":1.0,"result":{"tools":[{"name":"n","inputSchema":{"type":"object",' +
      '"properties":{"n":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"number","maximum":1e400,' +
      '"minimum":-0,"multipleOf":0.50,"default":12345678901234567890}}}}],"_meta":{"t":1E3}}}';
    expect(lines.serverLine(Buffer.from(answer)).toString()).toBe(
      '{"jsonrpc":"2.0","id":1.0,"result":{"tools":[{"name":"n","inputSchema":{"type":"object",' +
        '"properties":{"n":{"type":"number","maximum":1e400,"minimum":-0,"multipleOf":0.50,' +
        '"default":12345678901234567890}}}}],"_meta":{"t":1E3}}}',
    );
  });

  it('passes an answer it cannot write back on as it came, and reports why', () => {
    const failures: unknown[] = [];
    const lines = adapter(failures);
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const answer = line(toolsListResponse(1));
    // What V8 throws for a text past its string length limit (an amplifying schema).
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if (typeof value === 'object' && value !== null && 'jsonrpc' in value) {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as []));
    });
    expect(lines.serverLine(answer)).toBe(answer);
    expect(failures).toStrictEqual([new RangeError('Invalid string length')]);
    expect(lines.waitsForToolsList).toBe(false);
  });

  it('passes an answer with a value too deep to rewrite on as it came, and reports why', () => {
    const failures: unknown[] = [];
    const lines = adapter(failures);
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const depth = 100_000;
    const answer = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"result":{"tools":[${JSON.stringify(toolWithRef)},` +
        `{"name":"deep","inputSchema":{"const":${'['.repeat(depth)}${']'.repeat(depth)}}}]}}`,
    );
    expect(lines.serverLine(answer)).toBe(answer);
    expect(failures).toStrictEqual([expect.any(RangeError)]);
  });
});
