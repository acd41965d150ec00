import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { CorpusTool } from './CorpusTool.ts';

const require = createRequire(import.meta.url);

/**
 * The Notion MCP server's tools, listed from the real server: `@notionhq/notion-mcp-server`
 * (pinned in the workspace catalog) started over stdio and asked `tools/list`. Listing needs no
 * network and no Notion account (the token is a placeholder; no tool is called).
 *
 * @returns The server's package version and its tools, each `{ name, inputSchema }`.
 */
export async function listNotionTools(): Promise<{ version: string; tools: CorpusTool[] }> {
  const manifest = require.resolve('@notionhq/notion-mcp-server/package.json');
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    bin: Record<string, string>;
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(dirname(manifest), bin['notion-mcp-server']!)],
    env: { NOTION_TOKEN: 'placeholder-no-call-is-made' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'toolschema-corpus', version: '0.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    return {
      version,
      tools: tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema })),
    };
  } finally {
    await client.close();
  }
}
