export { connectHttp } from './connectHttp.ts';
export { connectStdio, type StdioClientOptions } from './connectStdio.ts';
export type { McpClient } from './McpClient.ts';
