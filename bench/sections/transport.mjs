// Section 6: the transport wrapper. `tools/list` of a 100-tool MCP SDK v1 server, its transport
// plain and wrapped by `withToolSchemas` (server side), and the same list with the wrapper on the
// client's transport instead.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withToolSchemas } from '@toolschema/mcp';
import { hundredTools } from '../inputs/zod-schemas.mjs';
import { compare, formatMs, formatRatio, markdownTable } from '../lib/measure.mjs';

/**
 * Starts a v1 `McpServer` with the hundred tools (plain Zod 4 schemas, as SDK v1 takes them) and a
 * v1 client over the SDK's in-memory pair.
 *
 * @param tools The tools.
 * @param side `undefined` (no wrapper), `'server'` or `'client'`: which transport is wrapped.
 * @returns The connected client.
 */
async function connect(tools, side) {
  const server = new McpServer({ name: 'bench-v1-server', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: tool.schema },
      async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench-v1-client', version: '1.0.0' });
  await server.connect(
    side === 'server' ? withToolSchemas(serverTransport, { side }) : serverTransport,
  );
  await client.connect(
    side === 'client' ? withToolSchemas(clientTransport, { side }) : clientTransport,
  );
  return client;
}

/**
 * Counts the listed tools whose input schema still has a `$ref`.
 *
 * @param client A connected client.
 * @returns The count.
 */
async function toolsWithRefs(client) {
  const { tools } = await client.listTools();
  return tools.filter((tool) => JSON.stringify(tool.inputSchema).includes('"$ref"')).length;
}

/**
 * Runs section 6 and returns its markdown and its headline ratios.
 *
 * @param settings `{ rounds, warmup }`.
 * @returns `{ markdown, ratios }`.
 */
export async function runTransport({ rounds, warmup }) {
  const tools = hundredTools();
  const clients = {
    plain: await connect(tools, undefined),
    server: await connect(tools, 'server'),
    client: await connect(tools, 'client'),
  };
  const refs = {
    plain: await toolsWithRefs(clients.plain),
    server: await toolsWithRefs(clients.server),
    client: await toolsWithRefs(clients.client),
  };
  const batch = 5;
  const names = {
    plain: 'tools/list, transport plain',
    server: 'tools/list, server transport wrapped',
    client: 'tools/list, client transport wrapped',
  };
  const listing = await compare(
    Object.entries(clients).map(([key, client]) => ({
      name: names[key],
      run: async () => {
        for (let index = 0; index < batch; index++) await client.listTools();
      },
    })),
    { rounds, warmup },
  );
  for (const client of Object.values(clients)) await client.close();

  const plainTime = listing[names.plain].median / batch;
  const serverTime = listing[names.server].median / batch;
  const clientTime = listing[names.client].median / batch;
  const rows = Object.entries(listing).map(([name, result]) => [
    name,
    formatMs(result.median / batch),
    formatMs(result.min / batch),
    formatRatio(result.median / batch / plainTime),
  ]);
  const markdown = [
    '## 6. Transport wrapper (SDK v1)',
    '',
    'A 100-tool `McpServer` of `@modelcontextprotocol/sdk` v1 (the tools of section 3, plain Zod 4 ' +
      'schemas, one registered type that SDK v1 lists as `$ref` into `definitions`) over its ' +
      '`InMemoryTransport`, `client.listTools()` with neither transport wrapped, with ' +
      "`withToolSchemas(serverTransport, { side: 'server' })` and with the client's transport " +
      `wrapped instead (median and minimum of ${rounds} rounds of ${batch}; every list after the ` +
      'first takes each schema from the cache, as a running server does). Tools whose listed ' +
      `schema has a \`$ref\`: plain ${refs.plain}, server side wrapped ${refs.server}, client side wrapped ${refs.client}.`,
    '',
    markdownTable(['tools/list', 'median', 'min', '× plain'], rows),
    '',
    `- **server transport wrapped / plain = ${formatRatio(serverTime / plainTime)}** (target ≤ 1.2×)`,
    `- client transport wrapped / plain = ${formatRatio(clientTime / plainTime)}`,
  ].join('\n');
  return {
    markdown,
    ratios: { serverOverPlain: serverTime / plainTime, clientOverPlain: clientTime / plainTime },
  };
}
