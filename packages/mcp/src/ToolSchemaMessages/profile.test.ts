import {
  toolsListRequest,
  toolsListResponse,
  toolWithRecord,
  toolWithRecordOpenAiStrictInput,
  toolWithTooManyProperties,
} from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { type ToolReport, ToolSchemaMessages } from './ToolSchemaMessages.ts';

const tagWire = toolWithRecordOpenAiStrictInput;

function call(id: number, name: string, args: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

function listWith(messages: ToolSchemaMessages, tools: unknown[]): unknown {
  messages.toServer(toolsListRequest(1));
  return messages.toClient(toolsListResponse(1, tools));
}

describe('ToolSchemaMessages with a profile', () => {
  it('lists the wire schema and decodes tools/call arguments with the tool codec', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    expect(listWith(messages, [toolWithRecord])).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ ...toolWithRecord, inputSchema: tagWire }], nextCursor: 'c' },
    });
    const request = call(2, 'tag', { id: 3, tags: [{ key: 'color', value: 'red' }] });
    const before = structuredClone(request);
    expect(messages.toServer(request)).toStrictEqual(
      call(2, 'tag', { id: 3, tags: { color: 'red' } }),
    );
    expect(request).toStrictEqual(before);
    expect(messages.pendingCall(2)).toBe('tag');
    // null of an optional property means absent.
    expect(messages.toServer(call(3, 'tag', { id: 3, tags: null }))).toStrictEqual(
      call(3, 'tag', { id: 3 }),
    );
  });

  it('decodes inside batches and passes calls of unknown tools as the same value', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
    listWith(messages, [toolWithRecord]);
    const unknown = call(4, 'other', { tags: [] });
    expect(messages.toServer(unknown)).toBe(unknown);
    const batch = [unknown, call(5, 'tag', { id: 1, tags: null })];
    expect(messages.toServer(batch)).toStrictEqual([unknown, call(5, 'tag', { id: 1 })]);
    const plain = [unknown];
    expect(messages.toServer(plain)).toBe(plain);
  });

  it('parses JSON strings in arguments only with repair', () => {
    const args = { id: 1, tags: '[{"key":"a","value":"b"}]' };
    const strict = new ToolSchemaMessages({ profile: 'openai-strict' });
    listWith(strict, [toolWithRecord]);
    const request = call(2, 'tag', args);
    expect(strict.toServer(request)).toStrictEqual(request);
    const repairing = new ToolSchemaMessages({ profile: 'openai-strict', repair: true });
    listWith(repairing, [toolWithRecord]);
    expect(repairing.toServer(call(2, 'tag', args))).toStrictEqual(
      call(2, 'tag', { id: 1, tags: { a: 'b' } }),
    );
  });

  it('repairs without a profile, or under one that maps nothing, and lists the same schemas', () => {
    const args = { id: 1, tags: '{"a":"b"}' };
    for (const profile of [undefined, 'mcp', 'anthropic'] as const) {
      const options = profile === undefined ? {} : { profile };
      const plain = new ToolSchemaMessages(options);
      const repairing = new ToolSchemaMessages({ ...options, repair: true });
      expect(repairing.decodesCalls).toBe(true);
      expect(listWith(repairing, [toolWithRecord])).toStrictEqual(
        listWith(plain, [toolWithRecord]),
      );
      expect(repairing.tool('tag')?.inputSchema?.codec).toStrictEqual({
        version: 1,
        root: { kind: 'object', properties: { tags: { kind: 'object' } }, strayNull: ['tags'] },
      });
      const request = call(2, 'tag', args);
      expect(plain.toServer(request)).toBe(request);
      expect(repairing.toServer(call(2, 'tag', args))).toStrictEqual(
        call(2, 'tag', { id: 1, tags: { a: 'b' } }),
      );
      // A null for the optional record, which refuses it, reads as the record left out.
      const stray = call(3, 'tag', { id: 1, tags: null });
      expect(plain.toServer(stray)).toBe(stray);
      expect(repairing.toServer(stray)).toStrictEqual(call(3, 'tag', { id: 1 }));
    }
  });

  it('reads arguments sent as JSON strings with parseJson when given', () => {
    const runCode = {
      name: 'run_code',
      inputSchema: { type: 'object', properties: { args: {} }, required: ['args'] },
    };
    const args = { args: '{"id":12345678901234567890,"f":1.0}' };
    const seen: string[] = [];
    // Keeps every number's text (a stand-in for the proxy's lossless parser).
    const keepNumbers = (text: string): unknown => {
      seen.push(text);
      return JSON.parse(text.replace(/(?<=:)(-?[0-9.]+)/g, '"#$1"'));
    };
    const keeping = new ToolSchemaMessages({ profile: 'openai-strict', parseJson: keepNumbers });
    listWith(keeping, [runCode]);
    expect(keeping.toServer(call(2, 'run_code', args))).toStrictEqual(
      call(2, 'run_code', { args: { id: '#12345678901234567890', f: '#1.0' } }),
    );
    expect(seen).toStrictEqual([args.args]);
    const plain = new ToolSchemaMessages({ profile: 'openai-strict' });
    listWith(plain, [runCode]);
    expect(plain.toServer(call(2, 'run_code', args))).toStrictEqual(
      call(2, 'run_code', { args: { id: 12345678901234567000, f: 1 } }),
    );
  });

  it('leaves out a tool the profile cannot make acceptable and reports why', () => {
    const reports: ToolReport[] = [];
    const messages = new ToolSchemaMessages({
      profile: 'openai-strict',
      onToolReport: (report) => reports.push(report),
    });
    expect(listWith(messages, [toolWithTooManyProperties, toolWithRecord])).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ ...toolWithRecord, inputSchema: tagWire }], nextCursor: 'c' },
    });
    expect(reports.map((report) => [report.name, report.omitted])).toStrictEqual([
      ['pick', true],
      ['tag', false],
    ]);
    expect(reports[0]?.violations.map((violation) => violation.rule)).toStrictEqual([
      'openai-strict/limits',
    ]);
    expect(messages.tool('pick')?.omitted).toBe(true);
  });

  it('keeps such a tool with keepInvalid', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai-strict', keepInvalid: true });
    const answer = listWith(messages, [toolWithTooManyProperties]) as {
      result: { tools: unknown[] };
    };
    expect(answer.result.tools).toHaveLength(1);
    expect(messages.tool('pick')?.omitted).toBe(false);
    expect(messages.tool('pick')?.inputSchema?.violations).toHaveLength(1);
  });

  it('serves the client side the same way: calls it sends are decoded', () => {
    // A client-side wrapper passes what the client sends through toServer, what it receives
    // through toClient: the same calls, the other way round.
    const messages = new ToolSchemaMessages({ profile: 'gemini' });
    const tool = {
      name: 'set',
      inputSchema: { type: 'object', properties: { level: { enum: [1, 2] } }, required: ['level'] },
    };
    const answer = listWith(messages, [tool]) as { result: { tools: { inputSchema: unknown }[] } };
    expect(answer.result.tools[0]?.inputSchema).toStrictEqual(
      messages.tool('set')?.inputSchema?.schema,
    );
    expect(messages.toServer(call(2, 'set', { level: '2' }))).toStrictEqual(
      call(2, 'set', { level: 2 }),
    );
  });

  it('keeps the mcp profile identical to no profile', () => {
    const messages = new ToolSchemaMessages({ profile: 'mcp' });
    const answer = listWith(messages, [toolWithRecord]);
    expect(answer).toStrictEqual(toolsListResponse(1, [toolWithRecord]));
    const request = call(2, 'tag', { id: 1, tags: { a: 'b' } });
    expect(messages.toServer(request)).toBe(request);
  });

  it('names the tools of calls it cannot decode yet, for a gate to list them first', () => {
    const messages = new ToolSchemaMessages({ profile: 'openai' });
    expect(messages.decodesCalls).toBe(true);
    const batch = [
      call(2, 'tag', {}),
      call(3, 'other', {}),
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 5 } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } },
    ];
    expect(messages.unlistedCallTools(batch)).toStrictEqual(['tag', 'other']);
    listWith(messages, [toolWithRecord]);
    expect(messages.unlistedCallTools(batch)).toStrictEqual(['other']);
    expect(messages.unlistedCallTools(call(5, 'tag', {}))).toStrictEqual([]);
  });
});
