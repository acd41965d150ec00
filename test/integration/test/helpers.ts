import { Client } from '@modelcontextprotocol/client';
import {
  InMemoryTransport,
  McpServer,
  type StandardSchemaWithJSON,
  type ToolCallback,
} from '@modelcontextprotocol/server';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { type McpTransport, type TransportSide, withToolSchemas } from '@toolschema/mcp';
import { refsOf } from '@toolschema/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A listed tool schema, as `tools/list` returns it. */
export type ListedSchema = Record<string, unknown>;

/**
 * Connects a client to a server over a linked pair of in-memory transports.
 *
 * @param server The server, with its tools registered.
 * @returns The connected client.
 */
export async function connect(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'toolschema-integration', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return client;
}

/**
 * Lists the tools of a server and returns their input and output schemas by name.
 *
 * @param client A connected client.
 * @returns The listed schemas of each tool.
 */
export async function listSchemas(
  client: Client,
): Promise<Map<string, { input: ListedSchema; output: ListedSchema | undefined }>> {
  const { tools } = await client.listTools();
  return new Map(
    tools.map((tool) => [tool.name, { input: tool.inputSchema, output: tool.outputSchema }]),
  );
}

/**
 * Asserts what a client needs from an acyclic tool schema: no `$ref` and no `$defs` or
 * `definitions` anywhere.
 *
 * @param schema A listed schema.
 */
export function expectNoRefs(schema: ListedSchema): void {
  const json = JSON.stringify(schema);
  expect(refsOf(schema)).toStrictEqual([]);
  expect(json).not.toContain('"$defs"');
  expect(json).not.toContain('"definitions"');
}

/**
 * Asserts that a cyclic tool schema is self-contained: it has refs, and every one resolves into
 * the listed schema's own root `$defs` (or is `#`), with no `$defs` below the root.
 *
 * @param schema A listed schema.
 * @returns The names of its root `$defs`.
 */
export function expectRefsResolveLocally(schema: ListedSchema): string[] {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const refs = refsOf(schema);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) {
    if (ref === '#') continue;
    expect(ref).toMatch(/^#\/\$defs\/[^/]+$/);
    const name = decodeURIComponent(ref.slice('#/$defs/'.length))
      .replaceAll('~1', '/')
      .replaceAll('~0', '~');
    expect(Object.keys(defs)).toContain(name);
  }
  const { $defs: _rootDefs, ...rest } = schema;
  expect(JSON.stringify(rest)).not.toContain('"$defs"');
  expect(JSON.stringify(schema)).not.toContain('"definitions"');
  return Object.keys(defs);
}

/**
 * The text of a tool result's first content block.
 *
 * @param result A `callTool` result.
 * @returns Its first text.
 */
export function firstText(result: { content?: unknown }): string {
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return content[0]?.text ?? '';
}

/** A server or client of either SDK version: something that connects to a transport. */
interface Connectable<T> {
  connect(transport: T): Promise<void>;
}

/**
 * Connects a client to a server (of either SDK version) over a linked pair of transports, with
 * `withToolSchemas` on the given side's transport, or on neither.
 *
 * @param server The server, its tools registered.
 * @param client The client.
 * @param pair The linked pair: the client's transport, then the server's.
 * @param wiring Which transport to wrap, or `plain`.
 */
export async function connectWrapped<T extends McpTransport>(
  server: Connectable<T>,
  client: Connectable<T>,
  [clientTransport, serverTransport]: [T, T],
  wiring: TransportSide | 'plain',
): Promise<void> {
  await server.connect(
    wiring === 'server' ? withToolSchemas(serverTransport, { side: 'server' }) : serverTransport,
  );
  await client.connect(
    wiring === 'client' ? withToolSchemas(clientTransport, { side: 'client' }) : clientTransport,
  );
}

/** The arguments `registerTool` gives the handler of a tool whose `inputSchema` is `S`. */
export type HandlerArgs<S extends StandardSchemaWithJSON> = Parameters<ToolCallback<S>>[0];

/** A wrapper's result, as `registerTool` takes it. */
type Wrapped = StandardSchemaV1 & StandardJSONSchemaV1;

/** The tools of the round trip, each made with the adapter's wrappers from its own schemas. */
export interface McpAdapterTools {
  /** `create_page`: a page with a registered address used twice; its output a page summary. */
  createPage: { input: Wrapped; output: Wrapped };
  /** `edit_tree`: a recursive category tree and a defaulted `dryRun`. */
  editTree: Wrapped;
  /** `run_action`: a union of two objects told apart by `type`. */
  runAction: Wrapped;
  /** `create_page_plain`: one of these schemas without toolschema, as the SDK lists it. */
  plain: Wrapped;
}

/**
 * What the adapter's round trip lists and parses, written out per validator (a JSON file beside
 * its suite: the validators list the same page differently, in `required` order and annotations).
 */
export interface McpAdapterExpected {
  /** The `create_page` input schema as `tools/list` shows it. */
  createPageListed: ListedSchema;
  /** What the `create_page` handler receives for the valid call, defaults applied. */
  createPageReceived: unknown;
  /** How many definitions the listed `edit_tree` keeps in `$defs`: those on the cycle only. */
  cycleDefinitions: number;
  /** The keyword the validator lists `run_action` with (`oneOf` or `anyOf`). */
  unionKeyword: string;
}

/** The adapter's tools, what it must list and parse, and what only its validator can say. */
export interface McpAdapterSpec {
  tools: McpAdapterTools;
  expected: McpAdapterExpected;
  /** What the SDK lists without the wrapper: the problem toolschema solves. */
  expectPlainProblem: (plain: ListedSchema) => void;
  /** The validator's own issue messages for {@link INVALID_CREATE_PAGE}. */
  issueMessages: () => string[];
}

/** A home address, valid for every adapter's schema. */
const HOME = { street: '1 Main St', city: 'Springfield' };

/** `create_page` arguments a model that cannot follow a `$ref` sends: `parent` as a string. */
export const INVALID_CREATE_PAGE = { parent: '{"page_id":"abc"}', title: 'Notes', home: {} };

/**
 * Registers the MCP round trip every adapter must pass, over the SDK's in-memory transports:
 * `tools/list` shows self-contained schemas (registered types inlined, recursion kept local,
 * object roots), and `callTool` reaches the handlers validated by the validator as before.
 *
 * @param name The adapter's package name.
 * @param spec The tools and what the validator lists and parses.
 */
export function describeAdapterOverMcp(name: string, spec: McpAdapterSpec): void {
  describe(`${name} over MCP`, () => {
    const received: { createPage?: unknown; editTree?: unknown } = {};
    let session: { client: Client; listed: Awaited<ReturnType<typeof listSchemas>> };
    beforeAll(async () => {
      const client = await connect(serverWith(spec.tools, received));
      session = { client, listed: await listSchemas(client) };
    });
    afterAll(() => session.client.close());

    const input = (tool: string): ListedSchema => session.listed.get(tool)?.input ?? {};

    it('lists an acyclic schema with registered types inlined: no $ref, no $defs', () => {
      expect(input('create_page')).toStrictEqual(spec.expected.createPageListed);
      expectNoRefs(input('create_page'));
    });

    it('shows the problem without the wrapper', () => {
      spec.expectPlainProblem(input('create_page_plain'));
    });

    it('keeps recursion as refs that resolve inside the listed schema', () => {
      const schema = input('edit_tree');
      expect(schema.type).toBe('object');
      expect(schema).not.toHaveProperty('$ref');
      expect(expectRefsResolveLocally(schema)).toHaveLength(spec.expected.cycleDefinitions);
    });

    it('lists a union of objects with an object root and no refs', () => {
      const schema = input('run_action');
      expect(schema.type).toBe('object');
      expect(schema[spec.expected.unionKeyword]).toHaveLength(2);
      expectNoRefs(schema);
    });

    it('lists the output schema self-contained', () => {
      const output = session.listed.get('create_page')?.output ?? {};
      expect(output.type).toBe('object');
      expectNoRefs(output);
    });

    it('calls a tool with object arguments: the handler gets the parsed value', async () => {
      const result = await session.client.callTool({
        name: 'create_page',
        arguments: { parent: { page_id: 'abc' }, title: 'Notes', home: HOME },
      });
      expect(result.isError).toBeFalsy();
      expect(received.createPage).toStrictEqual(spec.expected.createPageReceived);
      expect(result.structuredContent).toStrictEqual({ id: 'p1', title: 'Notes', location: HOME });
    });

    it('calls a recursive tool with nested arguments', async () => {
      const root = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
      const result = await session.client.callTool({ name: 'edit_tree', arguments: { root } });
      expect(firstText(result)).toBe('edited a');
      expect(received.editTree).toStrictEqual({ root, dryRun: false });
    });

    it('routes a union call to the right branch', async () => {
      const result = await session.client.callTool({
        name: 'run_action',
        arguments: { type: 'delete', reason: 'old' },
      });
      expect(firstText(result)).toBe('delete');
    });

    it("returns invalid arguments as a tool error with the validator's issues", async () => {
      const result = await session.client.callTool({
        name: 'create_page',
        arguments: INVALID_CREATE_PAGE,
      });
      expect(result.isError).toBe(true);
      const text = firstText(result);
      expect(text).toContain('Invalid arguments for tool create_page');
      const messages = spec.issueMessages();
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(text).toContain(message);
    });
  });
}

/**
 * A server with the round trip's four tools. Each handler records what it received, so the
 * tests see the arguments as the validator parsed them.
 *
 * @param tools The wrapped schemas.
 * @param received Where the handlers record their arguments.
 * @returns The server, not yet connected.
 */
function serverWith(
  tools: McpAdapterTools,
  received: { createPage?: unknown; editTree?: unknown },
): McpServer {
  const server = new McpServer({ name: 'adapter-tools', version: '0.0.0' });
  const page = { inputSchema: tools.createPage.input, outputSchema: tools.createPage.output };
  server.registerTool('create_page', page, async (args) => {
    received.createPage = args;
    const { title, home } = args as { title: string; home: unknown };
    const summary = { id: 'p1', title, location: home };
    return {
      content: [{ type: 'text', text: JSON.stringify(summary) }],
      structuredContent: summary,
    };
  });
  server.registerTool('edit_tree', { inputSchema: tools.editTree }, async (args) => {
    received.editTree = args;
    const { root } = args as { root: { name: string } };
    return { content: [{ type: 'text', text: `edited ${root.name}` }] };
  });
  server.registerTool('run_action', { inputSchema: tools.runAction }, async (args) => ({
    content: [{ type: 'text', text: (args as { type: string }).type }],
  }));
  server.registerTool('create_page_plain', { inputSchema: tools.plain }, async () => ({
    content: [],
  }));
  return server;
}
