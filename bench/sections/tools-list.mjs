// Section 3: tools/list. The wrapper's cached, fresh-copy `~standard.jsonSchema.input()` against
// Zod's own conversion, and a 100-tool MCP server's tools/list with and without the wrapper.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema } from '@toolschema/zod';
import * as z from 'zod';
import { createOrder, hundredTools } from '../inputs/zod-schemas.mjs';
import { compare, formatMs, formatRatio, markdownTable } from '../lib/measure.mjs';

const TARGET = { target: 'draft-2020-12' };

async function startServer(tools, wrap) {
  const server = new McpServer({ name: 'bench-server', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: wrap ? wrap(tool.schema) : tool.schema },
      async () => ({ content: [{ type: 'text', text: 'ok' }] }),
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench-client', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return { server, client };
}

/**
 * Runs section 3 and returns its markdown and its headline ratios.
 *
 * @param settings `{ rounds, warmup }`.
 * @returns `{ markdown, ratios }`.
 */
export async function runToolsList({ rounds, warmup }) {
  // One conversion is tiny: time batches so the clock resolution does not matter.
  const batch = 100;
  const wrapped = toToolInputSchema(createOrder);
  const first = wrapped['~standard'].jsonSchema.input(TARGET);
  const firstText = JSON.stringify(first);
  const selfContained = !firstText.includes('"$ref"') && first.type === 'object';
  const fresh = wrapped['~standard'].jsonSchema.input(TARGET) !== first;
  const conversion = await compare(
    [
      {
        name: 'wrapper ~standard.jsonSchema.input()',
        run: () => {
          for (let index = 0; index < batch; index++) wrapped['~standard'].jsonSchema.input(TARGET);
        },
      },
      {
        name: "Zod's z.toJSONSchema()",
        run: () => {
          for (let index = 0; index < batch; index++)
            z.toJSONSchema(createOrder, { ...TARGET, io: 'input' });
        },
      },
      {
        name: "Zod's ~standard.jsonSchema.input() (what the SDK calls)",
        run: () => {
          for (let index = 0; index < batch; index++)
            createOrder['~standard'].jsonSchema.input(TARGET);
        },
      },
    ],
    { rounds, warmup },
  );

  const tools = hundredTools();
  const plain = await startServer(tools, undefined);
  const withWrapper = await startServer(tools, toToolInputSchema);
  const plainList = await plain.client.listTools();
  const wrappedList = await withWrapper.client.listTools();
  const refsPlain = plainList.tools.filter((tool) =>
    JSON.stringify(tool.inputSchema).includes('"$ref"'),
  ).length;
  const refsWrapped = wrappedList.tools.filter((tool) =>
    JSON.stringify(tool.inputSchema).includes('"$ref"'),
  ).length;
  const listBatch = 5;
  const listing = await compare(
    [
      {
        name: 'tools/list, plain Zod schemas',
        run: async () => {
          for (let index = 0; index < listBatch; index++) await plain.client.listTools();
        },
      },
      {
        name: 'tools/list, wrapped schemas',
        run: async () => {
          for (let index = 0; index < listBatch; index++) await withWrapper.client.listTools();
        },
      },
    ],
    { rounds, warmup },
  );
  await plain.client.close();
  await withWrapper.client.close();

  const wrapperTime = conversion['wrapper ~standard.jsonSchema.input()'].median / batch;
  const zodTime = conversion["Zod's z.toJSONSchema()"].median / batch;
  const conversionRows = Object.entries(conversion).map(([name, result]) => [
    name,
    formatMs(result.median / batch),
    formatRatio(result.median / batch / zodTime),
  ]);
  const plainTime = listing['tools/list, plain Zod schemas'].median / listBatch;
  const wrappedTime = listing['tools/list, wrapped schemas'].median / listBatch;
  const listRows = Object.entries(listing).map(([name, result]) => [
    name,
    formatMs(result.median / listBatch),
    formatRatio(result.median / listBatch / plainTime),
  ]);
  const markdown = [
    '## 3. tools/list',
    '',
    `The 40-field schema (${Object.keys(createOrder.shape).length} fields, one registered type Zod emits as \`$ref\`), ` +
      `one conversion, target draft-2020-12, wrapper from \`@toolschema/zod\` (median of ${rounds} rounds of ${batch}). ` +
      `Wrapper output self-contained object: ${selfContained ? 'yes' : 'NO'}; fresh object per call: ${fresh ? 'yes' : 'NO'}.`,
    '',
    markdownTable(['conversion', 'per call', '× z.toJSONSchema'], conversionRows),
    '',
    `A 100-tool McpServer (5–40 fields each) over InMemoryTransport, \`client.listTools()\` ` +
      `(median of ${rounds} rounds of ${listBatch}). Tools whose listed schema has a \`$ref\`: plain ${refsPlain}, wrapped ${refsWrapped}.`,
    '',
    markdownTable(['tools/list', 'per call', '× plain'], listRows),
    '',
    `- **wrapper / z.toJSONSchema = ${formatRatio(wrapperTime / zodTime)}** (target ≤ 0.5×)`,
    `- **tools/list wrapped / plain = ${formatRatio(wrappedTime / plainTime)}** (target < 1×: wrapping makes it faster)`,
  ].join('\n');
  return {
    markdown,
    ratios: {
      wrapperOverZod: wrapperTime / zodTime,
      listWrappedOverPlain: wrappedTime / plainTime,
    },
  };
}
