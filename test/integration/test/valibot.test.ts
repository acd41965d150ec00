import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/valibot';
import { addGlobalDefs, toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  connect,
  expectNoRefs,
  expectRefsResolveLocally,
  firstText,
  type ListedSchema,
  listSchemas,
} from './helpers.ts';

const Address = v.object({
  street: v.pipe(v.string(), v.description('Street and number')),
  city: v.string(),
});
const Parent = v.object({ page_id: v.string() });
// Valibot's registered types: global definitions, referred to by `$ref` wherever they are used.
addGlobalDefs({ IntegrationValibotAddress: Address, IntegrationValibotParent: Parent });

const CreatePage = v.object({
  parent: Parent,
  title: v.pipe(v.string(), v.description('Page title')),
  home: Address,
  work: v.optional(Address),
  priority: v.optional(v.pipe(v.number(), v.integer()), 3),
  tags: v.optional(v.array(v.pipe(v.string(), v.minLength(1))), []),
});

type Category = { name: string; children?: Category[] | undefined };
const CategorySchema: v.GenericSchema<Category> = v.object({
  name: v.string(),
  children: v.optional(v.array(v.lazy(() => CategorySchema))),
});
const EditTree = v.object({ root: CategorySchema, dryRun: v.optional(v.boolean(), false) });

const Action = v.variant('type', [
  v.object({ type: v.literal('move'), to: Address }),
  v.object({ type: v.literal('delete'), reason: v.optional(v.string()) }),
]);

const PageSummary = v.object({ id: v.string(), title: v.string(), location: Address });

type CreatePageArgs = v.InferOutput<typeof CreatePage>;

describe('@toolschema/valibot over MCP', () => {
  const received: { createPage?: CreatePageArgs; editTree?: v.InferOutput<typeof EditTree> } = {};
  let client: Client;
  let listed: Awaited<ReturnType<typeof listSchemas>>;

  beforeAll(async () => {
    const server = new McpServer({ name: 'valibot-tools', version: '0.0.0' });
    server.registerTool(
      'create_page',
      {
        inputSchema: toToolInputSchema(CreatePage),
        outputSchema: toToolOutputSchema(PageSummary),
      },
      async (args) => {
        expectTypeOf(args).toEqualTypeOf<CreatePageArgs>();
        received.createPage = args;
        const summary = { id: 'p1', title: args.title, location: args.home };
        return {
          content: [{ type: 'text', text: JSON.stringify(summary) }],
          structuredContent: summary,
        };
      },
    );
    server.registerTool('edit_tree', { inputSchema: toToolInputSchema(EditTree) }, async (args) => {
      expectTypeOf(args.root).toEqualTypeOf<Category>();
      received.editTree = args;
      return { content: [{ type: 'text', text: `edited ${args.root.name}` }] };
    });
    server.registerTool('run_action', { inputSchema: toToolInputSchema(Action) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<v.InferOutput<typeof Action>>();
      return { content: [{ type: 'text', text: args.type }] };
    });
    // The same schema through Valibot's own Standard JSON Schema, without toolschema.
    server.registerTool(
      'create_page_plain',
      { inputSchema: toStandardJsonSchema(CreatePage) },
      async () => ({ content: [] }),
    );
    client = await connect(server);
    listed = await listSchemas(client);
  });

  afterAll(async () => {
    await client.close();
  });

  const input = (name: string): ListedSchema => listed.get(name)?.input ?? {};

  it('lists an acyclic schema with definitions inlined: no $ref, no $defs', () => {
    const address = {
      type: 'object',
      properties: {
        street: { type: 'string', description: 'Street and number' },
        city: { type: 'string' },
      },
      required: ['street', 'city'],
    };
    expect(input('create_page')).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        parent: {
          type: 'object',
          properties: { page_id: { type: 'string' } },
          required: ['page_id'],
        },
        title: { type: 'string', description: 'Page title' },
        home: address,
        work: address,
        priority: { type: 'integer', default: 3 },
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
      },
      required: ['parent', 'title', 'home'],
    });
    expectNoRefs(input('create_page'));
  });

  it('shows the problem without the wrapper: the SDK lists $ref and $defs', () => {
    const plain = input('create_page_plain');
    expect(plain.properties).toMatchObject({
      parent: { $ref: '#/$defs/IntegrationValibotParent' },
      home: { $ref: '#/$defs/IntegrationValibotAddress' },
    });
    expect(plain).toHaveProperty('$defs.IntegrationValibotAddress');
  });

  it('keeps v.lazy recursion as refs that resolve inside the listed schema', () => {
    const schema = input('edit_tree');
    expect(schema.type).toBe('object');
    expect(expectRefsResolveLocally(schema)).toHaveLength(1);
  });

  it('lists a variant with an object root and no refs', () => {
    const schema = input('run_action');
    expect(schema.type).toBe('object');
    expect(schema.oneOf).toHaveLength(2);
    expectNoRefs(schema);
  });

  it('lists the output schema self-contained', () => {
    const output = listed.get('create_page')?.output ?? {};
    expect(output.type).toBe('object');
    expectNoRefs(output);
  });

  it('calls a tool with object arguments: the handler gets the parsed value', async () => {
    const home = { street: '1 Main St', city: 'Springfield' };
    const result = await client.callTool({
      name: 'create_page',
      arguments: { parent: { page_id: 'abc' }, title: 'Notes', home },
    });
    expect(result.isError).toBeFalsy();
    expect(received.createPage).toStrictEqual({
      parent: { page_id: 'abc' },
      title: 'Notes',
      home,
      priority: 3,
      tags: [],
    });
    expect(result.structuredContent).toStrictEqual({ id: 'p1', title: 'Notes', location: home });
  });

  it('calls a recursive tool with nested arguments', async () => {
    const root = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    const result = await client.callTool({ name: 'edit_tree', arguments: { root } });
    expect(firstText(result)).toBe('edited a');
    expect(received.editTree).toStrictEqual({ root, dryRun: false });
  });

  it('returns invalid arguments as a tool error from Valibot', async () => {
    const invalid = { parent: '{"page_id":"abc"}', title: 'Notes', home: {} };
    const result = await client.callTool({ name: 'create_page', arguments: invalid });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('Invalid arguments for tool create_page');
    const issues = v.safeParse(CreatePage, invalid).issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(text).toContain(issue.message);
    }
  });
});
