import { toolWithRecord, toolWithRecordOpenAiStrictInput } from '@toolschema/test-support';
import { describe, expect, it, vi } from 'vitest';
import type { ToolReport } from '../ToolSchemaMessages/index.ts';
import { type McpTransport, withToolSchemas } from './withToolSchemas.ts';

/**
 * A transport like the SDKs' in-memory one: linked to a peer, queuing what arrives before an
 * `onmessage` is set, with private fields (a method called on a proxy instead of the transport
 * would throw) and a getter-only session id.
 */
class LinkedTransport implements McpTransport {
  #peer: LinkedTransport | undefined;
  #queue: Array<[unknown, unknown]> = [];
  #protocolVersion: string | undefined;
  readonly sentOptions: unknown[] = [];
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;

  static pair(): [LinkedTransport, LinkedTransport] {
    const client = new LinkedTransport();
    const server = new LinkedTransport();
    client.#peer = server;
    server.#peer = client;
    return [client, server];
  }

  get sessionId(): string | undefined {
    return this.#peer === undefined ? undefined : 'session-1';
  }

  get protocolVersion(): string | undefined {
    return this.#protocolVersion;
  }

  setProtocolVersion(version: string): void {
    this.#protocolVersion = version;
  }

  async start(): Promise<void> {
    for (const [message, extra] of this.#queue.splice(0)) this.onmessage?.(message, extra);
  }

  async send(message: unknown, options?: unknown): Promise<void> {
    if (this.#peer === undefined) throw new Error('Not connected');
    this.sentOptions.push(options);
    const extra = { from: 'peer' };
    if (this.#peer.onmessage) this.#peer.onmessage(message, extra);
    else this.#peer.#queue.push([message, extra]);
  }

  async close(): Promise<void> {
    const peer = this.#peer;
    this.#peer = undefined;
    await peer?.close();
    this.onclose?.();
  }
}

const toolWithRef = {
  name: 'create',
  inputSchema: {
    type: 'object',
    properties: { user: { $ref: '#/$defs/User' } },
    $defs: { User: { type: 'object', properties: { name: { type: 'string' } } } },
  },
};
const selfContained = {
  name: 'create',
  inputSchema: {
    type: 'object',
    properties: { user: { type: 'object', properties: { name: { type: 'string' } } } },
  },
};

/** Collects what arrives at one end, with the extra argument the transport passed. */
function collect(transport: LinkedTransport): Array<[unknown, unknown]> {
  const arrived: Array<[unknown, unknown]> = [];
  transport.onmessage = (message, extra) => arrived.push([message, extra]);
  return arrived;
}

describe('withToolSchemas', () => {
  it.each(['server', 'client'] as const)(
    'on the %s side, rewrites tools/list answers and passes everything else unchanged',
    async (side) => {
      const [clientEnd, serverEnd] = LinkedTransport.pair();
      const client = side === 'client' ? withToolSchemas(clientEnd, { side }) : clientEnd;
      const server = side === 'server' ? withToolSchemas(serverEnd, { side }) : serverEnd;
      const atServer = collect(server);
      const atClient = collect(client);
      await Promise.all([server.start(), client.start()]);

      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'p2' } };
      await client.send(list, { relatedRequestId: 0 });
      expect(atServer).toStrictEqual([[list, { from: 'peer' }]]);
      expect(atServer[0]![0]).toBe(list);
      expect(clientEnd.sentOptions).toStrictEqual([{ relatedRequestId: 0 }]);

      const notification = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
      const other = { jsonrpc: '2.0', id: 2, result: { tools: [toolWithRef] } };
      const answer = {
        jsonrpc: '2.0',
        id: 1,
        result: { tools: [toolWithRef], nextCursor: 'p3', _meta: { k: 1 } },
      };
      await server.send(notification);
      await server.send(other);
      await server.send(answer);
      expect(atClient).toStrictEqual([
        [notification, { from: 'peer' }],
        [other, { from: 'peer' }],
        [
          {
            jsonrpc: '2.0',
            id: 1,
            result: { tools: [selfContained], nextCursor: 'p3', _meta: { k: 1 } },
          },
          { from: 'peer' },
        ],
      ]);
      expect(atClient[0]![0]).toBe(notification);
      expect(atClient[1]![0]).toBe(other);
      expect(answer.result.tools[0]).toBe(toolWithRef);
    },
  );

  it('passes error answers and batches through, rewriting a batch entry that answers a list', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const client = withToolSchemas(clientEnd, { side: 'client' });
    const atClient = collect(client);
    collect(serverEnd);
    await client.send([
      { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
    ]);
    const error = { jsonrpc: '2.0', id: 'a', error: { code: -32603, message: 'down' } };
    await serverEnd.send(error);
    await serverEnd.send([
      { jsonrpc: '2.0', id: 'b', result: { tools: [toolWithRef] } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
    ]);
    expect(atClient.map(([message]) => message)).toStrictEqual([
      error,
      [
        { jsonrpc: '2.0', id: 'b', result: { tools: [selfContained] } },
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } },
      ],
    ]);
    expect(atClient[0]![0]).toBe(error);
  });

  it('forwards callbacks set after wrapping, and reads them back as they were set', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const server = withToolSchemas(serverEnd, { side: 'server' });
    const events: string[] = [];
    const onclose = () => events.push('closed');
    const onerror = (error: Error) => events.push(`error: ${error.message}`);
    const onmessage = (message: unknown) => events.push(`message: ${JSON.stringify(message)}`);
    server.onclose = onclose;
    server.onerror = onerror;
    server.onmessage = onmessage;
    expect(server.onclose).toBe(onclose);
    expect(server.onerror).toBe(onerror);
    expect(server.onmessage).toBe(onmessage);
    expect(serverEnd.onclose).toBe(onclose);
    expect(serverEnd.onmessage).not.toBe(onmessage);

    await clientEnd.send({ jsonrpc: '2.0', method: 'ping' });
    serverEnd.onerror?.(new Error('late'));
    await clientEnd.close();
    expect(events).toStrictEqual([
      'message: {"jsonrpc":"2.0","method":"ping"}',
      'error: late',
      'closed',
    ]);

    server.onmessage = undefined;
    expect(server.onmessage).toBeUndefined();
    expect(serverEnd.onmessage).toBeUndefined();
  });

  it('leaves a message that arrives before onmessage is set to the transport (which queues it)', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const server = withToolSchemas(serverEnd, { side: 'server' });
    const list = { jsonrpc: '2.0', id: 5, method: 'tools/list' };
    await clientEnd.send(list);
    const atServer = collect(server);
    const atClient = collect(clientEnd);
    await server.start();
    expect(atServer.map(([message]) => message)).toStrictEqual([list]);
    await server.send({ jsonrpc: '2.0', id: 5, result: { tools: [toolWithRef] } });
    expect(atClient.map(([message]) => message)).toStrictEqual([
      { jsonrpc: '2.0', id: 5, result: { tools: [selfContained] } },
    ]);
  });

  it('keeps a handler set before wrapping', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const atClient = collect(clientEnd);
    const client = withToolSchemas(clientEnd, { side: 'client' });
    collect(serverEnd);
    await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await serverEnd.send({ jsonrpc: '2.0', id: 1, result: { tools: [toolWithRef] } });
    expect(atClient.map(([message]) => message)).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { tools: [selfContained] } },
    ]);
  });

  it('passes sessionId, setProtocolVersion and the transport own members through', async () => {
    const [clientEnd] = LinkedTransport.pair();
    const client = withToolSchemas(clientEnd, { side: 'client' });
    expect(client.sessionId).toBe('session-1');
    client.setProtocolVersion?.('2025-06-18');
    expect(clientEnd.protocolVersion).toBe('2025-06-18');
    expect(client.protocolVersion).toBe('2025-06-18');
    expect(client).toBeInstanceOf(LinkedTransport);
    expect(client.start).toBe(client.start);
    await client.close();
    expect(client.sessionId).toBeUndefined();
    await expect(client.send({ jsonrpc: '2.0', method: 'ping' })).rejects.toThrow('Not connected');
  });

  it('reports each new tool once, with the options of the core', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const reports: ToolReport[] = [];
    const client = withToolSchemas(clientEnd, {
      side: 'client',
      pass: { cycles: 'ref' },
      onToolReport: (report) => reports.push(report),
    });
    const atClient = collect(client);
    collect(serverEnd);
    for (const id of [1, 2]) {
      await client.send({ jsonrpc: '2.0', id, method: 'tools/list' });
      await serverEnd.send({ jsonrpc: '2.0', id, result: { tools: [toolWithRef] } });
    }
    expect(reports).toStrictEqual([
      { name: 'create', diagnostics: [], errors: [], violations: [], omitted: false },
    ]);
    expect(atClient[1]![0]).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { tools: [selfContained] },
    });
  });

  it('does not rewrite an answer to a request it did not see go out', async () => {
    const [clientEnd, serverEnd] = LinkedTransport.pair();
    const server = withToolSchemas(serverEnd, { side: 'server' });
    const atClient = collect(clientEnd);
    const answer = { jsonrpc: '2.0', id: 9, result: { tools: [toolWithRef] } };
    await server.send(answer);
    expect(atClient[0]![0]).toBe(answer);
  });

  describe('with a profile, a call of a tool not listed on this connection', () => {
    const wireCall = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'tag', arguments: { id: 3, tags: [{ key: 'color', value: 'red' }] } },
    };
    const decodedCall = {
      ...wireCall,
      params: { name: 'tag', arguments: { id: 3, tags: { color: 'red' } } },
    };
    const cancelled = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7 },
    };
    const privateList = { jsonrpc: '2.0', id: 'toolschema-list:1', method: 'tools/list' };
    const privateAnswer = {
      jsonrpc: '2.0',
      id: 'toolschema-list:1',
      result: { tools: [toolWithRecord] },
    };

    it('on the server side, is held while the wrapper lists through the server itself', async () => {
      const [clientEnd, serverEnd] = LinkedTransport.pair();
      const reports: ToolReport[] = [];
      const server = withToolSchemas(serverEnd, {
        side: 'server',
        profile: 'openai-strict',
        onToolReport: (report) => reports.push(report),
      });
      const atServer = collect(server);
      const atClient = collect(clientEnd);
      await clientEnd.send(wireCall);
      await clientEnd.send(cancelled);
      // The server got the wrapper's list, with the transport's extra of the call; not the call.
      expect(atServer).toStrictEqual([[privateList, { from: 'peer' }]]);
      await server.send(privateAnswer);
      // The answer stayed with the wrapper; the call went on decoded, then what followed it.
      expect(atClient).toStrictEqual([]);
      expect(atServer).toStrictEqual([
        [privateList, { from: 'peer' }],
        [decodedCall, { from: 'peer' }],
        [cancelled, { from: 'peer' }],
      ]);
      expect(reports.map((report) => report.name)).toStrictEqual(['tag']);
      // The client's own list is answered with the wire schema, as ever.
      await clientEnd.send({ jsonrpc: '2.0', id: 8, method: 'tools/list' });
      await server.send({ jsonrpc: '2.0', id: 8, result: { tools: [toolWithRecord] } });
      expect(atClient.map(([message]) => message)).toStrictEqual([
        {
          jsonrpc: '2.0',
          id: 8,
          result: { tools: [{ ...toolWithRecord, inputSchema: toolWithRecordOpenAiStrictInput }] },
        },
      ]);
    });

    it('on the client side, is held while the wrapper lists through the transport', async () => {
      const [clientEnd, serverEnd] = LinkedTransport.pair();
      const client = withToolSchemas(clientEnd, { side: 'client', profile: 'openai-strict' });
      const atServer = collect(serverEnd);
      const atClient = collect(client);
      const sent = client.send(wireCall, { relatedRequestId: 1 });
      const next = client.send(cancelled);
      expect(atServer.map(([message]) => message)).toStrictEqual([privateList]);
      await serverEnd.send(privateAnswer);
      await Promise.all([sent, next]);
      expect(atClient).toStrictEqual([]);
      expect(atServer.map(([message]) => message)).toStrictEqual([
        privateList,
        decodedCall,
        cancelled,
      ]);
      // The call went with its own send options; the wrapper's list with none.
      expect(clientEnd.sentOptions).toStrictEqual([undefined, { relatedRequestId: 1 }, undefined]);
      // Known now: the next call goes at once.
      await client.send({ ...wireCall, id: 9 });
      expect(atServer.at(-1)?.[0]).toStrictEqual({ ...decodedCall, id: 9 });
    });

    it('goes on undecoded once the listing found no answer within listTimeout', async () => {
      vi.useFakeTimers();
      try {
        const [clientEnd, serverEnd] = LinkedTransport.pair();
        const errors: string[] = [];
        const client = withToolSchemas(clientEnd, {
          side: 'client',
          profile: 'openai-strict',
          listTimeout: 50,
          onRewriteError: (error) => errors.push(String(error)),
        });
        const atServer = collect(serverEnd);
        const atClient = collect(client);
        const sent = client.send(wireCall);
        expect(atServer.map(([message]) => message)).toStrictEqual([privateList]);
        await vi.advanceTimersByTimeAsync(50);
        await sent;
        expect(atServer.map(([message]) => message)).toStrictEqual([privateList, wireCall]);
        expect(errors).toStrictEqual([
          "Error: toolschema: the tools/list sent to decode a call of 'tag' failed (no answer within 50 ms); the call went on undecoded",
        ]);
        // The late answer stays with the wrapper, and the next call is decoded.
        await serverEnd.send(privateAnswer);
        expect(atClient).toStrictEqual([]);
        await client.send({ ...wireCall, id: 9 });
        expect(atServer.at(-1)?.[0]).toStrictEqual({ ...decodedCall, id: 9 });
      } finally {
        vi.useRealTimers();
      }
    });

    it('goes on undecoded when the connection closes first, before the close is told', async () => {
      const [clientEnd, serverEnd] = LinkedTransport.pair();
      const events: string[] = [];
      const client = withToolSchemas(clientEnd, {
        side: 'client',
        profile: 'openai-strict',
        onRewriteError: (error) => events.push(String(error)),
      });
      collect(serverEnd);
      const onclose = () => events.push('closed');
      client.onclose = onclose;
      expect(client.onclose).toBe(onclose);
      const sent = client.send(wireCall).then(undefined, (error: unknown) => {
        events.push(`send: ${String(error)}`);
      });
      // The server's end closes: the client's end is told once.
      await serverEnd.close();
      await sent;
      expect(events).toStrictEqual([
        "Error: toolschema: the tools/list sent to decode a call of 'tag' failed (the connection closed); the call went on undecoded",
        'closed',
        'send: Error: Not connected',
      ]);
    });

    it('is sent as it came, with no list of the wrapper, without a profile or with mcp', async () => {
      for (const options of [{}, { profile: 'mcp' as const }]) {
        const [clientEnd, serverEnd] = LinkedTransport.pair();
        const client = withToolSchemas(clientEnd, { side: 'client', ...options });
        const onclose = () => undefined;
        client.onclose = onclose;
        expect(clientEnd.onclose).toBe(onclose);
        const atServer = collect(serverEnd);
        await client.send(wireCall);
        expect(atServer.map(([message]) => message)).toStrictEqual([wireCall]);
        expect(atServer[0]![0]).toBe(wireCall);
      }
    });
  });
});
