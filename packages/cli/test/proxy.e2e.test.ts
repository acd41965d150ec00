import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BIN,
  collectRefs,
  FIXTURE_EXTRA_TOOL,
  FIXTURE_SERVER,
  FIXTURE_TOOLS,
  requireBuiltBin,
  waitUntilGone,
} from './helpers.ts';

beforeAll(requireBuiltBin);

interface Connection {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the proxy (and the server behind it) wrote to stderr so far. */
  stderr: () => string;
}

const open: Connection[] = [];

afterEach(async () => {
  for (const connection of open.splice(0)) await connection.client.close();
});

/**
 * Starts `toolschema proxy -- node fixture` under a real MCP client and connects.
 *
 * @param protocolVersion Pin a 2026-era protocol revision; default: the 2025 `initialize` opening.
 */
async function connectThroughProxy(protocolVersion?: string): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'proxy', '--', process.execPath, FIXTURE_SERVER],
    stderr: 'pipe',
  });
  const chunks: Buffer[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const client = new Client(
    { name: 'toolschema-e2e', version: '1.0.0' },
    protocolVersion === undefined ? {} : { versionNegotiation: { mode: { pin: protocolVersion } } },
  );
  await client.connect(transport);
  const connection = { client, transport, stderr: () => Buffer.concat(chunks).toString('utf8') };
  open.push(connection);
  return connection;
}

/**
 * Asserts a schema is self-contained: every `$ref` left (in schema positions) is a local pointer
 * into the schema's own root `$defs` that exists, as only a cycle needs.
 */
function expectSelfContained(schema: Record<string, unknown>): void {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  for (const ref of collectRefs(schema)) {
    const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
    expect(match, `unexpected $ref ${ref}`).not.toBe(null);
    expect(
      Object.hasOwn(defs, decodeURIComponent(match![1]!).replace(/~1/g, '/').replace(/~0/g, '~')),
    ).toBe(true);
  }
  expect(schema.definitions).toBe(undefined);
}

/** A listed tool, with the fields the assertions read. */
interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | undefined;
}

function toolNamed(tools: readonly ListedTool[], name: string): ListedTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

describe('toolschema proxy (built bin) under a real MCP client', () => {
  it('rewrites tools/list schemas on every page and leaves data alone', async () => {
    const { client, stderr } = await connectThroughProxy();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual(FIXTURE_TOOLS.map((tool) => tool.name));

    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expectSelfContained(tool.inputSchema);
      if (tool.outputSchema !== undefined) expectSelfContained(tool.outputSchema);
    }
    // Acyclic tools carry no reference at all.
    for (const name of ['create_page', 'echo', 'enable_extra', 'link']) {
      const tool = toolNamed(tools, name);
      expect(collectRefs(tool.inputSchema)).toStrictEqual([]);
      expect(tool.inputSchema.$defs).toBe(undefined);
    }
    const createPage = toolNamed(tools, 'create_page');
    const properties = createPage.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.parent).toStrictEqual({
      type: 'object',
      properties: { page_id: { type: 'string' } },
      required: ['page_id'],
    });
    expect(properties.title).toStrictEqual({ type: 'array', items: { type: 'string' } });
    // A $ref inside `default` is data: untouched.
    expect(properties.template?.default).toStrictEqual({ $ref: '#/$defs/Parent' });
    expect(createPage.outputSchema).toStrictEqual({
      type: 'object',
      properties: { page: { type: 'object', properties: { id: { type: 'string' } } } },
    });
    // Other fields pass through as the server sent them.
    expect(createPage.description).toBe(FIXTURE_TOOLS[0]?.description);

    // The cycle keeps its $ref into $defs.
    const tree = toolNamed(tools, 'tree');
    expect(collectRefs(tree.inputSchema).length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(tree.inputSchema)).not.toContain('#/$defs/Label');

    // The dangling reference is reported on stderr, named after the tool. stderr is another pipe
    // than stdout, so its bytes may arrive after the response: wait for them.
    await vi.waitFor(() =>
      expect(stderr()).toMatch(
        /^toolschema: link: inputSchema: ref-unresolved at \/properties\/target/m,
      ),
    );
  }, 30_000);

  it('round-trips tools/call, small and larger than 64 KiB', async () => {
    const { client } = await connectThroughProxy();
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hello' } })).toStrictEqual({
      content: [{ type: 'text', text: 'echo: hello' }],
    });
    const big = 'é'.repeat(150_000);
    const result = await client.callTool({ name: 'echo', arguments: { message: big } });
    expect(result.content).toStrictEqual([{ type: 'text', text: `echo: ${big}` }]);
  }, 30_000);

  it('passes notifications/tools/list_changed through, and rewrites the new list', async () => {
    const { client } = await connectThroughProxy();
    await client.listTools();
    const changed = new Promise<void>((resolve) => {
      client.setNotificationHandler('notifications/tools/list_changed', () => resolve());
    });
    await client.callTool({ name: 'enable_extra', arguments: {} });
    await changed;
    const { tools } = await client.listTools(undefined, { cacheMode: 'refresh' });
    expect(tools.map((tool) => tool.name)).toContain(FIXTURE_EXTRA_TOOL.name);
    expect(toolNamed(tools, 'extra').inputSchema).toStrictEqual({
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' } },
    });
  }, 30_000);

  it('works the same on the 2026-07-28 protocol revision (server/discover, per-request _meta)', async () => {
    const { client } = await connectThroughProxy('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toStrictEqual(FIXTURE_TOOLS.map((tool) => tool.name));
    expect(toolNamed(tools, 'echo').inputSchema).toStrictEqual({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    for (const tool of tools) expectSelfContained(tool.inputSchema);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'modern' } });
    expect(result.content).toStrictEqual([{ type: 'text', text: 'echo: modern' }]);
  }, 30_000);

  it('shuts down cleanly: closing the client ends the proxy and the server', async () => {
    const connection = await connectThroughProxy();
    await connection.client.listTools();
    open.splice(open.indexOf(connection), 1);
    const proxyPid = connection.transport.pid;
    const serverPid = await vi.waitFor(() => {
      const pid = Number(/fixture server: started pid=(\d+)/.exec(connection.stderr())?.[1]);
      expect(pid).toBeGreaterThan(0);
      return pid;
    });
    expect(proxyPid).not.toBe(null);
    await connection.client.close();
    expect(await waitUntilGone(proxyPid!)).toBe(true);
    expect(await waitUntilGone(serverPid)).toBe(true);
    // Nothing but the server's own line and our diagnostics reached stderr: no stack trace.
    expect(connection.stderr()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
