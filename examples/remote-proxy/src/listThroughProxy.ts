import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startRemoteServer } from './httpServer.ts';

// The remote server, on a free port of 127.0.0.1 (no network beyond this machine).
const remote = await startRemoteServer(0, 'example-token');

// The command line from this clone (once released: "command": "npx", "args": ["-y",
// "toolschema", "proxy", "--url", ...]).
const toolschema = join(
  dirname(createRequire(import.meta.url).resolve('toolschema/package.json')),
  'bin/toolschema.mjs',
);

// The entry an MCP client's configuration gets: stdio toward the client, HTTP toward the server.
const config = {
  mcpServers: {
    shipping: {
      command: 'node',
      args: [
        toolschema,
        'proxy',
        '--url',
        remote.url,
        '--header',
        'Authorization: Bearer example-token',
      ],
    },
  },
};

// A client started the way such a host starts it: exactly that command, over stdio.
const entry = config.mcpServers.shipping;
const client = new Client({ name: 'toolschema-example-remote-proxy', version: '0.0.0' });
try {
  await client.connect(
    new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'inherit' }),
  );
  const { tools } = await client.listTools();
  const call = await client.callTool({
    name: 'ship_parcel',
    arguments: {
      from: { street: '1 Main St', city: 'Springfield', country: 'US' },
      to: { street: '2 Rue Haute', city: 'Lyon', country: 'FR' },
      kilograms: 2.5,
    },
  });
  console.log(JSON.stringify({ config, tools, call }, null, 2));
} finally {
  await client.close(); // closes the proxy's stdin: it ends the session and exits
  await remote.close();
}
