import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusTool } from './CorpusTool.ts';

/** Where the committed listings live (see its README for how they were listed, NOTICE.md for licenses). */
const LISTINGS = join(import.meta.dirname, '../../fixtures/mcp-servers/servers.json');

/** One server of the corpus, as listed. */
export interface McpServerListing {
  /** Its npm package and version. */
  readonly package: string;
  readonly version: string;
  /** The license its `package.json` names. */
  readonly license: string;
  /** Its tools, as its `tools/list` gave them. */
  readonly tools: readonly CorpusTool[];
}

let cached: readonly McpServerListing[] | undefined;

/**
 * MCP servers nobody here wrote, as they list their tools: 48 servers published on npm (browser
 * automation, databases, cloud platforms, issue trackers, search...), listed once over stdio and
 * committed (`fixtures/mcp-servers`; starting them needs credentials, stubs and downloads CI
 * should not depend on). Loaded once per process.
 *
 * @returns The servers, each with its tools.
 */
export function loadMcpServerListings(): readonly McpServerListing[] {
  cached ??= (JSON.parse(readFileSync(LISTINGS, 'utf8')) as { servers: McpServerListing[] })
    .servers;
  return cached;
}

/**
 * The tools of {@link loadMcpServerListings}, each named `<package>:<tool>` (servers share tool
 * names), with its output schema where listed.
 *
 * @returns Every tool of every server.
 */
export function loadMcpServerTools(): readonly CorpusTool[] {
  return loadMcpServerListings().flatMap((server) =>
    server.tools.map((tool) => ({ ...tool, name: `${server.package}:${tool.name}` })),
  );
}
