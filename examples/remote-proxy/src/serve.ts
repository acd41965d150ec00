import { startRemoteServer } from './httpServer.ts';

// The remote server alone, to put a client in front of it by hand (`pnpm serve`; PORT and TOKEN
// from the environment, 3000 and example-token by default). Ctrl-C stops it.
const token = process.env.TOKEN ?? 'example-token';
const server = await startRemoteServer(Number(process.env.PORT ?? 3000), token);
console.error(`MCP over Streamable HTTP on ${server.url} (Authorization: Bearer ${token})`);
