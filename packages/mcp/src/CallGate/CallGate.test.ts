import { toolWithRecord, toolWithRecordOpenAiStrictInput } from '@toolschema/test-support';
import { describe, expect, it, vi } from 'vitest';
import { type ToolReport, ToolSchemaMessages } from '../ToolSchemaMessages/index.ts';
import {
  CallGate,
  DEFAULT_GATE_LIST_TIMEOUT,
  type GateListRequest,
  MAX_GATE_HELD_MESSAGES,
  MAX_GATE_LIST_PAGES,
} from './CallGate.ts';

function call(id: number, name: string, args: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

function page(id: unknown, tools: unknown[], nextCursor?: string): Record<string, unknown> {
  const result = nextCursor === undefined ? { tools } : { tools, nextCursor };
  return { jsonrpc: '2.0', id, result };
}

const wireArguments = { id: 3, tags: [{ key: 'color', value: 'red' }] };
const originalArguments = { id: 3, tags: { color: 'red' } };
const otherTool = { name: 'other', inputSchema: { type: 'object' } };
const cancelled = {
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId: 2, reason: 'stop' },
};

/**
 * A gate over a core of its own, as a wrapper uses it: what passes goes through the core's
 * `toServer` into `server`, the gate's requests into `requests`, failures into `errors`.
 */
function setup(options: { profile?: 'openai-strict' | 'openai' | 'mcp'; throws?: boolean } = {}) {
  const reports: ToolReport[] = [];
  const messages = new ToolSchemaMessages({
    profile: options.profile ?? 'openai-strict',
    onToolReport: (report) => reports.push(report),
  });
  const server: unknown[] = [];
  const requests: Array<[GateListRequest, string]> = [];
  const errors: string[] = [];
  let sendList: (request: GateListRequest, context: string) => unknown = (request, context) => {
    requests.push([request, context]);
  };
  const gate = new CallGate<string>(messages, {
    sendList: (request, context) => sendList(request, context),
    onListError: (error) => errors.push(error.message),
  });
  const send = (message: unknown, context = 'ctx'): void =>
    gate.toServer(message, () => server.push(messages.toServer(message)), context);
  const answer = (message: unknown): unknown => gate.fromServer(message);
  const setSendList = (next: typeof sendList): void => {
    sendList = next;
  };
  return { messages, gate, server, requests, errors, reports, send, answer, setSendList };
}

describe('CallGate', () => {
  it('holds a call of a tool not listed yet, lists once, and lets it go decoded', () => {
    const { gate, server, requests, reports, send, answer, messages } = setup();
    send(call(2, 'tag', wireArguments), 'from the call');
    expect(requests).toStrictEqual([
      [{ jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' }, 'from the call'],
    ]);
    expect(messages.pendingToolsLists).toBe(1);
    // What comes after the call waits behind it, a cancellation of it included.
    send(cancelled);
    send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(server).toStrictEqual([]);
    expect(gate.held).toBe(3);
    // The server's other messages pass.
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: {} };
    expect(answer(progress)).toBe(progress);
    // The gate's answer is taken, settled as any list, and the held messages go, in order.
    expect(answer(page('toolschema-list:1', [otherTool, toolWithRecord]))).toBe(undefined);
    expect(server).toStrictEqual([
      call(2, 'tag', originalArguments),
      cancelled,
      { jsonrpc: '2.0', id: 3, method: 'ping' },
    ]);
    expect(gate.held).toBe(0);
    expect(messages.pendingToolsLists).toBe(0);
    expect(messages.tool('tag')?.inputSchema?.schema).toStrictEqual(
      toolWithRecordOpenAiStrictInput,
    );
    expect(reports.map((report) => report.name)).toStrictEqual(['other', 'tag']);
    // A tool now known: a call goes at once, with no listing.
    send(call(4, 'tag', wireArguments));
    expect(server.at(-1)).toStrictEqual(call(4, 'tag', originalArguments));
    expect(requests).toHaveLength(1);
  });

  it('follows nextCursor until the tool is named, and asks for no page after', () => {
    const { server, requests, send, answer } = setup();
    send(call(2, 'tag', wireArguments));
    expect(answer(page('toolschema-list:1', [otherTool], 'page 2'))).toBe(undefined);
    expect(requests.map(([request]) => request)).toStrictEqual([
      { jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' },
      {
        jsonrpc: '2.0',
        id: 'toolschema-list:2',
        method: 'tools/list',
        params: { cursor: 'page 2' },
      },
    ]);
    expect(server).toStrictEqual([]);
    // An answer to the first request again is no longer the gate's: it goes on.
    const late = page('toolschema-list:1', []);
    expect(answer(late)).toBe(late);
    expect(answer(page('toolschema-list:2', [toolWithRecord], 'page 3'))).toBe(undefined);
    expect(server).toStrictEqual([call(2, 'tag', originalArguments)]);
    expect(requests).toHaveLength(2);
  });

  it('lets a call of a tool the list does not name go as it came, and lists for it once', () => {
    const { server, requests, errors, send, answer } = setup();
    const unknown = call(2, 'nowhere', { a: [] });
    send(unknown);
    expect(answer(page('toolschema-list:1', [toolWithRecord]))).toBe(undefined);
    expect(server).toStrictEqual([unknown]);
    expect(errors).toStrictEqual([]);
    // The same tool again: no listing. Another one not listed yet: one.
    send(call(3, 'nowhere', {}));
    expect(requests).toHaveLength(1);
    expect(server).toHaveLength(2);
    // Once the server says its list changed, the gate lists for it again.
    const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
    expect(answer(changed)).toBe(changed);
    send(call(4, 'nowhere', {}));
    expect(requests.map(([request]) => request.id)).toStrictEqual([
      'toolschema-list:1',
      'toolschema-list:2',
    ]);
  });

  it('lets the call go undecoded and reports when the server answers with an error', () => {
    const { gate, server, errors, send, answer, messages } = setup();
    send(call(2, 'tag', wireArguments));
    send(cancelled);
    const error = {
      jsonrpc: '2.0',
      id: 'toolschema-list:1',
      error: { code: -32601, message: 'Method not found' },
    };
    expect(answer(error)).toBe(undefined);
    expect(server).toStrictEqual([call(2, 'tag', wireArguments), cancelled]);
    expect(errors).toStrictEqual([
      "toolschema: the tools/list sent to decode a call of 'tag' failed (error -32601 Method not found); the call went on undecoded",
    ]);
    expect(messages.pendingToolsLists).toBe(0);
    // Answered: no answer of the gate's is awaited any more.
    expect(gate.awaitsAnswers).toBe(false);
  });

  it('lets everything held go, undecoded, when the connection closes, and holds nothing after', () => {
    const { gate, server, requests, errors, send } = setup();
    send(call(2, 'tag', wireArguments));
    send(cancelled);
    gate.close();
    expect(server).toStrictEqual([call(2, 'tag', wireArguments), cancelled]);
    expect(errors).toStrictEqual([
      "toolschema: the tools/list sent to decode a call of 'tag' failed (the connection closed); the call went on undecoded",
    ]);
    send(call(3, 'other', {}));
    expect(server).toHaveLength(3);
    expect(requests).toHaveLength(1);
  });

  it('fails the listing when its request cannot be sent (a throw or a rejected promise)', async () => {
    const { gate, server, errors, send, setSendList } = setup();
    setSendList(() => {
      throw new Error('Not connected');
    });
    send(call(2, 'tag', wireArguments));
    expect(server).toStrictEqual([call(2, 'tag', wireArguments)]);
    let reject!: (error: unknown) => void;
    setSendList(
      () =>
        new Promise((_, rejectSend) => {
          reject = rejectSend;
        }),
    );
    send(call(3, 'tool2', {}));
    expect(server).toHaveLength(1);
    reject(new Error('gone'));
    await Promise.resolve();
    await Promise.resolve();
    expect(server).toStrictEqual([call(2, 'tag', wireArguments), call(3, 'tool2', {})]);
    expect(errors).toStrictEqual([
      "toolschema: the tools/list sent to decode a call of 'tag' failed (Error: Not connected); the call went on undecoded",
      "toolschema: the tools/list sent to decode a call of 'tool2' failed (Error: gone); the call went on undecoded",
    ]);
    // Never sent: no answer is awaited.
    expect(gate.awaitsAnswers).toBe(false);
  });

  it(`stops after ${MAX_GATE_LIST_PAGES} pages`, () => {
    const { gate, server, requests, errors, send, answer } = setup();
    send(call(2, 'tag', wireArguments));
    for (let index = 1; index <= MAX_GATE_LIST_PAGES; index++) {
      expect(answer(page(`toolschema-list:${index}`, [], 'again'))).toBe(undefined);
    }
    expect(requests).toHaveLength(MAX_GATE_LIST_PAGES);
    expect(server).toStrictEqual([call(2, 'tag', wireArguments)]);
    expect(errors).toStrictEqual([
      `toolschema: the tools/list sent to decode a call of 'tag' failed (no end after ${MAX_GATE_LIST_PAGES} pages); the call went on undecoded`,
    ]);
    // Every page was answered: no answer is awaited.
    expect(gate.awaitsAnswers).toBe(false);
  });

  it(`gives the listing up past ${MAX_GATE_HELD_MESSAGES} messages held`, () => {
    const { gate, server, errors, send, answer } = setup();
    send(call(2, 'tag', wireArguments));
    for (let index = 1; index < MAX_GATE_HELD_MESSAGES; index++) send(cancelled);
    expect(gate.held).toBe(MAX_GATE_HELD_MESSAGES);
    expect(gate.listing).toBe(true);
    send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(gate.held).toBe(0);
    expect(gate.listing).toBe(false);
    expect(server).toHaveLength(MAX_GATE_HELD_MESSAGES + 1);
    expect(server[0]).toStrictEqual(call(2, 'tag', wireArguments));
    expect(server.at(-1)).toStrictEqual({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(errors).toStrictEqual([
      `toolschema: the tools/list sent to decode a call of 'tag' failed (more than ${MAX_GATE_HELD_MESSAGES} messages waiting); the call went on undecoded`,
    ]);
    // Its answer, come late, is still the gate's: taken, and settled as any list.
    expect(answer(page('toolschema-list:1', [toolWithRecord]))).toBe(undefined);
    send(call(4, 'tag', wireArguments));
    expect(server.at(-1)).toStrictEqual(call(4, 'tag', originalArguments));
  });

  it('lets an answer to a request of the server pass the held call', () => {
    const { server, send, answer } = setup();
    send(call(2, 'tag', wireArguments));
    send(cancelled);
    // Sampling answered while the gate lists: a server that serves one request at a time may
    // wait for it before it answers the listing.
    const sampled = { jsonrpc: '2.0', id: 0, result: { role: 'assistant', content: [] } };
    const refused = { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } };
    send(sampled);
    send([refused]);
    expect(server).toStrictEqual([sampled, [refused]]);
    // A batch with a request in it waits.
    const mixed = [refused, { jsonrpc: '2.0', id: 5, method: 'ping' }];
    send(mixed);
    expect(server).toHaveLength(2);
    answer(page('toolschema-list:1', [toolWithRecord]));
    expect(server).toStrictEqual([
      sampled,
      [refused],
      call(2, 'tag', originalArguments),
      cancelled,
      mixed,
    ]);
  });

  it('gives a listing up when no answer comes within listTimeout, and takes the late answer', () => {
    vi.useFakeTimers();
    try {
      const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
      const server: unknown[] = [];
      const errors: string[] = [];
      const gate = new CallGate(messages, {
        sendList: () => undefined,
        onListError: (error) => errors.push(error.message),
        listTimeout: 500,
      });
      const send = (message: unknown): void =>
        gate.toServer(message, () => server.push(messages.toServer(message)), undefined);
      expect(gate.awaitsAnswers).toBe(false);
      send(call(2, 'tag', wireArguments));
      send(cancelled);
      vi.advanceTimersByTime(499);
      expect(server).toStrictEqual([]);
      expect(gate.awaitsAnswers).toBe(true);
      vi.advanceTimersByTime(1);
      expect(server).toStrictEqual([call(2, 'tag', wireArguments), cancelled]);
      // Given up, not listing any more, but its answer may still come.
      expect(gate.listing).toBe(false);
      expect(gate.awaitsAnswers).toBe(true);
      expect(errors).toStrictEqual([
        "toolschema: the tools/list sent to decode a call of 'tag' failed (no answer within 500 ms); the call went on undecoded",
      ]);
      expect(messages.pendingToolsLists).toBe(1);
      // The late answer never reaches the client; what it lists is settled.
      expect(gate.fromServer(page('toolschema-list:1', [toolWithRecord]))).toBe(undefined);
      expect(messages.pendingToolsLists).toBe(0);
      expect(gate.awaitsAnswers).toBe(false);
      send(call(3, 'tag', wireArguments));
      expect(server.at(-1)).toStrictEqual(call(3, 'tag', originalArguments));
      // An answer that comes in time stops the timer.
      send(call(4, 'other', {}));
      gate.fromServer(page('toolschema-list:2', [otherTool]));
      vi.advanceTimersByTime(10_000);
      expect(errors).toHaveLength(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`waits ${DEFAULT_GATE_LIST_TIMEOUT} ms by default, and without limit with listTimeout 0`, () => {
    vi.useFakeTimers();
    try {
      for (const listTimeout of [undefined, 0]) {
        const messages = new ToolSchemaMessages({ profile: 'openai-strict' });
        const server: unknown[] = [];
        const gate = new CallGate(messages, {
          sendList: () => undefined,
          ...(listTimeout === undefined ? {} : { listTimeout }),
        });
        const message = call(2, 'tag', wireArguments);
        gate.toServer(message, () => server.push(message), undefined);
        vi.advanceTimersByTime(DEFAULT_GATE_LIST_TIMEOUT - 1);
        expect(server).toHaveLength(0);
        vi.advanceTimersByTime(1);
        expect(server).toHaveLength(listTimeout === undefined ? 1 : 0);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves a peer that answers at once, from within the request', () => {
    const { server, send, setSendList, gate } = setup();
    setSendList((request) => gate.fromServer(page(request.id, [toolWithRecord])));
    send(call(2, 'tag', wireArguments));
    expect(server).toStrictEqual([call(2, 'tag', originalArguments)]);
  });

  it('takes its answer out of a batch and lists for each unknown tool of a batch', () => {
    const { server, requests, send, answer } = setup();
    const batch = [call(2, 'tag', wireArguments), call(3, 'other', {})];
    send(batch);
    const mine = page('toolschema-list:1', [toolWithRecord]);
    const theirs = page(7, []);
    expect(answer([mine, theirs])).toStrictEqual([theirs]);
    // `other` is still unknown: the batch waits for a second listing (a complete one, which names
    // every tool the server has: one that no longer named `tag` would make it unknown again).
    expect(requests).toHaveLength(2);
    expect(answer([page('toolschema-list:2', [toolWithRecord, otherTool])])).toBe(undefined);
    expect(server).toStrictEqual([[call(2, 'tag', originalArguments), call(3, 'other', {})]]);
  });

  it('decodes a root the openai profile wrapped', () => {
    const { server, send, answer } = setup({ profile: 'openai' });
    const tool = { name: 'set', inputSchema: { type: 'object', not: { required: ['x'] } } };
    send(call(2, 'set', { value: { a: 1 } }));
    answer(page('toolschema-list:1', [tool]));
    expect(server).toStrictEqual([call(2, 'set', { a: 1 })]);
  });

  it('holds nothing where the core decodes no call', () => {
    for (const profile of ['mcp', undefined] as const) {
      const messages = new ToolSchemaMessages(profile === undefined ? {} : { profile });
      expect(messages.decodesCalls).toBe(false);
      const passed: unknown[] = [];
      const gate = new CallGate(messages, {
        sendList: () => {
          throw new Error('not expected');
        },
      });
      const request = call(2, 'tag', wireArguments);
      gate.toServer(request, () => passed.push(request), undefined);
      expect(passed).toStrictEqual([request]);
      expect(messages.unlistedCallTools(request)).toStrictEqual([]);
    }
  });
});
