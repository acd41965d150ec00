/**
 * A `tools/list` exchange for the tests of the message core and of the proxy's framing: one tool
 * whose input schema has a `$ref`, and what it must become; and two tools a provider profile
 * acts on (the CLI's `test/fixtures/profile-server.mjs`, run by plain Node, lists the same two).
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

/** A tool with a record and an optional field: OpenAI strict needs both rewritten. */
export const toolWithRecord = {
  name: 'tag',
  description: 'Tags an item.',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      tags: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['id'],
  },
};

/** What the `openai-strict` profile lists as the input schema of {@link toolWithRecord}. */
export const toolWithRecordOpenAiStrictInput = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tags: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { key: { type: 'string' }, value: { type: 'string' } },
        required: ['key', 'value'],
        additionalProperties: false,
      },
      description: 'Entries of an object, as { key, value } pairs; each key at most once.',
    },
  },
  required: ['id', 'tags'],
  additionalProperties: false,
};

/**
 * A tool with 5,001 parameters (`value`, `p0` to `p4999`): more than OpenAI strict mode takes,
 * whatever the rewrite (a profile renames no parameter).
 */
export const toolWithTooManyProperties = {
  name: 'pick',
  inputSchema: { type: 'object', properties: manyStringProperties() },
};

/**
 * `value` and 5,000 more string properties (`p0`...): one past OpenAI strict mode's 5,000.
 *
 * @returns The `properties` of a schema.
 */
export function manyStringProperties(): Record<string, { type: 'string' }> {
  const properties: Record<string, { type: 'string' }> = { value: { type: 'string' } };
  for (let index = 0; index < 5000; index++) properties[`p${index}`] = { type: 'string' };
  return properties;
}

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
