export { McpStdioClient, type McpStdioClientOptions } from './McpStdioClient.ts';
export { exitCodeOf, spawnServer, startError } from './spawnServer.ts';
