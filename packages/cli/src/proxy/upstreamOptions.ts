import { UsageError } from '../CliError/index.ts';

/** Where a command's MCP server is: a command it starts, or a remote endpoint. */
export type Upstream =
  | { kind: 'command'; command: string; args: string[] }
  | { kind: 'url'; url: URL; headers: Record<string, string> };

/** Help lines of the options that name a remote server (`proxy`, `inspect`, `check`). */
export const UPSTREAM_OPTIONS_HELP = `  --url URL           a remote MCP server (http: or https:) instead of a command
  --header 'N: V'     with --url, a header for every request (repeatable), e.g.
                      --header 'Authorization: Bearer TOKEN'`;

/** A header name as HTTP allows it (an RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Reads one `--header 'Name: value'` argument.
 *
 * @param text The argument.
 * @returns The name and the value (white space around the value dropped).
 */
export function parseHeader(text: string): [name: string, value: string] {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  const value = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) {
    throw new UsageError(`option '--header' needs 'Name: value', got '${text}'`);
  }
  return [name, value];
}

/**
 * Reads where a command's server is from its arguments: `--url` with its `--header`s, or a
 * command after `--`, never both.
 *
 * @param name The command that reads them (`proxy`, `check`, `inspect`), for messages.
 * @param url The `--url` value, if given.
 * @param headers The `--header` values, if given.
 * @param rest The command and its arguments, if given.
 * @returns The upstream.
 */
export function readUpstream(
  name: string,
  url: string | undefined,
  headers: readonly string[] | undefined,
  rest: readonly string[] | undefined,
): Upstream {
  const [command, ...args] = rest ?? [];
  if (url === undefined) {
    if (headers !== undefined) throw new UsageError("option '--header' needs '--url'");
    if (command === undefined) {
      throw new UsageError(`${name} needs a server command after -- or a --url`);
    }
    return { kind: 'command', command, args };
  }
  if (command !== undefined) {
    throw new UsageError(`${name} takes a --url or a server command, not both (got '${command}')`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`option '--url' needs an http: or https: URL, got '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`option '--url' needs an http: or https: URL, got '${url}'`);
  }
  return {
    kind: 'url',
    url: parsed,
    headers: Object.fromEntries((headers ?? []).map(parseHeader)),
  };
}
