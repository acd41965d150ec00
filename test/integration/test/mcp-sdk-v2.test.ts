/**
 * `withToolSchemas` with the MCP TypeScript SDK v2: an `McpServer` given plain Zod 4 schemas
 * (which v2 lists with `$ref` into `$defs` for registered types) made self-contained by wrapping
 * its transport, and a v2 `Client` cleaning a server that lists `$ref` by wrapping its own.
 */
import {
  Client,
  InMemoryResponseCacheStore,
  type StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  InMemoryTransport,
  McpServer,
  Server,
  type WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { withToolSchemas } from '@toolschema/mcp';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { connectWrapped, firstText } from './helpers.ts';

const Address = z.object({ city: z.string() }).meta({ id: 'IntegrationV2Address' });
const Move = z.object({ from: Address, to: Address });

/** What the handlers received. */
const received: Record<string, unknown> = {};

/**
 * Connects a v2 client to a v2 server over the in-memory pair, wrapping the given side (or none).
 *
 * @param server The server, its tools registered.
 * @param side Which transport to wrap.
 * @returns The connected client.
 */
async function connectV2(
  server: McpServer | Server,
  side: 'server' | 'client' | 'plain',
): Promise<Client> {
  const client = new Client({ name: 'toolschema-v2-client', version: '0.0.0' });
  await connectWrapped(server, client, InMemoryTransport.createLinkedPair(), side);
  return client;
}

describe('SDK v2 McpServer with plain Zod schemas, server transport wrapped', () => {
  it('lists the schema self-contained and calls the tool validated as before', async () => {
    const server = new McpServer({ name: 'v2-zod', version: '0.0.0' });
    server.registerTool('move', { inputSchema: Move }, async (args) => {
      received.move = args;
      return { content: [{ type: 'text', text: `${args.from.city} to ${args.to.city}` }] };
    });
    const client = await connectV2(server, 'server');
    const { tools } = await client.listTools();
    const address = {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    };
    expect(JSON.parse(JSON.stringify(tools))).toStrictEqual([
      {
        name: 'move',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { from: address, to: address },
          required: ['from', 'to'],
        },
      },
    ]);
    const args = { from: { city: 'Oslo' }, to: { city: 'Rome' } };
    expect(firstText(await client.callTool({ name: 'move', arguments: args }))).toBe(
      'Oslo to Rome',
    );
    expect(received.move).toStrictEqual(args);
    const invalid = await client.callTool({ name: 'move', arguments: { from: {} } });
    expect(invalid.isError).toBe(true);
    expect(received.move).toStrictEqual(args);
  });
});

describe('SDK v2 Client cleaning a server that lists $ref, client transport wrapped', () => {
  it('sees self-contained tools, and its calls reach the server as sent', async () => {
    const server = new Server(
      { name: 'v2-raw', version: '0.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: [
        {
          name: 'tag',
          inputSchema: {
            type: 'object',
            properties: { tags: { type: 'array', items: { $ref: '#/$defs/Tag' } } },
            $defs: { Tag: { type: 'string', minLength: 1 } },
          },
        },
      ],
    }));
    server.setRequestHandler('tools/call', (request) => {
      received.tag = request.params.arguments;
      return { content: [{ type: 'text', text: 'tagged' }] };
    });
    const client = await connectV2(server, 'client');
    const { tools } = await client.listTools();
    expect(JSON.parse(JSON.stringify(tools))).toStrictEqual([
      {
        name: 'tag',
        inputSchema: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string', minLength: 1 } } },
        },
      },
    ]);
    const result = await client.callTool({ name: 'tag', arguments: { tags: ['a', 'b'] } });
    expect(firstText(result)).toBe('tagged');
    expect(received.tag).toStrictEqual({ tags: ['a', 'b'] });
  });
});

describe('SDK v2 Client and an output schema with a pattern JavaScript cannot compile', () => {
  /** `(?i)`: case-insensitive in Java, Python and PCRE; no ECMA-262 regular expression. */
  const label = { type: 'string', pattern: '(?i)^[a-z]+$' };
  function labelServer(): Server {
    const server = new Server(
      { name: 'v2-foreign-pattern', version: '0.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: [
        {
          name: 'get_label',
          inputSchema: { type: 'object', properties: { label } },
          outputSchema: { type: 'object', properties: { label }, required: ['label'] },
        },
      ],
    }));
    server.setRequestHandler('tools/call', () => ({
      content: [{ type: 'text', text: 'Bug' }],
      structuredContent: { label: 'Bug' },
    }));
    return server;
  }

  it('cannot call the tool unwrapped: the client compiles the output schema first', async () => {
    const client = await connectV2(labelServer(), 'plain');
    await client.listTools();
    await expect(client.callTool({ name: 'get_label', arguments: {} })).rejects.toThrow(
      "Tool 'get_label' has an invalid outputSchema",
    );
  });

  for (const side of ['server', 'client'] as const) {
    it(`calls it wrapped, the pattern left out of the output schema only (${side} side)`, async () => {
      const client = await connectV2(labelServer(), side);
      const { tools } = await client.listTools();
      expect(JSON.parse(JSON.stringify(tools))).toStrictEqual([
        {
          name: 'get_label',
          inputSchema: { type: 'object', properties: { label } },
          outputSchema: {
            type: 'object',
            properties: { label: { type: 'string' } },
            required: ['label'],
          },
        },
      ]);
      const result = await client.callTool({ name: 'get_label', arguments: {} });
      expect(result.structuredContent).toStrictEqual({ label: 'Bug' });
    });
  }
});

/** A server with one tool, `tally`, taking an optional record; each call's arguments go to `calls`. */
function tallyServer(name: string, calls: unknown[]): McpServer {
  const server = new McpServer({ name, version: '0.0.0' });
  server.registerTool(
    'tally',
    { inputSchema: z.object({ counts: z.record(z.string(), z.number()).optional() }) },
    async (args) => {
      calls.push(args);
      return { content: [{ type: 'text', text: 'counted' }] };
    },
  );
  return server;
}

describe('SDK v2 Client with a profile and a response cache shared between clients', () => {
  it('decodes a call of a connection whose listing came from the cache', async () => {
    const calls: unknown[] = [];
    const lists: string[] = [];
    const store = new InMemoryResponseCacheStore();
    /** A fresh server and a v2 client on the shared store (listings held 10 minutes). */
    async function connectPooled(): Promise<Client> {
      const server = tallyServer('v2-pooled', calls);
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      // Sees every tools/list the server receives, with its id.
      await server.connect(serverTransport);
      const serverHandler = serverTransport.onmessage;
      serverTransport.onmessage = (message, extra) => {
        if ('method' in message && message.method === 'tools/list' && 'id' in message) {
          lists.push(String(message.id));
        }
        serverHandler?.(message, extra);
      };
      const client = new Client(
        { name: 'toolschema-v2-pooled', version: '0.0.0' },
        { responseCacheStore: store, defaultCacheTtlMs: 600_000 },
      );
      await client.connect(
        withToolSchemas(clientTransport, { side: 'client', profile: 'openai-strict' }),
      );
      return client;
    }
    // What the model sends under openai-strict: the record as { key, value } entries.
    const modelArguments = { counts: [{ key: 'apples', value: 3 }] };

    const first = await connectPooled();
    await first.listTools();
    const second = await connectPooled();
    // Served from the shared store: no tools/list crosses the second transport, so the wrapper
    // lists the tools itself before the call goes on, and the call is decoded.
    const { tools } = await second.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual(['tally']);
    expect(lists).toStrictEqual(['1']);
    const decoded = await second.callTool({ name: 'tally', arguments: modelArguments });
    expect(firstText(decoded)).toBe('counted');
    expect(calls).toStrictEqual([{ counts: { apples: 3 } }]);
    expect(lists).toStrictEqual(['1', 'toolschema-list:1']);
    // Known from then on: the next call lists nothing.
    await second.callTool({ name: 'tally', arguments: { counts: null } });
    expect(calls).toStrictEqual([{ counts: { apples: 3 } }, {}]);
    expect(lists).toStrictEqual(['1', 'toolschema-list:1']);
  });
});

describe('SDK v2 McpServer with a profile, server transport wrapped', () => {
  it('decodes a call of a client that reconnects and calls without listing', async () => {
    const calls: unknown[] = [];
    const server = tallyServer('v2-reconnect', calls);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const reports: string[] = [];
    await server.connect(
      withToolSchemas(serverTransport, {
        side: 'server',
        profile: 'openai-strict',
        onToolReport: (report) => reports.push(report.name),
      }),
    );
    const client = new Client({ name: 'toolschema-v2-client', version: '0.0.0' });
    await client.connect(clientTransport);
    const result = await client.callTool({
      name: 'tally',
      arguments: { counts: [{ key: 'apples', value: 3 }] },
    });
    expect(firstText(result)).toBe('counted');
    expect(calls).toStrictEqual([{ counts: { apples: 3 } }]);
    expect(reports).toStrictEqual(['tally']);
  });
});

/**
 * Type checks only (never called): the wrapper keeps the type of each SDK v2 transport, so
 * `connect` takes it without a cast.
 */
function typeChecks(
  server: McpServer,
  client: Client,
  transports: {
    stdio: StdioServerTransport;
    http: WebStandardStreamableHTTPServerTransport;
    stdioClient: StdioClientTransport;
    httpClient: StreamableHTTPClientTransport;
  },
): void {
  const stdio = withToolSchemas(transports.stdio, { side: 'server' });
  expectTypeOf(stdio).toEqualTypeOf<StdioServerTransport>();
  void server.connect(stdio);
  void server.connect(withToolSchemas(transports.http, { side: 'server' }));
  void server.server.connect(withToolSchemas(transports.http, { side: 'server' }));
  void client.connect(withToolSchemas(transports.stdioClient, { side: 'client' }));
  void client.connect(withToolSchemas(transports.httpClient, { side: 'client' }));
}
void typeChecks;
