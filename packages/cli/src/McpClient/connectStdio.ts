import { CliError } from '../CliError/index.ts';
import { LineSplitter } from '../LineSplitter/index.ts';
import { ServerProcess } from '../ServerProcess/index.ts';
import { McpClient, type McpClientOptions } from './McpClient.ts';

/** Options of {@link connectStdio}. */
export interface StdioClientOptions extends McpClientOptions {
  /** Where to report lines the server wrote to stdout that are not JSON-RPC. */
  onNoise?: (line: string) => void;
}

/**
 * Starts an MCP server as a child process and talks to it over stdio (one JSON-RPC message per
 * line). The server's stderr is this process's stderr.
 *
 * @param command The server's executable.
 * @param args Its arguments.
 * @param options Timeout and noise reporting.
 * @returns The client; `close` stops the server (see `ServerProcess.stop`) and waits for its end.
 */
export function connectStdio(
  command: string,
  args: readonly string[],
  options: StdioClientOptions,
): McpClient {
  return new McpClient((events) => {
    const server = new ServerProcess(command, args, { drainMs: options.timeoutMs });
    const splitter = new LineSplitter((line) => {
      const text = line.toString('utf8');
      if (text.trim() === '') return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        options.onNoise?.(text);
        return;
      }
      events.message(message);
    });
    server.output.on('data', (chunk: Buffer) => splitter.push(chunk));
    void server.ended.then((end) => {
      const failure = end.startError;
      events.ended(
        failure === undefined
          ? (method) =>
              new CliError(
                `server '${command}' exited (${end.status}) before answering '${method}'`,
              )
          : () => failure,
      );
    });
    return {
      server: `server '${command}'`,
      send: (message) => server.input.write(`${JSON.stringify(message)}\n`),
      close: async () => {
        server.stop(1000);
        await server.ended;
      },
    };
  }, options);
}
