import { CliError } from '../CliError/index.ts';
import { HttpUpstream } from '../proxy/HttpUpstream.ts';
import { McpClient, type McpClientOptions } from './McpClient.ts';

/**
 * Talks to a remote MCP server through the MCP SDK's HTTP client transports (Streamable HTTP,
 * else the older HTTP+SSE; see `HttpUpstream`, which also sends the protocol version agreed in
 * `initialize` with every later request).
 *
 * @param url The server's MCP endpoint.
 * @param headers Headers for every request (`Authorization`...).
 * @param options The timeout.
 * @returns The client; `close` ends the session (HTTP `DELETE`, where the server has sessions).
 */
export function connectHttp(
  url: URL,
  headers: Record<string, string>,
  options: McpClientOptions,
): McpClient {
  return new McpClient((events) => {
    const upstream = new HttpUpstream(url, headers, {
      onMessage: (message) => events.message(message),
      onFailure: (message, reason, fatal) => {
        if (fatal) events.ended(() => new CliError(`${url.origin}: ${reason}`));
        else if (message !== undefined) events.undelivered(message, reason);
      },
    });
    return {
      server: `server ${url.origin}`,
      send: (message) => void upstream.send(message),
      close: () => upstream.close(),
    };
  }, options);
}
