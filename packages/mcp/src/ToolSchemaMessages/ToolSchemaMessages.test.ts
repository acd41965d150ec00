import {
  rewrittenToolWithRef,
  toolsListRequest,
  toolsListResponse,
  toolWithRef,
} from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { type ToolReport, ToolSchemaMessages } from './ToolSchemaMessages.ts';

const plainTool = { name: 'b', inputSchema: { type: 'object' }, annotations: { title: 'B' } };

describe('ToolSchemaMessages', () => {
  it('rewrites the answer to a tools/list request it saw, once, and keeps the rest', () => {
    const messages = new ToolSchemaMessages();
    const request = toolsListRequest(7);
    expect(messages.toServer(request)).toBe(request);
    expect(messages.pendingToolsLists).toBe(1);
    const response = toolsListResponse(7, [toolWithRef, plainTool, 'not a tool']);
    const before = structuredClone(response);
    expect(messages.toClient(response)).toStrictEqual({
      jsonrpc: '2.0',
      id: 7,
      result: { tools: [rewrittenToolWithRef, plainTool, 'not a tool'], nextCursor: 'c' },
    });
    expect(response).toStrictEqual(before);
    expect(messages.pendingToolsLists).toBe(0);
    const again = toolsListResponse(7);
    expect(messages.toClient(again)).toBe(again);
  });

  it('returns the very same answer when no schema changes', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(toolsListRequest(1));
    const response = toolsListResponse(1, [
      plainTool,
      { name: 'c', inputSchema: { type: 'object' }, outputSchema: true },
    ]);
    expect(messages.toClient(response)).toBe(response);
  });

  it('keys ids by type: "1" and 1 are different requests', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(toolsListRequest('1'));
    const numeric = toolsListResponse(1);
    expect(messages.toClient(numeric)).toBe(numeric);
    expect(messages.toClient(toolsListResponse('1'))).toStrictEqual({
      ...toolsListResponse('1'),
      result: { tools: [rewrittenToolWithRef], nextCursor: 'c' },
    });
  });

  it('passes every other message on as the same value', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(toolsListRequest(1));
    const others: unknown[] = [
      'not an object',
      null,
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      // A request from the server that happens to use the same id is not a response.
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
      // A response to another id, and a message with neither result nor error.
      toolsListResponse(2),
      { jsonrpc: '2.0', id: 1 },
    ];
    for (const other of others) expect(messages.toClient(other)).toBe(other);
    expect(messages.pendingToolsLists).toBe(1);
  });

  it('passes an error answer, or a result without tools, on and forgets the request', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer([toolsListRequest(1), toolsListRequest(2)]);
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } };
    expect(messages.toClient(error)).toBe(error);
    const odd = { jsonrpc: '2.0', id: 2, result: { items: [] } };
    expect(messages.toClient(odd)).toBe(odd);
    expect(messages.pendingToolsLists).toBe(0);
  });

  it('follows requests inside batches and rewrites only the answers to tools/list', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } },
      toolsListRequest(2),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    const callAnswer = { jsonrpc: '2.0', id: 1, result: { content: [] } };
    expect(messages.toClient([callAnswer, toolsListResponse(2)])).toStrictEqual([
      callAnswer,
      { jsonrpc: '2.0', id: 2, result: { tools: [rewrittenToolWithRef], nextCursor: 'c' } },
    ]);
    const unchanged = [callAnswer];
    expect(messages.toClient(unchanged)).toBe(unchanged);
  });

  it('rewrites every page of a paginated list', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(toolsListRequest(1));
    messages.toServer({ ...toolsListRequest(2), params: { cursor: 'c' } });
    const second = { ...toolWithRef, name: 'second' };
    expect(messages.toClient(toolsListResponse(1))).toStrictEqual({
      ...toolsListResponse(1),
      result: { tools: [rewrittenToolWithRef], nextCursor: 'c' },
    });
    expect(messages.toClient({ jsonrpc: '2.0', id: 2, result: { tools: [second] } })).toStrictEqual(
      { jsonrpc: '2.0', id: 2, result: { tools: [{ ...rewrittenToolWithRef, name: 'second' }] } },
    );
    expect(messages.tool('a')?.inputSchema?.changed).toBe(true);
    expect(messages.tool('second')?.inputSchema?.changed).toBe(true);
  });

  it('remembers tools/call requests until they are answered', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params: { name: 'a' } });
    messages.toServer({ jsonrpc: '2.0', id: 'c2', method: 'tools/call', params: {} });
    expect([messages.pendingCall('c1'), messages.pendingCall('c2')]).toStrictEqual([
      'a',
      undefined,
    ]);
    const answer = { jsonrpc: '2.0', id: 'c1', result: { content: [] } };
    expect(messages.toClient(answer)).toBe(answer);
    expect(messages.pendingCall('c1')).toBe(undefined);
  });

  it('forgets the oldest unanswered requests past 1,024 of each kind, so a long connection stays bounded', () => {
    const messages = new ToolSchemaMessages();
    for (let id = 0; id <= 1024; id++) {
      messages.toServer({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: `t${id}` } });
      messages.toServer({ jsonrpc: '2.0', id: `list-${id}`, method: 'tools/list' });
    }
    // A reused id counts as the newest: id 1 is asked again, so the next new id forgets id 2.
    messages.toServer({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'again' } });
    messages.toServer({ jsonrpc: '2.0', id: 1025, method: 'tools/call', params: { name: 'last' } });
    expect([0, 1, 2, 3, 1025].map((id) => messages.pendingCall(id))).toStrictEqual([
      undefined,
      'again',
      undefined,
      't3',
      'last',
    ]);
    expect(messages.pendingToolsLists).toBe(1024);
    const oldest = { jsonrpc: '2.0', id: 'list-0', result: { tools: [toolWithRef] } };
    expect(messages.toClient(oldest)).toBe(oldest);
    const newest = { jsonrpc: '2.0', id: 'list-1024', result: { tools: [toolWithRef] } };
    expect(messages.toClient(newest)).toStrictEqual({
      ...newest,
      result: { tools: [rewrittenToolWithRef] },
    });
    expect(messages.pendingToolsLists).toBe(1023);
  });

  it('keeps what each tool schema became, cached by its text', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(toolsListRequest(1));
    messages.toServer(toolsListRequest(2));
    const first = messages.toClient(toolsListResponse(1)) as {
      result: { tools: { inputSchema: unknown }[] };
    };
    // A new but equal answer: the cached schema comes back, not a new pass.
    const second = messages.toClient(
      toolsListResponse(2, [structuredClone(toolWithRef)]),
    ) as typeof first;
    expect(second.result.tools[0]?.inputSchema).toBe(first.result.tools[0]?.inputSchema);
    expect(Object.isFrozen(first.result.tools[0]?.inputSchema)).toBe(true);
    expect(messages.tool('a')).toStrictEqual({
      name: 'a',
      inputSchema: {
        source: JSON.stringify(toolWithRef.inputSchema),
        schema: rewrittenToolWithRef.inputSchema,
        changed: true,
        diagnostics: [],
        error: undefined,
        codec: undefined,
        violations: [],
      },
      outputSchema: undefined,
      omitted: false,
    });
    expect(messages.tool('nope')).toBe(undefined);
  });

  it('reports a tool when it is first listed and when its schemas change, not on every list', () => {
    const reports: ToolReport[] = [];
    const messages = new ToolSchemaMessages({ onToolReport: (report) => reports.push(report) });
    const dangling = {
      name: 'a',
      inputSchema: { type: 'object', properties: { x: { $ref: '#/$defs/Missing' } } },
    };
    for (const [id, tool] of [
      [1, toolWithRef],
      [2, toolWithRef],
      [3, dangling],
    ] as const) {
      messages.toServer(toolsListRequest(id));
      messages.toClient(toolsListResponse(id, [tool]));
    }
    expect(reports).toStrictEqual([
      { name: 'a', diagnostics: [], errors: [], violations: [], omitted: false },
      {
        name: 'a',
        diagnostics: [
          {
            schema: 'inputSchema',
            code: 'ref-unresolved',
            pointer: '/properties/x/$ref',
            message: expect.any(String),
          },
        ],
        errors: [],
        violations: [],
        omitted: false,
      },
    ]);
  });

  it('passes a schema the pass refuses on as it came and reports the error', () => {
    const reports: ToolReport[] = [];
    const messages = new ToolSchemaMessages({
      pass: { cycles: 'throw' },
      onToolReport: (report) => reports.push(report),
    });
    const cyclic = { name: 'list', inputSchema: { properties: { next: { $ref: '#' } } } };
    messages.toServer(toolsListRequest(1));
    const response = toolsListResponse(1, [cyclic]);
    expect(messages.toClient(response)).toBe(response);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.errors).toStrictEqual([expect.stringMatching(/^inputSchema: /)]);
  });

  it('passes an answer it cannot rewrite on as it came, after onRewriteError', () => {
    const failures: unknown[] = [];
    const messages = new ToolSchemaMessages({ onRewriteError: (error) => failures.push(error) });
    // A `const` too deep for JSON.stringify: the cache key cannot be written.
    let deep: unknown = [];
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const response = toolsListResponse(1, [
      toolWithRef,
      { name: 'deep', inputSchema: { type: 'object', const: deep } },
    ]);
    messages.toServer(toolsListRequest(1));
    expect(messages.toClient(response)).toBe(response);
    expect(failures).toStrictEqual([expect.any(RangeError)]);
    expect(messages.pendingToolsLists).toBe(0);
    // Nothing of the failed answer was kept.
    expect(messages.tool('a')).toBe(undefined);
  });

  it('serves a client-side wrapper the same way (requests it sends, answers it receives)', () => {
    const messages = new ToolSchemaMessages();
    // A client-side wrapper: send() goes toServer, onmessage goes toClient.
    messages.toServer(toolsListRequest('from-client'));
    const notification = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
    expect(messages.toClient(notification)).toBe(notification);
    expect(messages.toClient(toolsListResponse('from-client'))).toStrictEqual({
      ...toolsListResponse('from-client'),
      result: { tools: [rewrittenToolWithRef], nextCursor: 'c' },
    });
  });
});

describe('ToolSchemaMessages: tools no listing names any more', () => {
  /** A tool named `name` whose schema the pass changes. */
  const named = (name: string) => ({ ...toolWithRef, name });
  /** A `tools/list` request, continuing the listing of `cursor` when given. */
  const listRequest = (id: number, cursor?: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/list',
    params: cursor === undefined ? {} : { cursor },
  });
  /** An answer listing `names`, with a next page when `nextCursor` is given. */
  const listAnswer = (id: number, names: string[], nextCursor?: string) => ({
    jsonrpc: '2.0',
    id,
    result: { tools: names.map(named), ...(nextCursor === undefined ? {} : { nextCursor }) },
  });
  const known = (messages: ToolSchemaMessages, names: string[]) =>
    names.filter((name) => messages.tool(name) !== undefined);

  it('forgets, at the end of a complete listing, each tool it did not name', () => {
    const messages = new ToolSchemaMessages();
    for (let listing = 0; listing < 50; listing++) {
      messages.toServer(listRequest(listing));
      messages.toClient(listAnswer(listing, [`tool-${listing}`, 'kept']));
    }
    // A server naming new tools at every listing: only the newest listing's are known.
    const names = Array.from({ length: 50 }, (_, listing) => `tool-${listing}`);
    expect(known(messages, [...names, 'kept'])).toStrictEqual(['tool-49', 'kept']);
  });

  it('follows a listing page by page through its cursors, and forgets only at its last page', () => {
    const reports: string[] = [];
    const messages = new ToolSchemaMessages({ onToolReport: ({ name }) => reports.push(name) });
    messages.toServer(listRequest(1));
    messages.toClient(listAnswer(1, ['a', 'b']));
    messages.toServer(listRequest(2));
    messages.toClient(listAnswer(2, ['b'], 'page-2'));
    // Not the last page: nothing is forgotten yet.
    expect(known(messages, ['a', 'b', 'c'])).toStrictEqual(['a', 'b']);
    messages.toServer(listRequest(3, 'page-2'));
    messages.toClient(listAnswer(3, ['c']));
    expect(known(messages, ['a', 'b', 'c'])).toStrictEqual(['b', 'c']);
    // A tool forgotten and listed again is new again: it is reported again.
    messages.toServer(listRequest(4));
    messages.toClient(listAnswer(4, ['a']));
    expect(reports).toStrictEqual(['a', 'b', 'c', 'a']);
  });

  it('forgets nothing for a listing whose first page it did not see', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(listRequest(1));
    messages.toClient(listAnswer(1, ['a']));
    // A cursor no answer gave here (the client paged before the wrapper was in place).
    messages.toServer(listRequest(2, 'unknown'));
    messages.toClient(listAnswer(2, ['b']));
    expect(known(messages, ['a', 'b'])).toStrictEqual(['a', 'b']);
  });

  it('keeps two listings under way apart', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer(listRequest(1));
    messages.toServer(listRequest(2));
    messages.toClient(listAnswer(1, ['a'], 'one'));
    messages.toClient(listAnswer(2, ['a'], 'two'));
    messages.toServer(listRequest(3, 'one'));
    messages.toServer(listRequest(4, 'two'));
    messages.toClient(listAnswer(4, ['b']));
    messages.toClient(listAnswer(3, ['c']));
    // Each listing's last page forgets what its own pages did not name: the second listing
    // ended first and forgot nothing it named; the first then forgot `b`.
    expect(known(messages, ['a', 'b', 'c'])).toStrictEqual(['a', 'c']);
  });

  it('forgets the same way in an adapter that rewrites the tools itself', () => {
    const messages = new ToolSchemaMessages();
    for (const [id, name] of [
      [1, 'a'],
      [2, 'b'],
    ] as const) {
      const answer = listAnswer(id, [name]);
      messages.toServer(listRequest(id));
      expect(messages.answersToolsList(answer)).toBe(true);
      messages.settleToolsList(
        answer,
        answer.result.tools.map((tool) => messages.listTool(tool)),
      );
    }
    expect(known(messages, ['a', 'b'])).toStrictEqual(['b']);
  });

  it('settles each answer of a batch in its own listing', () => {
    const messages = new ToolSchemaMessages();
    messages.toServer([listRequest(1), listRequest(2)]);
    messages.toClient([listAnswer(1, ['a'], 'next'), listAnswer(2, ['b'])]);
    // The second answer ended its listing (forgetting `a`, which it did not name); the first's
    // listing goes on.
    expect(known(messages, ['a', 'b'])).toStrictEqual(['b']);
    messages.toServer(listRequest(3, 'next'));
    messages.toClient(listAnswer(3, ['c']));
    expect(known(messages, ['a', 'b', 'c'])).toStrictEqual(['c']);
  });
});
