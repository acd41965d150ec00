/**
 * A `tools/list` exchange for the tests of the message core and of the proxy's framing: one tool
 * whose input schema has a `$ref`, and what it must become.
 */

/** A tool whose `inputSchema` reaches its property through `$defs`. */
export const toolWithRef = {
  name: 'a',
  inputSchema: {
    type: 'object',
    properties: { x: { $ref: '#/$defs/X' } },
    $defs: { X: { type: 'string' } },
  },
};

/** {@link toolWithRef} once its schema is self-contained. */
export const rewrittenToolWithRef = {
  name: 'a',
  inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
};

/**
 * A `tools/list` request.
 *
 * @param id Its id.
 * @returns The message.
 */
export function toolsListRequest(id: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/list', params: {} };
}

/**
 * An answer to a `tools/list` request, with a `nextCursor`.
 *
 * @param id The request's id.
 * @param tools The tools listed; default {@link toolWithRef}.
 * @returns The message.
 */
export function toolsListResponse(
  id: unknown,
  tools: unknown[] = [toolWithRef],
): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result: { tools, nextCursor: 'c' } };
}
