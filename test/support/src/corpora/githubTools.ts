import { buildToolSchemas, loadGithubOpenApi } from '../../../../bench/inputs/github-tools.mjs';
import type { CorpusTool } from './CorpusTool.ts';

let cached: { source: string; tools: readonly CorpusTool[] } | undefined;

/**
 * GitHub's REST API as MCP tools: one per operation of `@octokit/openapi`'s description (1,223
 * with the pinned version), parameters and JSON body as the input schema, the JSON body of its
 * success response (where it has one) as the output schema, components as `$defs`.
 * Built by the bench's own builder (`bench/inputs/github-tools.mjs`), offline, once per process.
 *
 * @returns The source (package and file) and the tools, each `{ name, inputSchema, outputSchema? }`.
 */
export function loadGithubTools(): { source: string; tools: readonly CorpusTool[] } {
  if (cached === undefined) {
    const { document, name } = loadGithubOpenApi();
    const tools = buildToolSchemas(document).map(
      (tool): CorpusTool => ({
        name: tool.name,
        inputSchema: tool.input,
        ...(tool.output === undefined ? {} : { outputSchema: tool.output }),
      }),
    );
    cached = { source: name, tools };
  }
  return cached;
}
