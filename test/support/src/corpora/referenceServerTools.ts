import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ListedServer,
  listServerTools,
  type ServerCommand,
  serverCommand,
} from './listServerTools.ts';

/**
 * The reference servers of `modelcontextprotocol/servers`, pinned in the workspace catalog: what
 * most MCP servers in the wild look like. GitHub's last release runs the TypeScript SDK 1.0.1 and
 * lists Zod 3 schemas through `zod-to-json-schema` (draft-07, `$ref`s to `#/properties/...` where
 * a schema is used twice); the others run SDK 1.32 (the workspace's) with Zod 4 and list output
 * schemas too.
 */
const REFERENCE_SERVERS = [
  {
    title: 'GitHub MCP server',
    listedBy: 'SDK 1.0.1, Zod 3',
    packageName: '@modelcontextprotocol/server-github',
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder-no-call-is-made' },
  },
  {
    title: 'Everything MCP server',
    listedBy: 'SDK 1.32, Zod 4',
    packageName: '@modelcontextprotocol/server-everything',
    args: ['stdio'],
  },
  {
    title: 'Filesystem MCP server',
    listedBy: 'SDK 1.32, Zod 4',
    packageName: '@modelcontextprotocol/server-filesystem',
    // It serves the directories it is given; listing reads none.
    args: [tmpdir()],
  },
  {
    title: 'Memory MCP server',
    listedBy: 'SDK 1.32, Zod 4',
    packageName: '@modelcontextprotocol/server-memory',
    env: { MEMORY_FILE_PATH: join(tmpdir(), 'toolschema-corpus-memory.jsonl') },
  },
] as const;

/** A reference server as listed, with what a reader knows it by. */
export interface ReferenceServer extends ListedServer {
  /** What the server is, e.g. `GitHub MCP server`. */
  readonly title: string;
  /** The SDK and validator that wrote its schemas, e.g. `SDK 1.0.1, Zod 3`. */
  readonly listedBy: string;
}

/**
 * Lists the tools of the reference MCP servers, each started over stdio (no network, no account,
 * no tool called), one after another.
 *
 * @returns Per server, what it is, its package, version and tools (with output schemas where
 *   listed).
 */
export async function listReferenceServerTools(): Promise<ReferenceServer[]> {
  const listed: ReferenceServer[] = [];
  for (const { title, listedBy, ...server } of REFERENCE_SERVERS)
    listed.push({ title, listedBy, ...(await listServerTools(server)) });
  return listed;
}

/**
 * The command that starts one of the reference servers over stdio, as its listing does.
 *
 * @param title The server's title (`Filesystem MCP server`...).
 * @param args Arguments in place of the listing's (the directories the Filesystem server serves).
 * @returns The command, arguments, environment and package version.
 */
export function referenceServerCommand(
  title: (typeof REFERENCE_SERVERS)[number]['title'],
  args?: readonly string[],
): ServerCommand {
  const server = REFERENCE_SERVERS.find((candidate) => candidate.title === title);
  if (server === undefined) throw new Error(`no reference server ${title}`);
  return serverCommand(args === undefined ? server : { ...server, args });
}
