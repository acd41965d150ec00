import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createServer } from './createServer.ts';

// The stdio entry point: `pnpm start`, or any MCP client configured with this command.
// Logs go to stderr; stdout belongs to the protocol.
const server = createServer();
await server.connect(new StdioServerTransport());
console.error('toolschema-example-arktype: listening on stdio');
