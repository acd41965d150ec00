import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/core';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { scope } from 'arktype';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import {
  connect,
  expectNoRefs,
  expectRefsResolveLocally,
  firstText,
  type ListedSchema,
  listSchemas,
} from './helpers.ts';

// Core's own wrapper needs no adapter: each schema brings `~standard.jsonSchema`.
const ZodAddress = z.object({ city: z.string() }).meta({ id: 'IntegrationCoreAddress' });
const ZodMove = z.object({ from: ZodAddress, to: ZodAddress, note: z.string().default('') });
const ZodNode = z
  .object({
    label: z.string(),
    get next() {
      return ZodNode.optional();
    },
  })
  .meta({ id: 'IntegrationCoreNode' });
const ZodReceipt = z.object({ moved: z.boolean(), to: ZodAddress });

const arkTypes = scope({
  Address: { city: 'string' },
  Move: { from: 'Address', to: 'Address' },
  Node: { label: 'string', 'next?': 'Node' },
  Chain: { head: 'Node' },
}).export();

type ValibotNode = { label: string; next?: ValibotNode | undefined };
const ValibotNodeSchema: v.GenericSchema<ValibotNode> = v.object({
  label: v.string(),
  next: v.optional(v.lazy(() => ValibotNodeSchema)),
});
const ValibotChain = toStandardJsonSchema(v.object({ head: ValibotNodeSchema }));

describe('@toolschema/core over MCP, with Standard JSON Schema from each validator', () => {
  const received: Record<string, unknown> = {};
  let client: Client;
  let listed: Awaited<ReturnType<typeof listSchemas>>;

  beforeAll(async () => {
    const server = new McpServer({ name: 'core-tools', version: '0.0.0' });
    server.registerTool(
      'zod_move',
      { inputSchema: toToolInputSchema(ZodMove), outputSchema: toToolOutputSchema(ZodReceipt) },
      async (args) => {
        expectTypeOf(args).toEqualTypeOf<z.output<typeof ZodMove>>();
        received.zod_move = args;
        const receipt = { moved: true, to: args.to };
        return { content: [{ type: 'text', text: 'moved' }], structuredContent: receipt };
      },
    );
    server.registerTool(
      'zod_chain',
      { inputSchema: toToolInputSchema(z.object({ head: ZodNode })) },
      async (args) => {
        received.zod_chain = args;
        return { content: [{ type: 'text', text: args.head.label }] };
      },
    );
    server.registerTool(
      'arktype_move',
      { inputSchema: toToolInputSchema(arkTypes.Move) },
      async (args) => {
        expectTypeOf(args).toEqualTypeOf<typeof arkTypes.Move.infer>();
        return { content: [{ type: 'text', text: args.to.city }] };
      },
    );
    server.registerTool(
      'arktype_chain',
      { inputSchema: toToolInputSchema(arkTypes.Chain) },
      async (args) => ({ content: [{ type: 'text', text: args.head.label }] }),
    );
    server.registerTool(
      'valibot_chain',
      { inputSchema: toToolInputSchema(ValibotChain) },
      async (args) => {
        expectTypeOf(args).toEqualTypeOf<{ head: ValibotNode }>();
        received.valibot_chain = args;
        return { content: [{ type: 'text', text: args.head.label }] };
      },
    );
    client = await connect(server);
    listed = await listSchemas(client);
  });

  afterAll(async () => {
    await client.close();
  });

  const input = (name: string): ListedSchema => listed.get(name)?.input ?? {};

  it('lists acyclic schemas with no $ref and no $defs, with an object root', () => {
    const address = {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    };
    expect(input('zod_move')).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { from: address, to: address, note: { type: 'string', default: '' } },
      required: ['from', 'to'],
    });
    expect(input('arktype_move')).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { from: address, to: address },
      required: ['from', 'to'],
    });
    expectNoRefs(listed.get('zod_move')?.output ?? {});
  });

  it('lists cyclic schemas with refs that resolve inside each listed schema', () => {
    for (const name of ['zod_chain', 'arktype_chain', 'valibot_chain']) {
      const schema = input(name);
      expect(schema.type).toBe('object');
      expect(schema).not.toHaveProperty('$ref');
      expectRefsResolveLocally(schema);
    }
  });

  it('calls tools with object arguments and validates with the original schema', async () => {
    const moved = await client.callTool({
      name: 'zod_move',
      arguments: { from: { city: 'A' }, to: { city: 'B' } },
    });
    expect(moved.structuredContent).toStrictEqual({ moved: true, to: { city: 'B' } });
    expect(received.zod_move).toStrictEqual({ from: { city: 'A' }, to: { city: 'B' }, note: '' });

    const head = { label: 'a', next: { label: 'b', next: { label: 'c' } } };
    for (const name of ['zod_chain', 'arktype_chain', 'valibot_chain']) {
      expect(firstText(await client.callTool({ name, arguments: { head } }))).toBe('a');
    }
    expect(received.valibot_chain).toStrictEqual({ head });

    const invalid = await client.callTool({
      name: 'arktype_move',
      arguments: { from: { city: 'A' }, to: '{"city":"B"}' },
    });
    expect(invalid.isError).toBe(true);
    expect(firstText(invalid)).toContain('to must be an object');
  });
});
