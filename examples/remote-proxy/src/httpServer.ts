import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from './createServer.ts';

/** A running remote server. */
export interface RemoteServer {
  /** Its MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Stops listening and closes every connection. */
  close: () => Promise<void>;
}

/**
 * Serves the MCP server over Streamable HTTP on 127.0.0.1, with the SDK's own server transport,
 * stateless (a fresh server and transport per request, no session), answering in JSON. Requests
 * must carry `Authorization: Bearer <token>`, as a hosted server's would.
 *
 * @param port The port (0: any free one).
 * @param token The bearer token requests must carry.
 * @returns The running server.
 */
export async function startRemoteServer(port: number, token: string): Promise<RemoteServer> {
  const http = createHttpServer(async (request, response) => {
    if (request.url !== '/mcp') {
      response.writeHead(404).end();
    } else if (request.headers.authorization !== `Bearer ${token}`) {
      response.writeHead(401).end();
    } else if (request.method !== 'POST') {
      // Stateless: no event stream to open (GET) and no session to end (DELETE).
      response.writeHead(405, { allow: 'POST' }).end();
    } else {
      const server = createServer();
      // No sessionIdGenerator: stateless, no Mcp-Session-Id.
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
      response.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(request, response);
    }
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
