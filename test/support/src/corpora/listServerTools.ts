import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { CorpusTool } from './CorpusTool.ts';

const require = createRequire(import.meta.url);

/** An MCP server installed as a dev dependency, and how to start it without an account. */
export interface InstalledServer {
  /** The npm package. */
  readonly packageName: string;
  /** Arguments after the package's `bin` script. */
  readonly args?: readonly string[];
  /** Environment variables it needs to start (placeholder tokens: no tool is called). */
  readonly env?: Readonly<Record<string, string>>;
}

/** What {@link listServerTools} gives: the package's version and its tools as listed. */
export interface ListedServer {
  readonly packageName: string;
  readonly version: string;
  readonly tools: CorpusTool[];
}

/** How to start an installed server: this Node.js, its `bin` script and its arguments. */
export interface ServerCommand {
  readonly command: string;
  readonly args: string[];
  readonly env: Record<string, string>;
  /** Its package version. */
  readonly version: string;
}

/**
 * The command that starts an installed MCP server over stdio (its package's first `bin`).
 *
 * @param server The package and how to start it.
 * @returns The command, its arguments and environment, and the package version.
 */
export function serverCommand(server: InstalledServer): ServerCommand {
  const manifest = require.resolve(`${server.packageName}/package.json`);
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const script = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (script === undefined) throw new Error(`${server.packageName} has no bin script`);
  return {
    command: process.execPath,
    args: [join(dirname(manifest), script), ...(server.args ?? [])],
    env: { ...server.env },
    version,
  };
}

/**
 * Lists the tools of an installed MCP server: its package's `bin` started with this Node.js over
 * stdio and asked `tools/list`. Listing needs no network and no account; no tool is called.
 *
 * @param server The package and how to start it.
 * @returns The package version and its tools, each `{ name, inputSchema }` (and `outputSchema`
 *   where the server lists one).
 */
export async function listServerTools(server: InstalledServer): Promise<ListedServer> {
  const { command, args, env, version } = serverCommand(server);
  // The transport adds a safe default environment (PATH, HOME...), not the caller's secrets.
  const transport = new StdioClientTransport({ command, args, env, stderr: 'ignore' });
  const client = new Client({ name: 'toolschema-corpus', version: '0.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    return {
      packageName: server.packageName,
      version,
      tools: tools.map((tool) => ({
        name: tool.name,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      })),
    };
  } finally {
    await client.close();
  }
}
