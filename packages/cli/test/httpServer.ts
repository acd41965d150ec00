import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  isInitializeRequest,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The tool the server lists: its input schema reaches `Address` through `$ref`. */
export const HTTP_TOOL = {
  name: 'ship',
  description: 'Ships a parcel.',
  inputSchema: {
    type: 'object',
    properties: { to: { $ref: '#/$defs/Address' }, from: { $ref: '#/$defs/Address' } },
    required: ['to'],
    $defs: {
      Address: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
    },
  },
} as const;

/** Tools a test server lists instead of {@link HTTP_TOOL}, which the test may change meanwhile. */
export interface ToolCatalog {
  /** The tools, read at each `tools/list`. */
  tools: Record<string, unknown>[];
  /** Tools per page (each page but the last with a `nextCursor`); all in one page by default. */
  pageSize?: number;
  /**
   * When set, the next `tools/call` first sends `notifications/tools/list_changed` (on the
   * call's own stream, so it cannot be lost to a stream not open yet) and clears it.
   */
  announceChange?: boolean;
}

/** How the test server talks. */
export interface HttpServerSettings {
  /**
   * `streamable`: Streamable HTTP with sessions (POST answers over SSE, or JSON with `json`);
   * `sse`: only the older HTTP+SSE transport (GET opens the stream, POST to `/messages`).
   */
  transport: 'streamable' | 'sse';
  json?: boolean;
  /** What it lists; {@link HTTP_TOOL} alone by default. */
  catalog?: ToolCatalog;
  /**
   * Changes the text of every answer chunk it writes (as a server in another language would write
   * numbers), keeping its length: the transport counts what it writes.
   */
  answerText?: (text: string) => string;
  /** Whether `tools/call` also echoes its arguments as `structuredContent` (numbers as numbers). */
  structured?: boolean;
}

/** A running test server. */
export interface HttpTestServer {
  /** Its MCP endpoint on 127.0.0.1. */
  url: string;
  /** The headers of every request it received, in order. */
  requests: { method: string; headers: IncomingMessage['headers'] }[];
  /** The text of every request body it received, in order. */
  bodies: string[];
  /** Forgets every session, as a server that restarted or expired them does (404 from then on). */
  expireSessions: () => Promise<void>;
  /** Closes every connection and stops listening. */
  stop: () => Promise<void>;
}

/** The page of a catalog's tools a `tools/list` with this cursor gets. */
function listPage(catalog: ToolCatalog, cursor: string | undefined): Record<string, unknown> {
  const start = cursor === undefined ? 0 : Number(cursor);
  const end = start + (catalog.pageSize ?? catalog.tools.length);
  const tools = catalog.tools.slice(start, end);
  return end < catalog.tools.length ? { tools, nextCursor: String(end) } : { tools };
}

/**
 * A low-level SDK v1 server whose tool schema has `$ref`s (or that lists a catalog);
 * `tools/call` echoes its arguments as text (and, if `structured`, as `structuredContent`).
 */
function mcpServer(catalog: ToolCatalog | undefined, structured = false): Server {
  const server = new Server(
    { name: 'http-fixture', version: '1.0.0' },
    { capabilities: { tools: { listChanged: catalog !== undefined } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, (request) =>
    catalog === undefined ? { tools: [HTTP_TOOL] } : listPage(catalog, request.params?.cursor),
  );
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (catalog?.announceChange === true) {
      catalog.announceChange = false;
      await extra.sendNotification({ method: 'notifications/tools/list_changed' });
    }
    const { arguments: given } = request.params;
    return {
      content: [{ type: 'text', text: JSON.stringify(given) }],
      ...(structured && given !== undefined ? { structuredContent: given } : {}),
    };
  });
  return server;
}

async function readBody(request: IncomingMessage, bodies: string[]): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  bodies.push(text);
  return text === '' ? undefined : JSON.parse(text);
}

/** Makes every chunk the response writes pass through `change` first (as text). */
function changeAnswer(response: ServerResponse, change: (text: string) => string): void {
  const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const changed = (chunk: unknown): unknown =>
    typeof chunk === 'string'
      ? change(chunk)
      : chunk instanceof Uint8Array
        ? change(Buffer.from(chunk).toString('utf8'))
        : chunk;
  response.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(changed(chunk), ...rest)) as ServerResponse['write'];
  const end = response.end.bind(response) as (
    chunk?: unknown,
    ...rest: unknown[]
  ) => ServerResponse;
  response.end = ((chunk?: unknown, ...rest: unknown[]) =>
    typeof chunk === 'function' || chunk === undefined
      ? end(chunk, ...rest)
      : end(changed(chunk), ...rest)) as ServerResponse['end'];
}

/**
 * Starts an MCP server over HTTP on 127.0.0.1 (a free port), with the SDK v1 server transports.
 *
 * @param settings Which transport.
 * @returns The server.
 */
export async function startHttpServer(settings: HttpServerSettings): Promise<HttpTestServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport | SSEServerTransport>();
  const requests: HttpTestServer['requests'] = [];
  const bodies: string[] = [];

  async function streamable(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = request.method === 'POST' ? await readBody(request, bodies) : undefined;
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      if (transport === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32001, message: 'Session not found' },
          }),
        );
        return;
      }
      await (transport as StreamableHTTPServerTransport).handleRequest(request, response, body);
      return;
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      response.writeHead(400).end('no session');
      return;
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: settings.json === true,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    await mcpServer(settings.catalog, settings.structured).connect(transport);
    await transport.handleRequest(request, response, body);
  }

  async function sse(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/mcp') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      await mcpServer(settings.catalog, settings.structured).connect(transport);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/messages') {
      const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (transport === undefined) {
        response.writeHead(404).end('unknown session');
        return;
      }
      await (transport as SSEServerTransport).handlePostMessage(
        request,
        response,
        await readBody(request, bodies),
      );
      return;
    }
    response.writeHead(405).end('this server speaks HTTP+SSE only');
  }

  const http = createServer((request, response) => {
    requests.push({ method: request.method ?? '', headers: request.headers });
    if (settings.answerText !== undefined) changeAnswer(response, settings.answerText);
    const handle = settings.transport === 'streamable' ? streamable : sse;
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    bodies,
    expireSessions: async () => {
      const transports = [...sessions.values()];
      sessions.clear();
      for (const transport of transports) await transport.close();
    },
    stop: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
