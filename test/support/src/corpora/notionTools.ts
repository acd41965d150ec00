import type { CorpusTool } from './CorpusTool.ts';
import { listServerTools } from './listServerTools.ts';

/**
 * The Notion MCP server's tools, listed from the real server: `@notionhq/notion-mcp-server`
 * (pinned in the workspace catalog) started over stdio and asked `tools/list`. Listing needs no
 * network and no Notion account (the token is a placeholder; no tool is called).
 *
 * @returns The server's package version and its tools, each `{ name, inputSchema }`.
 */
export async function listNotionTools(): Promise<{ version: string; tools: CorpusTool[] }> {
  const { version, tools } = await listServerTools({
    packageName: '@notionhq/notion-mcp-server',
    env: { NOTION_TOKEN: 'placeholder-no-call-is-made' },
  });
  return { version, tools: tools.map(({ name, inputSchema }) => ({ name, inputSchema })) };
}
