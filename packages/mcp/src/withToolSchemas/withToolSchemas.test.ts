import { describe, expect, it } from 'vitest';
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
    expect(reports).toStrictEqual([{ name: 'create', diagnostics: [], errors: [] }]);
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
});
