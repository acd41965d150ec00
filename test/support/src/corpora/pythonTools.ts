import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusTool } from './CorpusTool.ts';

/** Where the committed Python listings live (see its README for versions and commands). */
const FIXTURES = join(import.meta.dirname, '../../fixtures/python');

/** The Python corpora, by the file holding their `tools/list` answer. */
const FILES = {
  fastmcp: 'tools.fastmcp.json',
  mcpserver: 'tools.mcpserver.json',
  openapi: 'openapi-github.fastmcp.json',
} as const;

/** A Python corpus: `fastmcp` and `mcpserver` list the same servers, `openapi` is GitHub's API. */
export type PythonCorpus = keyof typeof FILES;

const cached = new Map<PythonCorpus, readonly CorpusTool[]>();

/**
 * Tools as Python MCP servers list them, from committed listings (CI has no Python): the task
 * tracker, database, calendar and file servers of `fixtures/python/servers.py` listed by
 * FastMCP 4 (`fastmcp`, 26 tools) and by the MCP Python SDK's `MCPServer` (`mcpserver`, the same
 * 26 tools as pydantic writes them: `$defs`, titles, `discriminator`), and
 * `FastMCP.from_openapi` over every 5th operation of GitHub's REST description (`openapi`, 245).
 *
 * @param corpus Which listing.
 * @returns Its tools, each `{ name, inputSchema }`.
 */
export function loadPythonTools(corpus: PythonCorpus): readonly CorpusTool[] {
  let tools = cached.get(corpus);
  if (tools === undefined) {
    const listed = JSON.parse(readPythonListing(corpus)) as {
      tools: CorpusTool[];
    };
    tools = listed.tools.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema }));
    cached.set(corpus, tools);
  }
  return tools;
}

/**
 * A Python listing's `tools/list` result as the server wrote it (`json.dumps`, indented: floats
 * as `1.0`), for a test of what reads JSON text itself.
 *
 * @param corpus Which listing.
 * @returns Its text.
 */
export function readPythonListing(corpus: PythonCorpus): string {
  return readFileSync(join(FIXTURES, FILES[corpus]), 'utf8');
}
