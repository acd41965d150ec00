export { McpStdioClient, type McpStdioClientOptions } from './McpStdioClient.ts';
