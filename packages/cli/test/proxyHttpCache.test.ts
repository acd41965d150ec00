import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { ToolSchemaMessages } from '@toolschema/mcp';
import {
  rewrittenToolWithRef,
  toolWithRecord,
  toolWithRecordOpenAiStrictInput,
  toolWithRef,
  toolWithTooManyProperties,
} from '@toolschema/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runProxy } from '../src/proxy/index.ts';
import {
  type HttpServerSettings,
  type HttpTestServer,
  startHttpServer,
  type ToolCatalog,
} from './httpServer.ts';

// `proxy --url` run in this process against a real MCP server on 127.0.0.1, so the calls to the
// pass (`ToolSchemaMessages.listTool`, one per tool the proxy does not take from its cache) can be
// counted, as the stdio adapter's tests count them.

const servers: HttpTestServer[] = [];
const proxies: InProcessProxy[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const proxy of proxies.splice(0)) await proxy.end();
  for (const server of servers.splice(0)) await server.stop();
});

/** A tool with a `$ref` (rewritten by the pass) named `name`. */
function refTool(name: string, type = 'string'): Record<string, unknown> {
  return {
    ...toolWithRef,
    name,
    inputSchema: { ...toolWithRef.inputSchema, $defs: { X: { type } } },
  };
}

/** What the proxy lists for {@link refTool}. */
function rewrittenRefTool(name: string, type = 'string'): Record<string, unknown> {
  return {
    ...rewrittenToolWithRef,
    name,
    inputSchema: { ...rewrittenToolWithRef.inputSchema, properties: { x: { type } } },
  };
}

const PLAIN_TOOL = { name: 'plain', inputSchema: { type: 'object' } };

/** `toolschema proxy --url` running in this process, spoken to line by line. */
interface InProcessProxy {
  /** Sends a request and resolves with the raw line of its answer. */
  request: (id: number, method: string, params?: unknown) => Promise<string>;
  /** Resolves once the proxy has written a message with this method. */
  notified: (method: string) => Promise<void>;
  /** Closes stdin and resolves with the exit code and stderr. */
  end: () => Promise<{ code: number; stderr: string }>;
  /** The lines the proxy wrote that no `request` or `notified` took. */
  unread: () => string[];
}

async function startProxy(url: string, args: readonly string[] = []): Promise<InProcessProxy> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const errors: Buffer[] = [];
  stderr.on('data', (chunk: Buffer) => errors.push(chunk));
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  let exited = false;
  const exit = runProxy(
    ['--url', url, ...args],
    { stdin, stdout, stderr },
    {
      signalSource: new EventEmitter(),
    },
  ).then((code) => {
    exited = true;
    for (const wake of waiters.splice(0)) wake();
    return code;
  });
  /** Takes the first line `matches` accepts, waiting for it. */
  async function take(matches: (message: Record<string, unknown>) => boolean): Promise<string> {
    for (;;) {
      const index = lines.findIndex((line) => matches(JSON.parse(line)));
      if (index !== -1) return lines.splice(index, 1)[0]!;
      if (exited) throw new Error(`the proxy exited; stderr: ${Buffer.concat(errors)}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }
  const send = (message: unknown): void => {
    stdin.write(`${JSON.stringify(message)}\n`);
  };
  const request = (id: number, method: string, params?: unknown): Promise<string> => {
    send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    return take((message) => message.id === id);
  };
  let ended: Promise<{ code: number; stderr: string }> | undefined;
  const proxy: InProcessProxy = {
    request,
    notified: async (method) => {
      await take((message) => message.method === method);
    },
    unread: () => [...lines],
    end: () => {
      ended ??= (async () => {
        stdin.end();
        const code = await exit;
        return { code, stderr: Buffer.concat(errors).toString('utf8') };
      })();
      return ended;
    },
  };
  proxies.push(proxy);
  const clientInfo = { name: 'in-process', version: '1.0.0' };
  await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return proxy;
}

async function server(settings: HttpServerSettings): Promise<HttpTestServer> {
  const started = await startHttpServer(settings);
  servers.push(started);
  return started;
}

/** The names of the tools passed to the core since the spy was set, in order. */
function passedNames(listTool: { mock: { calls: [Record<string, unknown>][] } }): unknown[] {
  return listTool.mock.calls.map(([tool]) => tool.name);
}

/** The line an answer would be with another id (the ids here are written `"id":N,`). */
function withId(line: string, from: number, to: number): string {
  expect(line).toContain(`"id":${from},`);
  return line.replace(`"id":${from},`, `"id":${to},`);
}

const MODES: ReadonlyArray<{
  name: string;
  settings: Omit<HttpServerSettings, 'catalog'>;
  /** Whether a notification related to a request reaches the client (not in a JSON body). */
  notifies: boolean;
}> = [
  {
    name: 'Streamable HTTP, answers as SSE events',
    settings: { transport: 'streamable' },
    notifies: true,
  },
  {
    name: 'Streamable HTTP, answers as JSON bodies',
    settings: { transport: 'streamable', json: true },
    notifies: false,
  },
  { name: 'HTTP+SSE', settings: { transport: 'sse' }, notifies: true },
];

describe.each(MODES)('toolschema proxy --url, tools/list listed again ($name)', (mode) => {
  it('passes no tool to the core again and gives the bytes a cold proxy gives', async () => {
    const catalog: ToolCatalog = { tools: [refTool('a'), PLAIN_TOOL, refTool('b')] };
    const { url } = await server({ ...mode.settings, catalog });
    const proxy = await startProxy(url, ['--quiet']);
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    const first = await proxy.request(1, 'tools/list');
    expect(JSON.parse(first).result).toStrictEqual({
      tools: [rewrittenRefTool('a'), PLAIN_TOOL, rewrittenRefTool('b')],
    });
    expect(passedNames(listTool)).toStrictEqual(['a', 'plain', 'b']);
    const again = await proxy.request(2, 'tools/list');
    expect(passedNames(listTool)).toStrictEqual(['a', 'plain', 'b']);
    expect(again).toBe(withId(first, 1, 2));
    // A fresh proxy, every tool cold, writes the very same bytes.
    const cold = await startProxy(url, ['--quiet']);
    expect(await cold.request(2, 'tools/list')).toBe(again);
    expect(passedNames(listTool)).toStrictEqual(['a', 'plain', 'b', 'a', 'plain', 'b']);
    expect(await proxy.end()).toStrictEqual({ code: 0, stderr: '' });
  });

  it('passes only a new or changed tool to the core', async () => {
    const catalog: ToolCatalog = { tools: [refTool('a'), PLAIN_TOOL, refTool('b')] };
    const { url } = await server({ ...mode.settings, catalog });
    const proxy = await startProxy(url, ['--quiet']);
    await proxy.request(1, 'tools/list');
    catalog.tools = [refTool('c'), refTool('a'), refTool('b', 'integer'), PLAIN_TOOL];
    catalog.announceChange = true;
    await proxy.request(2, 'tools/call', { name: 'a', arguments: { x: 'y' } });
    if (mode.notifies) await proxy.notified('notifications/tools/list_changed');
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    const changed = await proxy.request(3, 'tools/list');
    expect(passedNames(listTool)).toStrictEqual(['c', 'b']);
    expect(JSON.parse(changed).result).toStrictEqual({
      tools: [
        rewrittenRefTool('c'),
        rewrittenRefTool('a'),
        rewrittenRefTool('b', 'integer'),
        PLAIN_TOOL,
      ],
    });
    const cold = await startProxy(url, ['--quiet']);
    expect(await cold.request(3, 'tools/list')).toBe(changed);
  });

  it('keeps pages apart: each page listed again passes nothing, its nextCursor kept', async () => {
    const tools = [refTool('a'), refTool('b'), PLAIN_TOOL];
    const { url } = await server({ ...mode.settings, catalog: { tools, pageSize: 2 } });
    const proxy = await startProxy(url, ['--quiet']);
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    const firstPage = await proxy.request(1, 'tools/list');
    expect(JSON.parse(firstPage).result).toStrictEqual({
      tools: [rewrittenRefTool('a'), rewrittenRefTool('b')],
      nextCursor: '2',
    });
    const lastPage = await proxy.request(2, 'tools/list', { cursor: '2' });
    expect(JSON.parse(lastPage).result).toStrictEqual({ tools: [PLAIN_TOOL] });
    expect(passedNames(listTool)).toStrictEqual(['a', 'b', 'plain']);
    expect(await proxy.request(3, 'tools/list')).toBe(withId(firstPage, 1, 3));
    expect(await proxy.request(4, 'tools/list', { cursor: '2' })).toBe(withId(lastPage, 2, 4));
    expect(passedNames(listTool)).toStrictEqual(['a', 'b', 'plain']);
  });

  it('with --profile openai-strict, decodes a tools/call after a list from the cache', async () => {
    const { url } = await server({ ...mode.settings, catalog: { tools: [toolWithRecord] } });
    const proxy = await startProxy(url, ['--profile', 'openai-strict', '--quiet']);
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    const first = await proxy.request(1, 'tools/list');
    const again = await proxy.request(2, 'tools/list');
    expect(listTool).toHaveBeenCalledTimes(1);
    expect(again).toBe(withId(first, 1, 2));
    expect(JSON.parse(again).result).toStrictEqual({
      tools: [{ ...toolWithRecord, inputSchema: toolWithRecordOpenAiStrictInput }],
    });
    // The wire shape the model sends; the server gets the record it listed.
    const call = await proxy.request(3, 'tools/call', {
      name: 'tag',
      arguments: { id: 3, tags: [{ key: 'color', value: 'red' }] },
    });
    expect(JSON.parse(call).result).toStrictEqual({
      content: [{ type: 'text', text: '{"id":3,"tags":{"color":"red"}}' }],
    });
  });
});

describe.each(MODES)(
  'toolschema proxy --url --profile, a call before any tools/list ($name)',
  (mode) => {
    it('lists the pages itself, keeps their answers, and the server gets the original shape', async () => {
      const catalog = { tools: [refTool('a'), toolWithRecord], pageSize: 1 };
      const { url } = await server({ ...mode.settings, catalog });
      const proxy = await startProxy(url, ['--profile', 'openai-strict', '--quiet']);
      const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
      const call = await proxy.request(1, 'tools/call', {
        name: 'tag',
        arguments: { id: 3, tags: [{ key: 'color', value: 'red' }] },
      });
      expect(JSON.parse(call).result).toStrictEqual({
        content: [{ type: 'text', text: '{"id":3,"tags":{"color":"red"}}' }],
      });
      // Both pages were read, and neither answer reached the client.
      expect(passedNames(listTool)).toStrictEqual(['a', 'tag']);
      expect(proxy.unread()).toStrictEqual([]);
      const { code, stderr } = await proxy.end();
      expect(code).toBe(0);
      expect(stderr).toBe('');
    });
  },
);

describe('toolschema proxy --url, tools the profile refuses', () => {
  it('leaves a refused tool out of a list from the cache too, and says so once', async () => {
    const tools = [toolWithRecord, toolWithTooManyProperties];
    const { url } = await server({ transport: 'streamable', catalog: { tools } });
    const proxy = await startProxy(url, ['--profile', 'openai-strict', '--quiet']);
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    for (const id of [1, 2]) {
      expect(JSON.parse(await proxy.request(id, 'tools/list')).result.tools).toStrictEqual([
        { ...toolWithRecord, inputSchema: toolWithRecordOpenAiStrictInput },
      ]);
    }
    expect(passedNames(listTool)).toStrictEqual(['tag', 'pick']);
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    expect(stderr.trim().split('\n')).toStrictEqual([expect.stringContaining('pick')]);
  });

  it('lists it again from the cache with --keep-invalid', async () => {
    const { url } = await server({
      transport: 'sse',
      catalog: { tools: [toolWithTooManyProperties] },
    });
    const args = ['--profile', 'openai-strict', '--keep-invalid', '--quiet'];
    const proxy = await startProxy(url, args);
    const listTool = vi.spyOn(ToolSchemaMessages.prototype, 'listTool');
    for (const id of [1, 2]) {
      const [tool] = JSON.parse(await proxy.request(id, 'tools/list')).result.tools;
      expect(tool.name).toBe('pick');
    }
    expect(listTool).toHaveBeenCalledTimes(1);
  });
});

describe('toolschema proxy --url, an answer it cannot write', () => {
  it('answers the request with an error and one line on stderr, and goes on', async () => {
    // A stateless Streamable HTTP server written by hand: the SDK's servers cannot send this.
    const depth = 100_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const http = createServer((request, response) => {
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        const message = JSON.parse(body) as { id?: number; method: string };
        if (message.id === undefined) {
          response.writeHead(202).end();
          return;
        }
        const result =
          message.method === 'initialize'
            ? JSON.stringify({
                protocolVersion: '2025-06-18',
                capabilities: { tools: {} },
                serverInfo: { name: 'deep', version: '1.0.0' },
              })
            : message.method === 'tools/list'
              ? `{"tools":[],"deep":${deep}}`
              : '{}';
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"jsonrpc":"2.0","id":${message.id},"result":${result}}`);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    servers.push({
      url: '',
      requests: [],
      bodies: [],
      expireSessions: async () => undefined,
      stop: async () => {
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      },
    });
    const { port } = http.address() as AddressInfo;
    const proxy = await startProxy(`http://127.0.0.1:${port}/mcp`, ['--quiet']);
    expect(JSON.parse(await proxy.request(1, 'tools/list'))).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: expect.stringMatching(
          /^toolschema proxy: a message of the server could not be passed on \(RangeError: /,
        ),
      },
    });
    expect(JSON.parse(await proxy.request(2, 'ping'))).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {},
    });
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^toolschema: http:\/\/127\.0\.0\.1:\d+: a message of the server could not be passed on \(RangeError: [^\n]*\n$/,
    );
  });
});
