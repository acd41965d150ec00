import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltBin, runBin } from './helpers.ts';
import {
  HTTP_TOOL,
  type HttpServerSettings,
  type HttpTestServer,
  startHttpServer,
} from './httpServer.ts';

/** Tools over two pages: the `$ref` tool, and one whose record OpenAI strict cannot take as is. */
const TOOLS = [
  HTTP_TOOL,
  {
    name: 'label',
    inputSchema: {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
    },
  },
];

let directory = '';
const servers: HttpTestServer[] = [];
beforeAll(async () => {
  requireBuiltBin();
  directory = await mkdtemp(join(tmpdir(), 'toolschema-remote-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function server(transport: HttpServerSettings['transport']): Promise<HttpTestServer> {
  const started = await startHttpServer({ transport, catalog: { tools: TOOLS, pageSize: 1 } });
  servers.push(started);
  return started;
}

describe.each(['streamable', 'sse'] as const)('check and inspect --url (%s)', (transport) => {
  it('check lists every page of a remote server and checks it as it checks the same tools in a file', async () => {
    const { url, requests } = await server(transport);
    const file = join(directory, `tools-${transport}.json`);
    await writeFile(file, JSON.stringify({ tools: TOOLS }));
    const args = ['check', '--json', '--profile', 'openai-strict,gemini'];
    const remote = await runBin([...args, '--url', url, '--header', 'X-Team: tools']);
    const local = await runBin([...args, file]);
    expect([remote.code, remote.stderr]).toStrictEqual([local.code, '']);
    expect(JSON.parse(remote.stdout)).toStrictEqual(JSON.parse(local.stdout));
    expect(JSON.parse(remote.stdout).rows).toHaveLength(4);
    expect(requests.every((request) => request.headers['x-team'] === 'tools')).toBe(true);
    // After `initialize`, every request names the protocol version the server agreed to.
    const versions = requests.slice(1).map((request) => request.headers['mcp-protocol-version']);
    if (transport === 'streamable')
      expect(new Set(versions)).toStrictEqual(new Set(['2025-06-18']));
  });

  it('inspect lists every page of a remote server', async () => {
    const { url } = await server(transport);
    const run = await runBin(['inspect', '--json', '--url', url]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { name: string; refs: number }[];
    expect(rows.map(({ name, refs }) => [name, refs])).toStrictEqual([
      ['ship', 2],
      ['label', 0],
    ]);
  });
});

describe('check and inspect --url, failures', () => {
  it('fail with one line and exit 1 when nothing listens at the URL', async () => {
    const { url } = await server('streamable');
    await servers.splice(0)[0]!.stop();
    for (const command of ['check', 'inspect']) {
      const run = await runBin([command, '--url', url]);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^toolschema: http:\/\/127\.0\.0\.1:\d+: cannot reach .*\n$/);
    }
  });

  it('refuse a URL and a command, or a file and a URL, together', async () => {
    const both = await runBin(['inspect', '--url', 'http://127.0.0.1:9/mcp', '--', 'node']);
    expect([both.code, both.stderr]).toStrictEqual([
      2,
      "toolschema: inspect takes a --url or a server command, not both (got 'node')\n" +
        "Run 'toolschema inspect --help' for usage.\n",
    ]);
    const fileAndUrl = await runBin(['check', 'tools.json', '--url', 'http://127.0.0.1:9/mcp']);
    expect(fileAndUrl.code).toBe(2);
    expect(fileAndUrl.stderr).toContain('check takes a file or a server');
  });
});
