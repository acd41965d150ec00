import { PROFILES } from '@toolschema/core';
import {
  DEFAULT_GATE_LIST_TIMEOUT,
  type GateListRequest,
  ToolSchemaMessages,
} from '@toolschema/mcp';
import {
  rewrittenToolWithRef,
  toolsListResponse,
  toolWithRecord,
  toolWithRef,
  toolWithTooManyProperties,
} from '@toolschema/test-support';
import { readPythonListing } from '@toolschema/test-support/corpora';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioLineAdapter } from './StdioLineAdapter.ts';
import { ToolTextCache } from './ToolTextCache.ts';

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

  it('gives a profile the numbers of a schema as values, a number beyond any as its text', () => {
    // Python servers write floats as `1.0`: a profile lists, describes and compares them as the
    // numbers they are (as a placeholder string, `1.0` would match no number of the `enum`).
    const lines = new StdioLineAdapter(new ToolSchemaMessages({ profile: 'anthropic-strict' }));
    lines.clientLine(Buffer.from('{"jsonrpc":"2.0","id":1.0,"method":"tools/list"}'));
    const answer =
      '{"jsonrpc":"2.0","id":1.0,"result":{"tools":[{"name":"n","inputSchema":{"type":"object",' +
      '"properties":{"n":{"type":"number","enum":[1.0,2.50]},"m":{"type":"integer",' +
      '"minimum":1E2,"maximum":1e400,"default":1.0}},"required":["n","m"]}}]}}';
    expect(lines.serverLine(Buffer.from(answer)).toString()).toBe(
      '{"jsonrpc":"2.0","id":1.0,"result":{"tools":[{"name":"n","inputSchema":{"type":"object",' +
        '"properties":{"n":{"type":"number","enum":[1,2.5]},"m":{"type":"integer","default":1,' +
        '"description":"Constraints: minimum: 100; maximum: 1e400."}},"required":["n","m"],' +
        '"additionalProperties":false}}]}}',
    );
  });

  it("lists a Python server's tools under every profile as the same tools written by JavaScript", () => {
    // FastMCP's OpenAPI tools as Python wrote them (`"minimum": 1.0`), made one line: JSON strings
    // hold no raw line break, so what follows one is white space between tokens.
    const result = readPythonListing('openapi').replace(/\n\s*/g, '');
    const answer = `{"jsonrpc":"2.0","id":1,"result":${result}}`;
    const asJavaScript = JSON.stringify(JSON.parse(answer));
    expect(answer).not.toBe(asJavaScript);
    for (const profile of PROFILES) {
      const listed = (text: string): string => {
        const lines = new StdioLineAdapter(new ToolSchemaMessages({ profile }));
        lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
        return lines.serverLine(Buffer.from(text)).toString();
      };
      const fromPython = listed(answer);
      expect(fromPython).not.toContain('\\u0000');
      expect(JSON.parse(fromPython)).toStrictEqual(JSON.parse(listed(asJavaScript)));
    }
  });

  it('passes an answer it cannot write back on as it came, and reports why', () => {
    const failures: unknown[] = [];
    const lines = adapter(failures);
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const answer = line(toolsListResponse(1));
    // What V8 throws for a text past its string length limit (an amplifying schema), when the
    // rewritten tool is written.
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if (typeof value === 'object' && value !== null && 'inputSchema' in value) {
        throw new RangeError('Invalid string length');
      }
      return stringify(value, ...(rest as []));
    });
    expect(lines.serverLine(answer)).toBe(answer);
    expect(failures).toStrictEqual([new RangeError('Invalid string length')]);
    expect(lines.waitsForToolsList).toBe(false);
  });

  it('passes a batch answer it cannot write back on as it came, and reports why', () => {
    const failures: unknown[] = [];
    const lines = adapter(failures);
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const answer = line([toolsListResponse(1)]);
    const stringify = JSON.stringify;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if (Array.isArray(value) && value.length === 1) throw new RangeError('Invalid string length');
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

/** A tool with a `$ref` (rewritten by the pass) named `name`. */
function refTool(name: string, type = 'string'): Record<string, unknown> {
  return {
    ...toolWithRef,
    name,
    inputSchema: { ...toolWithRef.inputSchema, $defs: { X: { type } } },
  };
}

/** A tools/list answer's line with odd spacing and a 64-bit id, as a server may write it. */
function answerLine(id: string, tools: unknown[]): Buffer {
  const text = tools.map((tool) => JSON.stringify(tool)).join(' ,\t');
  return Buffer.from(
    `{ "jsonrpc":"2.0", "id" : ${id}, "result":{"tools": [ ${text} ] , "nextCursor":1.50}}`,
  );
}

/** Lists `tools` through the adapter (request, then answer); returns the answer's line. */
function list(lines: StdioLineAdapter, id: string, tools: unknown[]): string {
  lines.clientLine(Buffer.from(`{"jsonrpc":"2.0","id":${id},"method":"tools/list"}`));
  return lines.serverLine(answerLine(id, tools)).toString();
}

describe('StdioLineAdapter, a tools/list listed again', () => {
  const tools = [refTool('a'), { name: 'plain', inputSchema: { type: 'object' } }, refTool('b')];

  it('gives the same bytes as a cold rewrite without passing any tool to the core again', () => {
    const messages = new ToolSchemaMessages();
    const lines = new StdioLineAdapter(messages);
    const listTool = vi.spyOn(messages, 'listTool');
    const first = list(lines, '9007199254740993', tools);
    expect(listTool).toHaveBeenCalledTimes(3);
    const again = list(lines, '9007199254740995', tools);
    expect(listTool).toHaveBeenCalledTimes(3);
    // What a fresh adapter (every tool cold) makes of the second answer, byte for byte.
    const cold = list(new StdioLineAdapter(new ToolSchemaMessages()), '9007199254740995', tools);
    expect(again).toBe(cold);
    expect(first).toBe(cold.replace('9007199254740995', '9007199254740993'));
    // Every byte but those of the rewritten tools is kept; the rewritten tools are spliced in.
    expect(again).toBe(
      '{ "jsonrpc":"2.0", "id" : 9007199254740995, "result":{"tools": [ ' +
        `${JSON.stringify({ ...rewrittenToolWithRef, name: 'a' })} ,\t` +
        `${JSON.stringify(tools[1])} ,\t${JSON.stringify({ ...rewrittenToolWithRef, name: 'b' })}` +
        ' ] , "nextCursor":1.50}}',
    );
  });

  it('passes only a new or changed tool to the core, wherever it stands', () => {
    const messages = new ToolSchemaMessages();
    const lines = new StdioLineAdapter(messages);
    list(lines, '1', tools);
    const listTool = vi.spyOn(messages, 'listTool');
    const changed = refTool('b', 'integer');
    const added = refTool('c');
    const next = [added, tools[0], changed, tools[1]];
    const out = list(lines, '2', next);
    expect(listTool.mock.calls.map(([tool]) => tool.name)).toStrictEqual(['c', 'b']);
    expect(out).toBe(list(new StdioLineAdapter(new ToolSchemaMessages()), '2', next));
    expect(messages.tool('b')?.inputSchema?.schema).toStrictEqual({
      type: 'object',
      properties: { x: { type: 'integer' } },
    });
    // A tool left out and the others listed again: nothing new.
    listTool.mockClear();
    list(lines, '3', [tools[1], changed]);
    expect(listTool).toHaveBeenCalledTimes(0);
  });

  it('reports a tool when it is new or changed, not when it is listed again', () => {
    const reports: string[] = [];
    const messages = new ToolSchemaMessages({
      onToolReport: (report) => reports.push(report.name),
    });
    const lines = new StdioLineAdapter(messages);
    list(lines, '1', tools);
    list(lines, '2', tools);
    list(lines, '3', [refTool('a', 'number'), tools[1], tools[2]]);
    list(lines, '4', tools);
    expect(reports).toStrictEqual(['a', 'plain', 'b', 'a', 'a']);
  });

  it('keeps at most the entries and bytes of its bounds, and still rewrites what it let go', () => {
    const messages = new ToolSchemaMessages();
    // A tool's text counts twice as listed and once as rewritten.
    const oneTool =
      2 * JSON.stringify(refTool('a')).length + JSON.stringify(rewrittenToolWithRef).length;
    const cache = new ToolTextCache({ maxEntries: 2, maxBytes: 10 * oneTool });
    const lines = new StdioLineAdapter(messages, { toolTexts: cache });
    const many = ['a', 'b', 'c', 'd', 'e'].map((name) => refTool(name));
    const cold = list(new StdioLineAdapter(new ToolSchemaMessages()), '1', many);
    expect(list(lines, '1', many)).toBe(cold);
    expect(cache.size).toBe(2);
    const listTool = vi.spyOn(messages, 'listTool');
    expect(list(lines, '1', many)).toBe(cold);
    // The two kept are the last two listed, so the first three are passed again.
    expect(listTool.mock.calls.map(([tool]) => tool.name)).toStrictEqual(['a', 'b', 'c']);

    const tight = new ToolTextCache({ maxEntries: 100, maxBytes: Math.floor(1.5 * oneTool) });
    const tightLines = new StdioLineAdapter(new ToolSchemaMessages(), { toolTexts: tight });
    expect(list(tightLines, '1', many)).toBe(cold);
    expect(tight.size).toBe(1);
    expect(tight.bytes).toBeLessThanOrEqual(1.5 * oneTool);
  });

  it('decodes a tools/call of a tool listed again from the cache under a profile', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    const lines = new StdioLineAdapter(messages, { rewritesCalls: true });
    const listTool = vi.spyOn(messages, 'listTool');
    const first = list(lines, '1', [toolWithRecord]);
    // Listed again: from the cache, the codec kept for tools/call.
    const again = list(lines, '2', [toolWithRecord]);
    expect(listTool).toHaveBeenCalledTimes(1);
    expect(again).toBe(first.replace('"id" : 1', '"id" : 2'));
    expect(JSON.parse(again).result.tools[0].inputSchema.properties.tags.type).toStrictEqual([
      'array',
      'null',
    ]);
    const call = Buffer.from(
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tag",' +
        '"arguments":{"id":3,"tags":[{"key":"color","value":"red"}]}}}',
    );
    expect(JSON.parse(lines.clientLine(call).toString())).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'tag', arguments: { id: 3, tags: { color: 'red' } } },
    });
  });

  it('leaves out a tool the profile refuses, also when it comes from the cache', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    const lines = new StdioLineAdapter(messages);
    const plain = {
      name: 'plain',
      inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
    };
    for (const id of ['1', '2']) {
      expect(
        JSON.parse(list(lines, id, [toolWithTooManyProperties, plain, toolWithTooManyProperties]))
          .result.tools,
      ).toStrictEqual([plain]);
    }
    expect(messages.tool('pick')?.omitted).toBe(true);
  });

  it('reads the text of an answer written with escapes, and passes odd shapes whole', () => {
    const lines = adapter();
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const escaped = Buffer.from(
      `{"jsonrpc":"2.0","\u0069d":1,"r\u0065sult":{"t\u006fols":[${JSON.stringify(toolWithRef)}]}}`,
    );
    expect(JSON.parse(lines.serverLine(escaped).toString())).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [rewrittenToolWithRef] },
    });
    // `tools` twice: JSON.parse keeps the last, and so does the answer (read whole).
    lines.clientLine(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    const twice = Buffer.from(
      `{"jsonrpc":"2.0","id":2,"result":{"tools":[1],"tools":[${JSON.stringify(toolWithRef)}]}}`,
    );
    expect(JSON.parse(lines.serverLine(twice).toString())).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { tools: [rewrittenToolWithRef] },
    });
    // Elements that are no tool stay as they are.
    lines.clientLine(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    const odd = Buffer.from(
      `{"jsonrpc":"2.0","id":3,"result":{"tools":[ 1e400 ,${JSON.stringify(toolWithRef)},null]}}`,
    );
    expect(lines.serverLine(odd).toString()).toBe(
      `{"jsonrpc":"2.0","id":3,"result":{"tools":[ 1e400 ,${JSON.stringify(rewrittenToolWithRef)},null]}}`,
    );
  });

  it('passes a line that is not JSON on as it came, the request still pending', () => {
    const failures: unknown[] = [];
    const lines = adapter(failures);
    lines.clientLine(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    const broken = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"result":{"tools":[${JSON.stringify(toolWithRef)},{]}}`,
    );
    expect(lines.serverLine(broken)).toBe(broken);
    // A control character in a string of a tool: found by JSON.parse of the tool.
    const tab = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a\tb","inputSchema":${JSON.stringify(toolWithRef.inputSchema)}}]}}`,
    );
    expect(lines.serverLine(tab)).toBe(tab);
    expect(lines.waitsForToolsList).toBe(true);
    expect(failures).toStrictEqual([]);
  });
});

describe('StdioLineAdapter, messages parsed by the remote proxy', () => {
  it('reads a tools/list answer given as a value from its text, with the same cache', () => {
    const messages = new ToolSchemaMessages();
    const lines = new StdioLineAdapter(messages);
    const listTool = vi.spyOn(messages, 'listTool');
    const tools = [refTool('a'), { name: 'plain', inputSchema: { type: 'object' } }];
    const answer = (id: number): Buffer => {
      lines.clientMessage({ jsonrpc: '2.0', id, method: 'tools/list' });
      const pieces = lines.serverMessage({ jsonrpc: '2.0', id, result: { tools } }, false);
      return Buffer.isBuffer(pieces) ? pieces : Buffer.concat(pieces);
    };
    const first = answer(1).toString();
    expect(first).toBe(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: { tools: [{ ...rewrittenToolWithRef, name: 'a' }, tools[1]] },
      }),
    );
    expect(answer(2).toString()).toBe(first.replace('"id":1,', '"id":2,'));
    expect(listTool.mock.calls.map(([tool]) => tool.name)).toStrictEqual(['a', 'plain']);
  });

  it('writes what the core makes of the whole message, elements that are no tool and tools left out included', () => {
    const tools = [
      refTool('été'),
      null,
      toolWithTooManyProperties,
      1.5,
      {
        name: 'plain',
        inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
    ];
    const message = { jsonrpc: '2.0', id: 1, result: { tools, nextCursor: 'c' } };
    const reference = new ToolSchemaMessages({ profile: 'openai-strict' });
    reference.toServer({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const expected = JSON.stringify(reference.toClient(message));
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    const lines = new StdioLineAdapter(messages);
    const listTool = vi.spyOn(messages, 'listTool');
    for (const id of [1, 2]) {
      lines.clientMessage({ jsonrpc: '2.0', id, method: 'tools/list' });
      const pieces = lines.serverMessage({ ...message, id }, false);
      const out = Buffer.isBuffer(pieces) ? pieces : Buffer.concat(pieces);
      expect(out.toString()).toBe(expected.replace('"id":1,', `"id":${id},`));
    }
    expect(listTool.mock.calls.map(([tool]) => tool.name)).toStrictEqual(['été', 'pick', 'plain']);
    // The keys are those a line's tools get: the same answer as a line is all hits.
    lines.clientLine(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    const asLine = lines.serverLine(line({ ...message, id: 3 })).toString();
    expect(asLine).toBe(expected.replace('"id":1,', '"id":3,'));
    expect(listTool).toHaveBeenCalledTimes(3);
  });

  it('notes an answered tools/call while no tools/list is pending, the message unchanged', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    const lines = new StdioLineAdapter(messages, { rewritesCalls: true });
    const call = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'tag' } };
    expect(lines.clientMessage(call)).toBe(call);
    expect(messages.pendingCall(4)).toBe('tag');
    const result = { jsonrpc: '2.0', id: 4, result: { content: [] } };
    expect(lines.serverMessage(result, false).toString()).toBe(JSON.stringify(result));
    expect(messages.pendingCall(4)).toBe(undefined);
  });

  it('throws for a message too deep to write as JSON', () => {
    const lines = adapter();
    let deep: unknown = [];
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    expect(() =>
      lines.serverMessage(
        { jsonrpc: '2.0', method: 'notifications/deep', params: { deep } },
        false,
      ),
    ).toThrow(RangeError);
  });

  describe('with rewritesCalls, a call of a tool not listed yet', () => {
    const wireCall = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'tag', arguments: { id: 3, tags: [{ key: 'color', value: 'red' }] } },
    };
    const decodedCall = {
      ...wireCall,
      params: { name: 'tag', arguments: { id: 3, tags: { color: 'red' } } },
    };
    const ping = { jsonrpc: '2.0', id: 4, method: 'ping' };

    /** An adapter with a gate; what it sends toward the server is in `toServer`, parsed. */
    function gated(): {
      lines: StdioLineAdapter;
      toServer: unknown[];
      errors: string[];
    } {
      const errors: string[] = [];
      const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
      const lines = new StdioLineAdapter(messages, {
        rewritesCalls: true,
        onListError: (error) => errors.push(error.message),
      });
      const toServer: unknown[] = [];
      lines.sendListsTo((request: GateListRequest) => toServer.push(request));
      return { lines, toServer, errors };
    }

    it('is held while the adapter lists, and goes on decoded once a line answers it', () => {
      const { lines, toServer } = gated();
      const sent = (out: Buffer): void => {
        toServer.push(JSON.parse(out.toString()));
      };
      lines.passClientLine(line(wireCall), sent);
      lines.passClientLine(line(ping), sent);
      expect(toServer).toStrictEqual([
        { jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' },
      ]);
      expect(lines.holdsClientMessages).toBe(true);
      expect(lines.waitsForToolsList).toBe(true);
      // Another server line passes as ever; the adapter's own answer gives no pieces.
      const other = line({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
      expect(lines.serverLinePieces(other)).toBe(other);
      const answer = line({
        jsonrpc: '2.0',
        id: 'toolschema-list:1',
        result: { tools: [toolWithRecord] },
      });
      expect(lines.serverLinePieces(answer)).toStrictEqual([]);
      expect(toServer.slice(1)).toStrictEqual([decodedCall, ping]);
      expect(lines.holdsClientMessages).toBe(false);
      expect(lines.waitsForToolsList).toBe(false);
    });

    it("lets the client's answer to a request of the server pass a held call", () => {
      const { lines, toServer } = gated();
      const sent = (out: Buffer): void => {
        toServer.push(JSON.parse(out.toString()));
      };
      lines.passClientLine(line(wireCall), sent);
      const sampled = { jsonrpc: '2.0', id: 0, result: { role: 'assistant', content: [] } };
      lines.passClientLine(line(sampled), sent);
      lines.passClientLine(line(ping), sent);
      expect(toServer).toStrictEqual([
        { jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' },
        sampled,
      ]);
      const answer = line({
        jsonrpc: '2.0',
        id: 'toolschema-list:1',
        result: { tools: [toolWithRecord] },
      });
      expect(lines.serverLinePieces(answer)).toStrictEqual([]);
      expect(toServer.slice(2)).toStrictEqual([decodedCall, ping]);
    });

    it('serves parsed messages the same way, and takes the answer out of serverMessage', () => {
      const { lines, toServer } = gated();
      lines.passClientMessage(wireCall, (message) => toServer.push(message));
      lines.passClientMessage(ping, (message) => toServer.push(message));
      expect(toServer).toHaveLength(1);
      const answer = {
        jsonrpc: '2.0',
        id: 'toolschema-list:1',
        result: { tools: [toolWithRecord] },
      };
      expect(lines.serverMessage(answer, false)).toStrictEqual([]);
      expect(toServer.slice(1)).toStrictEqual([decodedCall, ping]);
    });

    it('takes a late answer out of the server lines once the call went on undecoded', () => {
      vi.useFakeTimers();
      try {
        const { lines, toServer, errors } = gated();
        const sent = (out: Buffer): void => {
          toServer.push(JSON.parse(out.toString()));
        };
        lines.passClientLine(line(wireCall), sent);
        vi.advanceTimersByTime(DEFAULT_GATE_LIST_TIMEOUT);
        expect(toServer.slice(1)).toStrictEqual([wireCall]);
        expect(errors).toStrictEqual([
          `toolschema: the tools/list sent to decode a call of 'tag' failed (no answer within ${DEFAULT_GATE_LIST_TIMEOUT} ms); the call went on undecoded`,
        ]);
        expect(lines.holdsClientMessages).toBe(false);
        // The answer comes late: never for the client (it never asked), but settled all the same.
        expect(lines.waitsForToolsList).toBe(true);
        const late = line({
          jsonrpc: '2.0',
          id: 'toolschema-list:1',
          result: { tools: [toolWithRecord] },
        });
        expect(lines.serverLinePieces(late)).toStrictEqual([]);
        expect(lines.waitsForToolsList).toBe(false);
        lines.passClientLine(line({ ...wireCall, id: 5 }), sent);
        expect(toServer.slice(2)).toStrictEqual([{ ...decodedCall, id: 5 }]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('lists again for a tool it did not find once the server says its list changed', () => {
      const { lines, toServer } = gated();
      const sent = (out: Buffer): void => {
        toServer.push(JSON.parse(out.toString()));
      };
      const listed = (id: string, tools: unknown[]): Buffer =>
        line({ jsonrpc: '2.0', id, result: { tools } });
      lines.passClientLine(line(wireCall), sent);
      // Not listed yet: the call goes on as it came, and is not listed for again.
      expect(lines.serverLinePieces(listed('toolschema-list:1', []))).toStrictEqual([]);
      lines.passClientLine(line({ ...wireCall, id: 5 }), sent);
      expect(toServer).toStrictEqual([
        { jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' },
        wireCall,
        { ...wireCall, id: 5 },
      ]);
      // The notification streams through unread (no tools/list can be answered): observed.
      expect(lines.waitsForToolsList).toBe(false);
      lines.observeServerLine(line({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
      lines.passClientLine(line({ ...wireCall, id: 6 }), sent);
      expect(toServer.slice(3)).toStrictEqual([
        { jsonrpc: '2.0', id: 'toolschema-list:2', method: 'tools/list' },
      ]);
      expect(lines.serverLinePieces(listed('toolschema-list:2', [toolWithRecord]))).toStrictEqual(
        [],
      );
      expect(toServer.slice(4)).toStrictEqual([{ ...decodedCall, id: 6 }]);
    });

    it('hears that the list changed in a line it collects, too', () => {
      const { lines, toServer } = gated();
      const sent = (out: Buffer): void => {
        toServer.push(JSON.parse(out.toString()));
      };
      lines.passClientLine(line(wireCall), sent);
      lines.serverLinePieces(
        line({ jsonrpc: '2.0', id: 'toolschema-list:1', result: { tools: [] } }),
      );
      // The client lists: the server's lines are collected while its answer may come.
      lines.clientLine(line({ jsonrpc: '2.0', id: 7, method: 'tools/list' }));
      expect(lines.waitsForToolsList).toBe(true);
      const changed = line({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
      expect(lines.serverLinePieces(changed)).toBe(changed);
      lines.passClientLine(line({ ...wireCall, id: 8 }), sent);
      expect(toServer.at(-1)).toStrictEqual({
        jsonrpc: '2.0',
        id: 'toolschema-list:2',
        method: 'tools/list',
      });
    });

    it('goes on undecoded when the server is gone (close), and with no sender at all', () => {
      const { lines, toServer, errors } = gated();
      const out: string[] = [];
      lines.passClientLine(line(wireCall), (bytes) => out.push(bytes.toString()));
      lines.close();
      expect(out).toStrictEqual([JSON.stringify(wireCall)]);
      expect(toServer).toHaveLength(1);
      expect(errors).toStrictEqual([
        "toolschema: the tools/list sent to decode a call of 'tag' failed (the connection closed); the call went on undecoded",
      ]);
      const unwired = new StdioLineAdapter(new ToolSchemaMessages({ profile: 'openai-strict' }), {
        rewritesCalls: true,
      });
      const sent: string[] = [];
      unwired.passClientLine(line(wireCall), (bytes) => sent.push(bytes.toString()));
      expect(sent).toStrictEqual([JSON.stringify(wireCall)]);
    });

    it('is not held without rewritesCalls, whatever the profile', () => {
      const lines = new StdioLineAdapter(new ToolSchemaMessages({ profile: 'openai-strict' }));
      const requests: unknown[] = [];
      lines.sendListsTo((request) => requests.push(request));
      const out: Buffer[] = [];
      const call = line(wireCall);
      lines.passClientLine(call, (bytes) => out.push(bytes));
      expect(out).toStrictEqual([call]);
      expect(requests).toStrictEqual([]);
    });
  });
});
