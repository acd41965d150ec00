import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { withToolSchemas } from '@toolschema/mcp';
import { createServer } from './createServer.ts';

// The stdio entry point: `pnpm start`, or any MCP client configured with this command.
// Logs go to stderr; stdout belongs to the protocol.
const server = createServer();
await server.connect(
  withToolSchemas(new StdioServerTransport(), {
    side: 'server',
    onToolReport: (report) => {
      if (report.diagnostics.length > 0 || report.errors.length > 0) console.error(report);
    },
  }),
);
console.error('toolschema-example-sdk-v1: listening on stdio');
