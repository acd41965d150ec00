import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/zod';
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

// Registered types: `.meta({ id })` and `z.globalRegistry.add`, used once and several times.
const Address = z
  .object({ street: z.string().describe('Street and number'), city: z.string() })
  .meta({ id: 'IntegrationZodAddress', description: 'A postal address' });
const Tag = z.string().min(1);
z.globalRegistry.add(Tag, { id: 'IntegrationZodTag' });
const Parent = z.object({ page_id: z.string() }).meta({ id: 'IntegrationZodParent' });

const CreatePage = z.object({
  parent: Parent,
  title: z.string().describe('Page title'),
  home: Address,
  work: Address.optional(),
  tags: z.array(Tag).default([]),
  priority: z.number().int().default(3),
});

const Category = z
  .object({
    name: z.string(),
    get children() {
      return z.array(Category).optional();
    },
  })
  .meta({ id: 'IntegrationZodCategory' });
const EditTree = z.object({ root: Category, dryRun: z.boolean().default(false) });

const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), to: Address }),
  z.object({ type: z.literal('delete'), reason: z.string().optional() }),
]);

const PageSummary = z.object({ id: z.string(), title: z.string(), location: Address });

type CreatePageArgs = z.output<typeof CreatePage>;

describe('@toolschema/zod over MCP', () => {
  const received: { createPage?: CreatePageArgs; editTree?: z.output<typeof EditTree> } = {};
  let client: Client;
  let listed: Awaited<ReturnType<typeof listSchemas>>;

  beforeAll(async () => {
    const server = new McpServer({ name: 'zod-tools', version: '0.0.0' });
    server.registerTool(
      'create_page',
      {
        description: 'Creates a page',
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
      expectTypeOf(args.root.children).toEqualTypeOf<z.output<typeof Category>[] | undefined>();
      received.editTree = args;
      return { content: [{ type: 'text', text: `edited ${args.root.name}` }] };
    });
    server.registerTool('run_action', { inputSchema: toToolInputSchema(Action) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<z.output<typeof Action>>();
      return { content: [{ type: 'text', text: args.type }] };
    });
    // The same schema without toolschema, to show what clients get otherwise.
    server.registerTool('create_page_plain', { inputSchema: CreatePage }, async () => ({
      content: [],
    }));
    client = await connect(server);
    listed = await listSchemas(client);
  });

  afterAll(async () => {
    await client.close();
  });

  const input = (name: string): ListedSchema => listed.get(name)?.input ?? {};

  it('lists an acyclic schema with registered types inlined: no $ref, no $defs', () => {
    const address = {
      type: 'object',
      description: 'A postal address',
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
        tags: { type: 'array', items: { type: 'string', minLength: 1 }, default: [] },
        priority: {
          type: 'integer',
          minimum: Number.MIN_SAFE_INTEGER,
          maximum: Number.MAX_SAFE_INTEGER,
          default: 3,
        },
      },
      required: ['parent', 'title', 'home'],
    });
    expectNoRefs(input('create_page'));
  });

  it('shows the problem without the wrapper: the SDK lists $ref and $defs', () => {
    const plain = input('create_page_plain');
    expect(plain.properties).toMatchObject({
      parent: { $ref: '#/$defs/IntegrationZodParent' },
      home: { $ref: '#/$defs/IntegrationZodAddress' },
    });
    expect(Object.keys(plain.$defs as object).sort()).toStrictEqual([
      'IntegrationZodAddress',
      'IntegrationZodParent',
      'IntegrationZodTag',
    ]);
  });

  it('keeps recursion as refs that resolve inside the listed schema', () => {
    const schema = input('edit_tree');
    expect(schema.type).toBe('object');
    expect(expectRefsResolveLocally(schema)).toStrictEqual(['IntegrationZodCategory']);
    const category = (schema.$defs as Record<string, ListedSchema>).IntegrationZodCategory;
    expect(category?.type).toBe('object');
    expect(category?.required).toStrictEqual(['name']);
  });

  it('lists a discriminated union with an object root and no refs', () => {
    const schema = input('run_action');
    expect(schema.type).toBe('object');
    expect(schema.oneOf).toHaveLength(2);
    expectNoRefs(schema);
  });

  it('lists the output schema self-contained', () => {
    const output = listed.get('create_page')?.output ?? {};
    expect(output.type).toBe('object');
    expectNoRefs(output);
    expect(output.required).toStrictEqual(['id', 'title', 'location']);
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
      tags: [],
      priority: 3,
    });
    expect(result.structuredContent).toStrictEqual({ id: 'p1', title: 'Notes', location: home });
  });

  it('calls a recursive tool with nested arguments', async () => {
    const root = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    const result = await client.callTool({ name: 'edit_tree', arguments: { root } });
    expect(firstText(result)).toBe('edited a');
    expect(received.editTree).toStrictEqual({ root, dryRun: false });
  });

  it('returns invalid arguments as a tool error from Zod', async () => {
    const result = await client.callTool({
      name: 'create_page',
      arguments: { parent: '{"page_id":"abc"}', title: 'Notes', home: {} },
    });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('Invalid arguments for tool create_page');
    const zodIssues = CreatePage.safeParse({
      parent: '{"page_id":"abc"}',
      title: 'Notes',
      home: {},
    }).error?.issues;
    for (const issue of zodIssues ?? []) {
      expect(text).toContain(issue.message);
    }
    expect(zodIssues?.length).toBeGreaterThan(0);
  });

  it('routes a discriminated union call to the right branch', async () => {
    const result = await client.callTool({
      name: 'run_action',
      arguments: { type: 'delete', reason: 'old' },
    });
    expect(firstText(result)).toBe('delete');
  });
});
