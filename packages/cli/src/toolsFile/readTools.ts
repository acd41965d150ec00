import { basename } from 'node:path';
import { CliError } from '../CliError/index.ts';
import { isObject } from '../isObject/index.ts';

/**
 * Reads the tools of a file given to `check` or `inspect`: a `tools/list` result (`{ "tools":
 * [...] }`), a JSON-RPC answer holding one, an array of tools, or one JSON Schema (then one tool
 * named after the file, with that schema as its input).
 *
 * @param value The parsed file.
 * @param source The file's path, for the name of a lone schema and for messages.
 * @returns The tools, in order.
 */
export function readTools(value: unknown, source: string): Record<string, unknown>[] {
  const list = isObject(value) && isObject(value.result) ? value.result : value;
  const tools = Array.isArray(list)
    ? list
    : isObject(list) && Array.isArray(list.tools)
      ? list.tools
      : undefined;
  if (tools !== undefined) {
    if (!tools.every(isObject)) throw new CliError(`${source}: every tool must be an object`);
    return tools;
  }
  if (isObject(value) || typeof value === 'boolean') {
    return [{ name: basename(source).replace(/\.json$/i, ''), inputSchema: value }];
  }
  throw new CliError(`${source}: expected a JSON Schema, a tools/list result or an array of tools`);
}
