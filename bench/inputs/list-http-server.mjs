// A bare stateless Streamable HTTP endpoint for the proxy benchmark, the HTTP twin of
// list-server.mjs: every POSTed `tools/list` (and `bench/tools`) request gets the same fixed
// `tools` text, the id spelled as the request spelled it, every other request an empty result, a
// notification 202. The answer is a JSON body, or one SSE event when the URL has `?sse`. No SDK,
// no parsing of the answer: its own cost stays out of the comparison.
import { createServer } from 'node:http';

/**
 * Starts the endpoint on 127.0.0.1 (a free port).
 *
 * @param tools The `tools` array as JSON text.
 * @returns `{ url, close() }`: `url` answers with JSON bodies, `url + '?sse'` with SSE events.
 */
export async function startListHttpServer(tools) {
  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = /"id":\s*([^,}]+)/.exec(body)?.[1];
      if (id === undefined) {
        response.writeHead(202).end();
        return;
      }
      const listed = body.includes('"tools/list"') || body.includes('"bench/tools"');
      const message = `{"jsonrpc":"2.0","id":${id},"result":${listed ? `{"tools":${tools}}` : '{}'}}`;
      if (request.url?.endsWith('?sse')) {
        response
          .writeHead(200, { 'content-type': 'text/event-stream' })
          .end(`event: message\ndata: ${message}\n\n`);
      } else response.writeHead(200, { 'content-type': 'application/json' }).end(message);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
