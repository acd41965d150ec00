import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { withToolSchemas } from '@toolschema/mcp';

// A server this host did not write: the SDK v1 example without toolschema, which lists `$ref`s
// and `definitions` (see examples/sdk-v1-server/src/unwrapped.ts). Any stdio command works here.
const serverDirectory = fileURLToPath(new URL('../../sdk-v1-server/', import.meta.url));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: ['--import', 'tsx', 'src/unwrapped.ts'],
  cwd: serverDirectory,
  stderr: 'inherit',
});

// The host wraps its own transport: the tools it lists arrive self-contained, whatever the
// server sent. What the pass had to say about a tool goes to stderr; stdout is this script's output.
const host = new Client({ name: 'toolschema-example-host', version: '0.0.0' });
await host.connect(
  withToolSchemas(transport, {
    side: 'client',
    onToolReport: (report) => {
      if (report.diagnostics.length > 0 || report.errors.length > 0) console.error(report);
    },
  }),
);

try {
  const { tools } = await host.listTools();
  const call = await host.callTool({
    name: 'assign_task',
    arguments: { title: 'Write the docs', assignee: { name: 'Ada', email: 'ada@example.com' } },
  });
  // What a model would be given, and what the server answered a call built from it.
  console.log(JSON.stringify({ tools, call }, null, 2));
} finally {
  await host.close(); // ends the server process too
}
