import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { dereference } from '@toolschema/core';
import { createServer } from './createServer.ts';
import {
  CreatePageInput,
  GetPageTreeInput,
  ImportOutlineInput,
  ImportOutlineOutput,
  Page,
  PageTree,
} from './schemas.ts';

// `pnpm demo` at the repository root: the same tools served twice, in process, over the MCP SDK's
// InMemoryTransport. One server passes the Zod schemas to `registerTool` as they are; the other
// (the example server) wraps them with toolschema. A real client lists both, and we print what
// it sees.

type Listed = Awaited<ReturnType<Client['listTools']>>['tools'][number];

/**
 * Creates the same tools as the example server, with the raw Zod schemas: what users write
 * without toolschema. The handlers are never called; only `tools/list` matters here.
 *
 * @returns A server whose tool schemas carry Zod's `$ref`s.
 */
function createServerWithoutToolschema(): McpServer {
  const server = new McpServer({ name: 'without-toolschema', version: '0.0.0' });
  const notCalled = async () => ({ content: [{ type: 'text' as const, text: 'not called' }] });
  server.registerTool(
    'create_page',
    { inputSchema: CreatePageInput, outputSchema: Page },
    notCalled,
  );
  server.registerTool(
    'import_outline',
    { inputSchema: ImportOutlineInput, outputSchema: ImportOutlineOutput },
    notCalled,
  );
  server.registerTool(
    'get_page_tree',
    { inputSchema: GetPageTreeInput, outputSchema: PageTree },
    notCalled,
  );
  return server;
}

/**
 * Connects a client to a server over a linked pair of in-memory transports.
 *
 * @param server The server to connect.
 * @returns The connected client.
 */
async function connect(server: McpServer): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'toolschema-demo', version: '0.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return client;
}

/**
 * Counts the `$ref` keywords in a schema and lists the names under its root `$defs`.
 *
 * @param schema A listed JSON Schema.
 * @returns The byte count of its compact JSON, its `$ref` count and its root `$defs` names.
 */
function measure(schema: unknown): { bytes: number; refs: number; defs: string[] } {
  const json = JSON.stringify(schema);
  const refs = json.match(/"\$ref":/g)?.length ?? 0;
  const root = schema as { $defs?: Record<string, unknown> } | undefined;
  return { bytes: Buffer.byteLength(json), refs, defs: Object.keys(root?.$defs ?? {}) };
}

/**
 * Formats the one-line summary printed above a schema.
 *
 * @param schema A listed JSON Schema.
 * @returns `"1,234 bytes, 3 $ref, $defs: A, B"`.
 */
function summary(schema: unknown): string {
  const { bytes, refs, defs } = measure(schema);
  const defsText = defs.length === 0 ? 'no $defs' : `$defs: ${defs.join(', ')}`;
  return `${bytes.toLocaleString('en-US')} bytes, ${refs} $ref, ${defsText}`;
}

/**
 * Formats JSON for reading: a value that fits on its line stays compact, anything longer is
 * broken into one member per line. Plain `JSON.stringify(v, null, 2)` puts every array item on
 * its own line and triples the length of a schema.
 *
 * @param value A JSON value.
 * @param indent The indentation of the line the value starts on.
 * @param used How many characters of that line come before the value.
 * @returns The formatted text.
 */
function formatJson(value: unknown, indent = '', used = 0): string {
  const compact = JSON.stringify(value);
  if (typeof value !== 'object' || value === null || used + compact.length <= 100) return compact;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => `${inner}${formatJson(item, inner, inner.length)}`);
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const members = Object.entries(value).map(([key, member]) => {
    const prefix = `${inner}${JSON.stringify(key)}: `;
    return `${prefix}${formatJson(member, inner, prefix.length)}`;
  });
  return `{\n${members.join(',\n')}\n${indent}}`;
}

/**
 * Prints a heading underlined to its width.
 *
 * @param text The heading.
 * @param rule The character of the underline.
 */
function heading(text: string, rule = '='): void {
  console.log(`\n${text}\n${rule.repeat(text.length)}`);
}

/**
 * Finds a listed tool by name.
 *
 * @param tools The `tools/list` result.
 * @param name The tool name.
 * @returns The tool; throws when the server did not list it.
 */
function findTool(tools: Listed[], name: string): Listed {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`The server did not list ${name}`);
  return tool;
}

const without = await connect(createServerWithoutToolschema());
// Diagnostics arrive while the tools are registered (and on later requests for other targets).
const diagnosticsByTool = new Map<string, string[]>();
const withToolschema = await connect(
  createServer({
    onDiagnostics: (tool, diagnostics, context) => {
      const lines = diagnosticsByTool.get(tool) ?? [];
      for (const { code, pointer, message } of diagnostics) {
        lines.push(`${context.io} ${context.target}: ${code} at "${pointer}": ${message}`);
      }
      diagnosticsByTool.set(tool, lines);
    },
  }),
);
const withoutTools = (await without.listTools()).tools;
const withTools = (await withToolschema.listTools()).tools;

heading('toolschema demo: what an MCP client lists for the same Zod tools');
console.log('Left alone, Zod emits a $ref for every registered type (.meta({ id })) and every');
console.log('recursive type, and the MCP SDK lists them unchanged. Models cannot follow a $ref.');

const shown = [
  { name: 'create_page', why: 'the registered types User (used twice) and Parent' },
  { name: 'import_outline', why: 'a recursive outline: OutlineNode holds OutlineNode[]' },
];
for (const { name, why } of shown) {
  const before = findTool(withoutTools, name).inputSchema;
  const after = findTool(withTools, name).inputSchema;
  heading(`${name} inputSchema: ${why}`);
  heading(`WITHOUT toolschema (${summary(before)})`, '-');
  console.log(formatJson(before));
  heading(`WITH toolschema (${summary(after)})`, '-');
  console.log(formatJson(after));
  const diagnostics = diagnosticsByTool.get(name) ?? [];
  console.log(
    `diagnostics: ${diagnostics.length === 0 ? 'none (the output means exactly what the input meant)' : ''}`,
  );
  for (const line of diagnostics) console.log(`  ${line}`);
}

heading('Every schema of both servers, side by side');
/**
 * The table cells of one listed schema.
 *
 * @param schema A listed JSON Schema, or `undefined` when the tool lists none.
 * @returns Its byte count, `$ref` count and root `$defs` names.
 */
const cells = (schema: unknown): string[] => {
  const { bytes, refs, defs } = measure(schema);
  return [bytes.toLocaleString('en-US'), String(refs), defs.length === 0 ? '-' : defs.join(',')];
};
const rows: string[][] = [['tool', 'schema', 'bytes', '$ref', '$defs', 'bytes', '$ref', '$defs']];
for (const tool of withoutTools) {
  const wrapped = findTool(withTools, tool.name);
  rows.push([tool.name, 'input', ...cells(tool.inputSchema), ...cells(wrapped.inputSchema)]);
  rows.push(['', 'output', ...cells(tool.outputSchema), ...cells(wrapped.outputSchema)]);
}
const numeric = new Set([2, 3, 5, 6]);
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
const lines = rows.map((row) =>
  row
    .map((cell, column) =>
      numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
    )
    .join('  '),
);
// The group headings sit over the first column of their group.
const groupStart = (column: number) => widths.slice(0, column).reduce((sum, w) => sum + w + 2, 0);
console.log(
  `${' '.repeat(groupStart(2))}${'WITHOUT toolschema'.padEnd(groupStart(5) - groupStart(2))}WITH toolschema`,
);
for (const line of lines) console.log(line.trimEnd());
console.log(
  "Recursive types stay $refs into the schema's own $defs, which keeps only what a cycle needs.",
);

heading('A schema from another server: a dangling $ref, and what the pass says about it');
const foreign = {
  type: 'object',
  properties: {
    category: { $ref: '#/$defs/Category' },
    owner: { $ref: '#/definitions/Owner' },
  },
  definitions: { Owner: { type: 'object', properties: { login: { type: 'string' } } } },
};
console.log(`input:  ${JSON.stringify(foreign)}`);
const repaired = dereference(foreign, { root: 'object' });
console.log(`output: ${JSON.stringify(repaired.schema)}`);
for (const diagnostic of repaired.diagnostics) {
  console.log(`  ${diagnostic.code} at "${diagnostic.pointer}": ${diagnostic.message}`);
}

heading('Calling import_outline with object arguments (server WITH toolschema)');
const outlineArguments = {
  parent: { type: 'workspace' },
  author: { id: 'u_1', name: 'Ada', email: 'ada@example.com' },
  outline: [
    {
      title: 'Handbook',
      children: [
        { title: 'Onboarding', children: [{ title: 'First week' }] },
        { title: 'Benefits' },
      ],
    },
  ],
};
console.log(`arguments: ${JSON.stringify(outlineArguments)}`);
const imported = await withToolschema.callTool({
  name: 'import_outline',
  arguments: outlineArguments,
});
console.log(`structuredContent: ${JSON.stringify(imported.structuredContent)}`);
const tree = await withToolschema.callTool({
  name: 'get_page_tree',
  arguments: { page_id: 'workspace' },
});
console.log(`get_page_tree: ${JSON.stringify(tree.structuredContent)}`);

heading('What a client that saw only "$ref" sends: parent as a JSON string');
const stringified = await withToolschema.callTool({
  name: 'create_page',
  arguments: {
    parent: JSON.stringify({ type: 'page', page_id: 'p_1' }),
    title: 'Notes',
    author: outlineArguments.author,
  },
});
const errorText = stringified.content.map((block) => ('text' in block ? block.text : '')).join('');
console.log(`isError: ${stringified.isError === true}; ${errorText.split('\n')[0]}`);

await without.close();
await withToolschema.close();
