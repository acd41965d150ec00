import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type McpServer } from '@modelcontextprotocol/server';
import { type McpTransport, type TransportSide, withToolSchemas } from '@toolschema/mcp';
import { refsOf } from '@toolschema/test-support';
import { expect } from 'vitest';

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
