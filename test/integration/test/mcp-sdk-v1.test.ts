/**
 * `withToolSchemas` with the MCP TypeScript SDK v1 (`@modelcontextprotocol/sdk`), which takes Zod
 * schemas (3 or 4) or raw JSON Schema and lists them as they convert: `$ref` into `definitions`
 * for Zod 4 registered and recursive types, `$ref` into `#/properties/...` for a Zod 3 schema
 * used twice. Wrapping the transport, on either side, makes every listed schema self-contained;
 * tool calls reach the handlers validated as before.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { dereference } from '@toolschema/core';
import { type TransportSide, withToolSchemas } from '@toolschema/mcp';
import { loadGithubTools } from '@toolschema/test-support/corpora';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { connectWrapped, firstText } from './helpers.ts';

/** How a test wires the pair: no wrapper, or one on the server's or the client's transport. */
type Wiring = 'plain' | TransportSide;

/**
 * Connects a v1 client to a v1 server over the SDK's in-memory pair, wrapping one end or none.
 *
 * @param server A v1 `McpServer` or low-level `Server`, its tools registered.
 * @param wiring Which transport to wrap.
 * @returns The connected client.
 */
async function connectV1(server: McpServer | Server, wiring: Wiring): Promise<Client> {
  const client = new Client({ name: 'toolschema-v1-client', version: '0.0.0' });
  await connectWrapped(server, client, InMemoryTransport.createLinkedPair(), wiring);
  return client;
}

/**
 * Lists a server's tools by name.
 *
 * @param client A connected client.
 * @returns Each tool as listed, as JSON.
 */
async function toolsByName(client: Client): Promise<Record<string, Tool>> {
  const { tools } = await client.listTools();
  // As it would cross a wire: the in-memory transport passes the server's `undefined` fields.
  return JSON.parse(JSON.stringify(Object.fromEntries(tools.map((tool) => [tool.name, tool]))));
}

/**
 * The text of a v1 tool result (v1 types a result as content or a legacy `toolResult`).
 *
 * @param result A `callTool` result.
 * @returns Its first text.
 */
function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return Array.isArray(result.content) ? firstText({ content: result.content }) : '';
}

// Zod 4: a registered type used twice, and a recursive type.
const User = z.object({ name: z.string() }).meta({ id: 'IntegrationV1User' });
const Category = z.object({
  name: z.string(),
  get children() {
    return z.array(Category).optional();
  },
});
const Post = z.object({ author: User, editor: User.optional(), title: z.string() });
const Tree = z.object({ root: Category });

// Zod 3 (the API SDK v1 takes from `zod/v3`): an object used twice in a raw shape.
const Person3 = z3.object({ name: z3.string(), age: z3.number().int().optional() });

/** What the handlers received, per tool. */
const received: Record<string, unknown> = {};

/**
 * A v1 `McpServer` with the same tools each time: Zod 4 and Zod 3 schemas as the SDK takes them.
 *
 * @returns The server.
 */
function v1McpServer(): McpServer {
  const server = new McpServer({ name: 'v1-zod', version: '0.0.0' });
  server.registerTool('post', { description: 'Posts', inputSchema: Post }, async (args) => {
    expectTypeOf(args).toEqualTypeOf<z.output<typeof Post>>();
    received.post = args;
    return { content: [{ type: 'text', text: `posted ${args.title}` }] };
  });
  server.registerTool('tree', { inputSchema: Tree }, async (args) => {
    received.tree = args;
    return { content: [{ type: 'text', text: `tree ${args.root.name}` }] };
  });
  server.registerTool('meet', { inputSchema: { host: Person3, guest: Person3 } }, async (args) => {
    expectTypeOf(args.guest.name).toEqualTypeOf<string>();
    received.meet = args;
    return { content: [{ type: 'text', text: `${args.host.name} meets ${args.guest.name}` }] };
  });
  return server;
}

describe('SDK v1 McpServer (Zod 3 and Zod 4)', () => {
  it('lists $ref and definitions without the wrapper (the problem)', async () => {
    const tools = await toolsByName(await connectV1(v1McpServer(), 'plain'));
    expect(tools.post?.inputSchema.properties).toStrictEqual({
      author: { $ref: '#/definitions/IntegrationV1User' },
      editor: { allOf: [{ $ref: '#/definitions/IntegrationV1User' }] },
      title: { type: 'string' },
    });
    expect(tools.meet?.inputSchema.properties?.guest).toStrictEqual({ $ref: '#/properties/host' });
  });

  for (const side of ['server', 'client'] as const) {
    it(`lists every schema self-contained with the ${side} transport wrapped`, async () => {
      const tools = await toolsByName(await connectV1(v1McpServer(), side));
      const user = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
      expect(tools.post).toStrictEqual({
        name: 'post',
        description: 'Posts',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { author: user, editor: { allOf: [user] }, title: { type: 'string' } },
          required: ['author', 'title'],
        },
        execution: { taskSupport: 'forbidden' },
      });
      const person = {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer' } },
        required: ['name'],
        additionalProperties: false,
      };
      expect(tools.meet?.inputSchema).toStrictEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { host: person, guest: person },
        required: ['host', 'guest'],
        additionalProperties: false,
      });
      // A cycle keeps one definition at the root, which its refs resolve to. SDK v1 names it
      // with a counter (__schema0), so it is kept under the property that reaches it.
      expect(tools.tree?.inputSchema).toStrictEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { root: { $ref: '#/definitions/root' } },
        required: ['root'],
        definitions: {
          root: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/definitions/root' } },
            },
            required: ['name'],
          },
        },
      });
    });

    it(`calls tools validated as before with the ${side} transport wrapped`, async () => {
      const client = await connectV1(v1McpServer(), side);
      const post = await client.callTool({
        name: 'post',
        arguments: { author: { name: 'Ada' }, editor: { name: 'Bob' }, title: 'Hello' },
      });
      expect(textOf(post)).toBe('posted Hello');
      expect(received.post).toStrictEqual({
        author: { name: 'Ada' },
        editor: { name: 'Bob' },
        title: 'Hello',
      });
      const root = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
      expect(textOf(await client.callTool({ name: 'tree', arguments: { root } }))).toBe('tree a');
      expect(received.tree).toStrictEqual({ root });
      const meet = await client.callTool({
        name: 'meet',
        arguments: { host: { name: 'Ada', age: 36 }, guest: { name: 'Bob' } },
      });
      expect(textOf(meet)).toBe('Ada meets Bob');
      expect(received.meet).toStrictEqual({
        host: { name: 'Ada', age: 36 },
        guest: { name: 'Bob' },
      });
    });
  }

  it('rejects invalid arguments with the same error as without the wrapper', async () => {
    const invalid = { name: 'meet', arguments: { host: { name: 'Ada', age: 1.5 }, guest: {} } };
    const plain = await (await connectV1(v1McpServer(), 'plain')).callTool(invalid);
    const wrapped = await (await connectV1(v1McpServer(), 'server')).callTool(invalid);
    expect(plain.isError).toBe(true);
    expect(textOf(plain)).toContain('Input validation error');
    expect(wrapped).toStrictEqual(plain);
  });
});

/** Raw JSON Schema with a `$ref` into `$defs`, listed over two pages by a low-level server. */
const rawTools: Tool[] = [
  {
    name: 'send_mail',
    inputSchema: {
      type: 'object',
      properties: {
        to: { $ref: '#/$defs/Address' },
        cc: { type: 'array', items: { $ref: '#/$defs/Address' } },
      },
      required: ['to'],
      $defs: { Address: { type: 'string', format: 'email' } },
    },
  },
  {
    name: 'ping',
    inputSchema: { type: 'object', properties: {} },
    outputSchema: {
      type: 'object',
      properties: { at: { $ref: '#/definitions/Time' } },
      required: ['at'],
      definitions: { Time: { type: 'string' } },
    },
  },
];

/**
 * A v1 low-level `Server` listing raw JSON Schema, one tool per page, and echoing calls.
 *
 * @returns The server.
 */
function v1LowLevelServer(): Server {
  const server = new Server({ name: 'v1-raw', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const page = request.params?.cursor === 'page-2' ? 1 : 0;
    return {
      tools: [rawTools[page]!],
      ...(page === 0 ? { nextCursor: 'page-2' } : {}),
      _meta: { page },
    };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    received[request.params.name] = request.params.arguments;
    return {
      content: [{ type: 'text', text: JSON.stringify(request.params.arguments) }],
      ...(request.params.name === 'ping' ? { structuredContent: { at: 'noon' } } : {}),
    };
  });
  return server;
}

describe('SDK v1 low-level Server (raw JSON Schema)', () => {
  for (const side of ['server', 'client'] as const) {
    it(`lists each page self-contained, cursor and _meta kept (${side} side)`, async () => {
      const client = await connectV1(v1LowLevelServer(), side);
      const first = await client.listTools();
      const second = await client.listTools({ cursor: first.nextCursor ?? '' });
      expect(first).toStrictEqual({
        tools: [
          {
            name: 'send_mail',
            inputSchema: {
              type: 'object',
              properties: {
                to: { type: 'string', format: 'email' },
                cc: { type: 'array', items: { type: 'string', format: 'email' } },
              },
              required: ['to'],
            },
          },
        ],
        nextCursor: 'page-2',
        _meta: { page: 0 },
      });
      expect(second).toStrictEqual({
        tools: [
          {
            name: 'ping',
            inputSchema: { type: 'object', properties: {} },
            outputSchema: {
              type: 'object',
              properties: { at: { type: 'string' } },
              required: ['at'],
            },
          },
        ],
        _meta: { page: 1 },
      });
      const args = { to: 'a@example.com', cc: ['b@example.com'] };
      expect(textOf(await client.callTool({ name: 'send_mail', arguments: args }))).toBe(
        JSON.stringify(args),
      );
      expect(received.send_mail).toStrictEqual(args);
      // The client validates structured content against the output schema it was listed.
      const ping = await client.callTool({ name: 'ping', arguments: {} });
      expect(ping.structuredContent).toStrictEqual({ at: 'noon' });
    });
  }

  describe('an output schema Ajv cannot compile, as OpenAPI-derived servers list them', () => {
    /**
     * OpenAPI 3.0's `nullable` beside an `allOf` (no `type`), draft-04's boolean bound, a pattern
     * written for Java: each means one plain thing, and Ajv refuses each, and the v1 client
     * compiles every `outputSchema` inside `listTools`. A pattern with no form JavaScript
     * compiles (`(?i)`, case-insensitive in Java, Python, PCRE) is left out of the output schema.
     */
    const issueOutput = {
      type: 'object',
      properties: {
        assignee: { allOf: [{ $ref: '#/$defs/User' }], nullable: true },
        score: { type: 'number', minimum: 0, exclusiveMinimum: true },
        key: { type: 'string', pattern: '^[A-Z]+\\-\\d+$' },
        label: { type: 'string', pattern: '(?i)^[a-z]+$' },
      },
      required: ['key'],
      $defs: { User: { type: 'object', properties: { login: { type: 'string' } } } },
    };
    const issue = { assignee: { login: 'ada' }, score: 0.5, key: 'TS-1', label: 'Bug' };
    function issueServer(output: Record<string, unknown> = issueOutput): Server {
      const server = new Server(
        { name: 'v1-openapi', version: '0.0.0' },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          { name: 'get_issue', inputSchema: { type: 'object' }, outputSchema: output },
          { name: 'ping', inputSchema: { type: 'object' } },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, () => ({
        content: [{ type: 'text', text: JSON.stringify(issue) }],
        structuredContent: issue,
      }));
      return server;
    }

    it('costs the plain client every tool of the server', async () => {
      const client = await connectV1(issueServer(), 'plain');
      await expect(client.listTools()).rejects.toThrow('"nullable" cannot be used without "type"');
      const { label } = issueOutput.properties;
      const patternOnly = await connectV1(
        issueServer({ type: 'object', properties: { label } }),
        'plain',
      );
      await expect(patternOnly.listTools()).rejects.toThrow('Invalid regular expression');
    });

    it("compiles in the client's own validator for every GitHub REST tool, as the pass writes it", () => {
      // What `listTools` runs on each `outputSchema` (`cacheToolMetadata`): one throw there costs
      // the client every tool. GitHub's description writes `nullable: true` beside an `allOf`.
      const { tools } = loadGithubTools();
      const validator = new AjvJsonSchemaValidator();
      const refusedOf = (schemas: Record<string, unknown>[]) =>
        schemas.filter((schema) => {
          try {
            validator.getValidator(schema);
            return false;
          } catch {
            return true;
          }
        }).length;
      const outputs = tools.flatMap((tool) => (tool.outputSchema ? [tool.outputSchema] : []));
      expect(outputs.length).toBe(926);
      expect(refusedOf(outputs)).toBe(88);
      const written = [
        ...tools.map((tool) => dereference(tool.inputSchema, { root: 'object' }).schema),
        ...outputs.map((schema) => dereference(schema).schema),
      ] as Record<string, unknown>[];
      expect(refusedOf(written)).toBe(0);
    });

    for (const side of ['server', 'client'] as const) {
      it(`is listed in the form Ajv compiles, with the same meaning (${side} side)`, async () => {
        const client = await connectV1(issueServer(), side);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => [tool.name, tool.outputSchema])).toStrictEqual([
          [
            'get_issue',
            {
              type: 'object',
              properties: {
                assignee: {
                  allOf: [{ type: 'object', properties: { login: { type: 'string' } } }],
                },
                score: { type: 'number', exclusiveMinimum: 0 },
                key: { type: 'string', pattern: '^[A-Z]+-\\d+$' },
                label: { type: 'string' },
              },
              required: ['key'],
            },
          ],
          ['ping', undefined],
        ]);
        // The client checks the structured result against the schema it compiled.
        const result = await client.callTool({ name: 'get_issue', arguments: {} });
        expect(result.structuredContent).toStrictEqual(issue);
      });
    }
  });

  describe('output schemas that share an $id, as schemas written from one template do', () => {
    /**
     * The v1 client validates a tool's structured result with the schema it compiled for the
     * tool, and its validator compiles one schema per `$id` (`getSchema($id) ?? compile`): the
     * second tool that shares the first one's `$id` is judged by the first tool's schema.
     */
    const id = 'http://example.com/example.json';
    const results: Record<string, Record<string, unknown>> = {
      get_user: { name: 'ada' },
      count_issues: { count: 3 },
    };
    function templateServer(): Server {
      const server = new Server(
        { name: 'v1-template', version: '0.0.0' },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [
          {
            name: 'get_user',
            inputSchema: { type: 'object' },
            outputSchema: {
              $id: id,
              type: 'object',
              properties: { name: { $ref: '#/$defs/Name' } },
              required: ['name'],
              $defs: { Name: { type: 'string' } },
            },
          },
          {
            name: 'count_issues',
            inputSchema: { type: 'object' },
            outputSchema: {
              $id: id,
              type: 'object',
              properties: { count: { type: 'integer' } },
              required: ['count'],
            },
          },
        ],
      }));
      server.setRequestHandler(CallToolRequestSchema, (request) => {
        const result = results[request.params.name]!;
        return {
          content: [{ type: 'text', text: JSON.stringify(result) }],
          structuredContent: result,
        };
      });
      return server;
    }
    const callBoth = async (client: Client) => {
      await client.listTools();
      const user = await client.callTool({ name: 'get_user', arguments: {} });
      const count = await client.callTool({ name: 'count_issues', arguments: {} });
      return [user.structuredContent, count.structuredContent];
    };

    it("fails the plain client's second tool: judged by the first tool's schema", async () => {
      const client = await connectV1(templateServer(), 'plain');
      await expect(callBoth(client)).rejects.toThrow(/does not match the tool's output schema/);
    });

    for (const side of ['server', 'client'] as const) {
      it(`judges each tool by its own schema, the $id left out (${side} side)`, async () => {
        const client = await connectV1(templateServer(), side);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.outputSchema)).toStrictEqual([
          { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
        ]);
        expect(await callBoth(client)).toStrictEqual([results.get_user, results.count_issues]);
      });
    }
  });

  it('passes a tools/list error through unchanged', async () => {
    const server = new Server(
      { name: 'v1-down', version: '0.0.0' },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => {
      throw new Error('tools are down');
    });
    const client = await connectV1(server, 'server');
    await expect(client.listTools()).rejects.toThrow('tools are down');
  });
});

describe('SDK v1 McpServer with repair', () => {
  // What models send when they lose track of a schema: an object as a JSON string, and `null`
  // for an optional property they leave out (Zod's `.optional()` refuses null).
  const sent = { author: '{"name":"Ada"}', editor: null, title: 'Hello' };

  it('refuses such a call without the wrapper', async () => {
    const plain = await (await connectV1(v1McpServer(), 'plain')).callTool({
      name: 'post',
      arguments: sent,
    });
    expect(plain.isError).toBe(true);
    expect(textOf(plain)).toContain('Input validation error');
  });

  for (const side of ['server', 'client'] as const) {
    it(`reaches the handler repaired with the ${side} transport wrapped, listing the same tools`, async () => {
      const server = v1McpServer();
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      const options = { side, repair: true } as const;
      await server.connect(
        side === 'server' ? withToolSchemas(serverTransport, options) : serverTransport,
      );
      const client = new Client({ name: 'toolschema-v1-client', version: '0.0.0' });
      await client.connect(
        side === 'client' ? withToolSchemas(clientTransport, options) : clientTransport,
      );
      expect(await toolsByName(client)).toStrictEqual(
        await toolsByName(await connectV1(v1McpServer(), side)),
      );
      received.post = undefined;
      const result = await client.callTool({ name: 'post', arguments: sent });
      expect(textOf(result)).toBe('posted Hello');
      expect(received.post).toStrictEqual({ author: { name: 'Ada' }, title: 'Hello' });
    });
  }
});

describe('SDK v1 with a profile: a call before any tools/list on the connection', () => {
  for (const side of ['server', 'client'] as const) {
    it(`reaches the handler decoded: the ${side}-side wrapper lists the pages itself`, async () => {
      const lists: unknown[] = [];
      const calls: unknown[] = [];
      const server = new Server(
        { name: 'v1-paged', version: '0.0.0' },
        { capabilities: { tools: {} } },
      );
      const tally = {
        name: 'tally',
        inputSchema: {
          type: 'object',
          properties: { counts: { type: 'object', additionalProperties: { type: 'number' } } },
        },
      };
      server.setRequestHandler(ListToolsRequestSchema, (request, extra) => {
        lists.push([extra.requestId, request.params?.cursor]);
        const second = request.params?.cursor === 'page-2';
        return second ? { tools: [tally] } : { tools: [rawTools[0]!], nextCursor: 'page-2' };
      });
      server.setRequestHandler(CallToolRequestSchema, (request) => {
        calls.push(request.params.arguments);
        return { content: [{ type: 'text', text: 'counted' }] };
      });
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      const options = { side, profile: 'openai-strict' } as const;
      await server.connect(
        side === 'server' ? withToolSchemas(serverTransport, options) : serverTransport,
      );
      const client = new Client({ name: 'toolschema-v1-client', version: '0.0.0' });
      await client.connect(
        side === 'client' ? withToolSchemas(clientTransport, options) : clientTransport,
      );
      // What the model sends under openai-strict, from a listing of an earlier connection.
      const result = await client.callTool({
        name: 'tally',
        arguments: { counts: [{ key: 'apples', value: 3 }] },
      });
      expect(textOf(result)).toBe('counted');
      expect(calls).toStrictEqual([{ counts: { apples: 3 } }]);
      expect(lists).toStrictEqual([
        ['toolschema-list:1', undefined],
        ['toolschema-list:2', 'page-2'],
      ]);
    });
  }
});

/**
 * Type checks only (never called): the wrapper keeps the type of each SDK v1 transport, so
 * `connect` takes it without a cast.
 */
function typeChecks(
  server: McpServer,
  client: Client,
  transports: {
    stdio: StdioServerTransport;
    http: StreamableHTTPServerTransport;
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
