import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './createServer.ts';

// The same server without toolschema, as a third-party server you cannot change is: it lists
// `$ref`s and `definitions`. The host and proxy examples (`examples/host-client`,
// `examples/stdio-proxy`) clean it from the outside.
await createServer().connect(new StdioServerTransport());
console.error('toolschema-example-sdk-v1 (unwrapped): listening on stdio');
