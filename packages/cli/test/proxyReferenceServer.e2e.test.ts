/**
 * `toolschema proxy --profile` in front of servers nobody here wrote: the reference servers of
 * `modelcontextprotocol/servers` (dev dependencies), with the MCP SDK v1's client. The client
 * sees each tool's wire schema, sends arguments in that shape (an optional number as `null`, what
 * a strict provider's model sends), and the server, which refuses `null` there, gets them in its
 * own shape; structured results still pass the client's check against the listed output schema.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { toProviderSchema } from '@toolschema/core';
import { referenceServerCommand } from '@toolschema/test-support/corpora';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuiltBin } from './helpers.ts';

beforeAll(requireBuiltBin);

const directory = mkdtempSync(join(tmpdir(), 'toolschema-proxy-fs-'));
const file = join(directory, 'notes.txt');
writeFileSync(file, 'one\ntwo\nthree\n');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A connected SDK v1 client of a server, through the proxy when given its options. */
async function connect(
  proxyOptions?: readonly string[],
  server = referenceServerCommand('Filesystem MCP server', [directory]),
): Promise<Client> {
  const transport = new StdioClientTransport(
    proxyOptions === undefined
      ? { command: server.command, args: server.args, env: server.env, stderr: 'ignore' }
      : {
          command: process.execPath,
          args: [BIN, 'proxy', ...proxyOptions, '--', server.command, ...server.args],
          env: server.env,
          stderr: 'ignore',
        },
  );
  const client = new Client({ name: 'toolschema-test', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

/** The text of a tool result's first content block. */
function textOf(result: unknown): string | undefined {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content;
  return content?.[0]?.type === 'text' ? content[0].text : undefined;
}

describe('toolschema proxy --profile, in front of the Filesystem reference server', () => {
  it('lists the wire schema and hands the server a null-for-absent call in its own shape', async () => {
    const direct = await connect();
    const proxied = await connect(['--profile', 'openai-strict', '--quiet']);
    try {
      const listed = (await direct.listTools()).tools.find(
        (tool) => tool.name === 'read_text_file',
      );
      const wire = (await proxied.listTools()).tools.find((tool) => tool.name === 'read_text_file');
      expect(listed?.inputSchema.required).toStrictEqual(['path']);
      // Every property required, the optional ones nullable, the object closed: what OpenAI's
      // strict mode wants, written by the same function a library user calls.
      expect(wire?.inputSchema).toStrictEqual(
        toProviderSchema(listed?.inputSchema as Record<string, unknown>, 'openai-strict', {
          rootId: 'drop',
        }).schema,
      );
      expect(wire?.inputSchema).toMatchObject({
        required: ['path', 'tail', 'head'],
        additionalProperties: false,
        properties: { tail: { type: ['number', 'null'] }, head: { type: ['number', 'null'] } },
      });

      const call = { path: file, tail: null, head: 2 };
      // The server itself refuses `null` for an optional number...
      const refused = await direct.callTool({ name: 'read_text_file', arguments: call });
      expect(refused.isError).toBe(true);
      // ...and through the proxy it gets `{ path, head: 2 }`.
      const answered = await proxied.callTool({ name: 'read_text_file', arguments: call });
      expect(answered.isError).not.toBe(true);
      expect(textOf(answered)).toBe('one\ntwo');
    } finally {
      await direct.close();
      await proxied.close();
    }
  }, 60_000);

  it('lists every tool of the Everything server under each profile; defaults and structured results come through', async () => {
    const everything = referenceServerCommand('Everything MCP server');
    const direct = await connect(undefined, everything);
    const listed = (await direct.listTools()).tools;
    // The server itself refuses `null` for its optional `count`.
    const refused = await direct.callTool({
      name: 'get-resource-links',
      arguments: { count: null },
    });
    expect(refused.isError).toBe(true);
    await direct.close();
    for (const profile of ['portable', 'openai-strict', 'gemini', 'anthropic-strict']) {
      const proxied = await connect(['--profile', profile, '--quiet'], everything);
      try {
        const tools = (await proxied.listTools()).tools;
        expect(
          tools.map((tool) => tool.name),
          profile,
        ).toStrictEqual(listed.map((tool) => tool.name));
        // The client checks `structuredContent` against the output schema the proxy listed.
        const weather = await proxied.callTool({
          name: 'get-structured-content',
          arguments: { location: 'Chicago' },
        });
        expect(weather.isError, profile).not.toBe(true);
        expect(weather.structuredContent, profile).toMatchObject({ temperature: 36 });
        const sum = await proxied.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } });
        expect(textOf(sum), profile).toBe('The sum of 1 and 2 is 3.');
      } finally {
        await proxied.close();
      }
    }
    // Where every property is sent, an optional one with a default arrives as `null` and the
    // server applies its default (3 links), as if the model had left it out.
    const strict = await connect(['--profile', 'openai-strict', '--quiet'], everything);
    try {
      const links = await strict.callTool({
        name: 'get-resource-links',
        arguments: { count: null },
      });
      expect(links.isError).not.toBe(true);
      const kinds = (links.content as Array<{ type: string }>).map((block) => block.type);
      expect(kinds.filter((kind) => kind === 'resource_link')).toHaveLength(3);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
