import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuiltBin } from './helpers.ts';
import { type HttpServerSettings, type HttpTestServer, startHttpServer } from './httpServer.ts';

beforeAll(requireBuiltBin);

const servers: HttpTestServer[] = [];
const clients: Client[] = [];
const processes: ChildProcessWithoutNullStreams[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const child of processes.splice(0)) child.kill('SIGKILL');
  for (const server of servers.splice(0)) await server.stop();
});

async function server(settings: HttpServerSettings): Promise<HttpTestServer> {
  const started = await startHttpServer(settings);
  servers.push(started);
  return started;
}

/** The tool's input schema as the proxy gives it: `Address` inlined at both places. */
const ADDRESS = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};
const REWRITTEN_INPUT = {
  type: 'object',
  properties: { to: ADDRESS, from: ADDRESS },
  required: ['to'],
};

/** Connects a real MCP client to `toolschema proxy --url <url> ...args`. */
async function connect(url: string, args: readonly string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'proxy', '--url', url, ...args],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'toolschema-http-e2e', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function listAndCall(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => [tool.name, tool.inputSchema])).toStrictEqual([
    ['ship', REWRITTEN_INPUT],
  ]);
  const result = await client.callTool({ name: 'ship', arguments: { to: { city: 'Oslo' } } });
  expect(result.content).toStrictEqual([{ type: 'text', text: '{"to":{"city":"Oslo"}}' }]);
}

/** A proxy driven line by line, for the cases where its exit code and stderr matter. */
interface RawProxy {
  send: (message: unknown) => void;
  sendText: (text: string) => void;
  /** The next message from the proxy whose id is `id` (its raw line). */
  answer: (id: number | string) => Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

function rawProxy(args: readonly string[]): RawProxy {
  const child = spawn(process.execPath, [BIN, 'proxy', ...args], { stdio: 'pipe' });
  processes.push(child);
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  let closed = false;
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('close', (code) => {
      closed = true;
      for (const wake of waiters.splice(0)) wake();
      resolve({ code, stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
  async function answer(id: number | string): Promise<string> {
    for (;;) {
      // Ids compare as JSON.parse reads them (a 64-bit id too: its text is checked by the caller).
      const index = lines.findIndex((line) => JSON.parse(line).id === id);
      if (index !== -1) return lines.splice(index, 1)[0]!;
      // A proxy that ended without the answer fails the test at once instead of hanging it.
      if (closed) throw new Error(`the proxy exited without answering id ${id}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  return {
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    sendText: (text) => child.stdin.write(`${text}\n`),
    answer,
    exit,
  };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

async function openRaw(url: string, args: readonly string[] = []): Promise<RawProxy> {
  const proxy = rawProxy(['--url', url, ...args]);
  proxy.send(INITIALIZE);
  expect(JSON.parse(await proxy.answer(0)).result.serverInfo.name).toBe('http-fixture');
  proxy.send(INITIALIZED);
  return proxy;
}

describe('toolschema proxy --url', () => {
  it('rewrites tools/list and passes tools/call over Streamable HTTP answered as SSE', async () => {
    const { url, requests } = await server({ transport: 'streamable' });
    await listAndCall(await connect(url));
    // The session id the server gave is sent back on every later request.
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts[0]?.headers['mcp-session-id']).toBe(undefined);
    const sessionIds = new Set(posts.slice(1).map((request) => request.headers['mcp-session-id']));
    expect(sessionIds.size).toBe(1);
    expect([...sessionIds][0]).toMatch(/^[0-9a-f-]{36}$/);
    // And so is the protocol version the server agreed to in `initialize`.
    const versions = new Set(
      posts.slice(1).map((request) => request.headers['mcp-protocol-version']),
    );
    expect([...versions]).toStrictEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
  });

  it('works with a server that answers POSTs as JSON', async () => {
    const { url } = await server({ transport: 'streamable', json: true });
    await listAndCall(await connect(url));
  });

  it('falls back to the HTTP+SSE transport when the server is older', async () => {
    const { url, requests } = await server({ transport: 'sse' });
    await listAndCall(await connect(url));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[1]?.method).toBe('GET');
  });

  it('sends every --header on every request', async () => {
    const { url, requests } = await server({ transport: 'streamable' });
    const args = ['--header', 'Authorization: Bearer s3cret', '--header', 'X-Team:  tools '];
    await listAndCall(await connect(url, args));
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) {
      expect([request.headers.authorization, request.headers['x-team']]).toStrictEqual([
        'Bearer s3cret',
        'tools',
      ]);
    }
  });

  it('gives a 64-bit integer id back as it was sent', async () => {
    const { url } = await server({ transport: 'streamable' });
    const proxy = await openRaw(url);
    proxy.sendText('{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}');
    // biome-ignore lint/correctness/noPrecisionLoss: the id a Python or Go client sends
    const line = await proxy.answer(9007199254740993);
    expect(line).toContain('"id":9007199254740993,');
    expect(JSON.parse(line).result.tools[0].inputSchema).toStrictEqual(REWRITTEN_INPUT);
  });

  it('keeps the text of every number both ways', async () => {
    // A client and a server that read numbers exactly (Python, Go): the proxy parses messages to
    // rewrite them, yet neither side sees one of its numbers change.
    const { url, bodies } = await server({
      transport: 'streamable',
      // The fixture is a JavaScript server: its answers spell a number as another server might
      // (the same length: the answer's chunks are counted).
      answerText: (text) => text.replaceAll('100000', '1.00e5'),
      structured: true,
    });
    const proxy = await openRaw(url, ['--profile', 'openai-strict']);
    proxy.sendText(
      '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ship","arguments":' +
        '{"to":{"city":"Oslo"},"from":null,"n":12345678901234567890,"f":1.0,"m":100000}}}',
    );
    const line = await proxy.answer(5);
    // Decoded (`from: null` is absent again), every number as the client wrote it.
    expect(bodies.at(-1)).toContain(
      '"arguments":{"to":{"city":"Oslo"},"n":12345678901234567890,"f":1.0,"m":100000}',
    );
    // The server read 12345678901234567890 as JavaScript does; its `1.00e5` reaches the client.
    expect(line).toContain(
      '"structuredContent":{"to":{"city":"Oslo"},"n":12345678901234567000,"f":1,"m":1.00e5}',
    );
  });

  it('reports an expired session in one line, answers the request and exits 1', async () => {
    const testServer = await server({ transport: 'streamable' });
    const proxy = await openRaw(testServer.url);
    proxy.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await proxy.answer(1);
    await testServer.expireSessions();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const answer = JSON.parse(await proxy.answer(2));
    expect(answer.error.code).toBe(-32000);
    expect(answer.error.message).toMatch(/no longer knows session .* \(HTTP 404\)/);
    const { code, stderr } = await proxy.exit;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^toolschema: http:\/\/127\.0\.0\.1:\d+: the server no longer knows session/,
    );
  });

  it('exits 1 with one line when the server has gone away', async () => {
    const testServer = await server({ transport: 'streamable', json: true });
    const proxy = await openRaw(testServer.url);
    // One full exchange first, so the client's notifications/initialized has been delivered:
    // stopping the server while it is in flight makes the proxy exit on that notification,
    // before the request below exists.
    proxy.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(JSON.parse(await proxy.answer(1)).result.tools).toHaveLength(1);
    await testServer.stop();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(JSON.parse(await proxy.answer(2)).error.code).toBe(-32000);
    const { code, stderr } = await proxy.exit;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(
      /^toolschema: http:\/\/127\.0\.0\.1:\d+: cannot reach .* \(ECONNREFUSED\)/,
    );
  });

  it('exits 1 with one line when nothing listens at the URL', async () => {
    const testServer = await server({ transport: 'streamable' });
    await testServer.stop();
    const proxy = rawProxy(['--url', testServer.url]);
    proxy.send(INITIALIZE);
    expect(JSON.parse(await proxy.answer(0)).error.code).toBe(-32000);
    const { code, stderr } = await proxy.exit;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits 0 once the client has closed stdin and its answers have come', async () => {
    const { url } = await server({ transport: 'streamable' });
    const proxy = await openRaw(url);
    proxy.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    processes.at(-1)?.stdin.end();
    expect(JSON.parse(await proxy.answer(1)).result.tools[0].inputSchema).toStrictEqual(
      REWRITTEN_INPUT,
    );
    expect(await proxy.exit).toStrictEqual({ code: 0, stderr: '' });
  });
});
