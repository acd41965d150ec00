import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

// The server nobody may change: the SDK v1 example without toolschema, which lists `$ref`s and
// `definitions` (examples/sdk-v1-server/src/unwrapped.ts), run by node with tsx.
const server = fileURLToPath(new URL('../../sdk-v1-server/src/unwrapped.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');

// The command line from this clone (once released: "command": "npx", "args": ["-y",
// "toolschema", "proxy", "--", ...]).
const toolschema = join(
  dirname(createRequire(import.meta.url).resolve('toolschema/package.json')),
  'bin/toolschema.mjs',
);

// The entry an MCP client's configuration gets (Claude Desktop, Cursor, Claude Code's .mcp.json):
// the server's own command moves after `--`.
const config = {
  mcpServers: {
    tasks: {
      command: 'node',
      args: [toolschema, 'proxy', '--', 'node', '--import', tsx, server],
    },
  },
};

// A client started the way such a host starts it: exactly that command, over stdio.
const entry = config.mcpServers.tasks;
const client = new Client({ name: 'toolschema-example-stdio-proxy', version: '0.0.0' });
await client.connect(
  new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'inherit' }),
);
try {
  const { tools } = await client.listTools();
  const call = await client.callTool({
    name: 'create_folders',
    arguments: { root: { name: 'docs', children: [{ name: 'guides' }, { name: 'api' }] } },
  });
  console.log(JSON.stringify({ config, tools, call }, null, 2));
} finally {
  await client.close(); // closes the proxy's stdin: it ends the server, then itself
}
