import type { Client } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { toToolInputSchema, toToolOutputSchema } from '@toolschema/arktype';
import { scope, type } from 'arktype';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  connect,
  expectNoRefs,
  expectRefsResolveLocally,
  firstText,
  type ListedSchema,
  listSchemas,
} from './helpers.ts';

// A scope: Address is used once and twice, Category is cyclic.
const types = scope({
  Address: { street: type('string').describe('Street and number'), city: 'string' },
  Parent: { page_id: 'string' },
  CreatePage: {
    parent: 'Parent',
    title: type('string').describe('Page title'),
    home: 'Address',
    'work?': 'Address',
    priority: 'number.integer = 3',
  },
  Category: { name: 'string', 'children?': 'Category[]' },
  EditTree: { root: 'Category', dryRun: 'boolean = false' },
  PageSummary: { id: 'string', title: 'string', location: 'Address' },
}).export();

const Action = type({ type: "'move'", to: types.Address }).or({
  type: "'delete'",
  'reason?': 'string',
});

type CreatePageArgs = typeof types.CreatePage.infer;

describe('@toolschema/arktype over MCP', () => {
  const received: { createPage?: CreatePageArgs; editTree?: typeof types.EditTree.infer } = {};
  let client: Client;
  let listed: Awaited<ReturnType<typeof listSchemas>>;

  beforeAll(async () => {
    const server = new McpServer({ name: 'arktype-tools', version: '0.0.0' });
    server.registerTool(
      'create_page',
      {
        inputSchema: toToolInputSchema(types.CreatePage),
        outputSchema: toToolOutputSchema(types.PageSummary),
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
    server.registerTool(
      'edit_tree',
      { inputSchema: toToolInputSchema(types.EditTree) },
      async (args) => {
        expectTypeOf(args).toEqualTypeOf<typeof types.EditTree.infer>();
        received.editTree = args;
        return { content: [{ type: 'text', text: `edited ${args.root.name}` }] };
      },
    );
    server.registerTool('run_action', { inputSchema: toToolInputSchema(Action) }, async (args) => {
      expectTypeOf(args).toEqualTypeOf<typeof Action.infer>();
      return { content: [{ type: 'text', text: args.type }] };
    });
    // The cyclic type through ArkType's own Standard JSON Schema, without toolschema.
    server.registerTool('edit_tree_plain', { inputSchema: types.EditTree }, async () => ({
      content: [],
    }));
    client = await connect(server);
    listed = await listSchemas(client);
  });

  afterAll(async () => {
    await client.close();
  });

  const input = (name: string): ListedSchema => listed.get(name)?.input ?? {};

  it('lists an acyclic scope type with no $ref and no $defs', () => {
    const address = {
      type: 'object',
      properties: {
        street: { type: 'string', description: 'Street and number' },
        city: { type: 'string' },
      },
      required: ['city', 'street'],
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
        priority: { type: 'integer' },
      },
      required: ['home', 'parent', 'title'],
    });
    expectNoRefs(input('create_page'));
  });

  it('shows the problem without the wrapper: a root $ref into $defs', () => {
    const plain = input('edit_tree_plain');
    expect(plain.$ref).toMatch(/^#\/\$defs\//);
    expect(Object.keys(plain.$defs as object).length).toBeGreaterThan(2);
  });

  it('keeps only the cycle in $defs, with refs that resolve inside the listed schema', () => {
    const schema = input('edit_tree');
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('$ref');
    const defs = expectRefsResolveLocally(schema);
    expect(defs.length).toBeLessThan(Object.keys(input('edit_tree_plain').$defs as object).length);
    expect(Object.keys(schema.properties as object).sort()).toStrictEqual(['dryRun', 'root']);
  });

  it('lists a union of objects with an object root and no refs', () => {
    const schema = input('run_action');
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toHaveLength(2);
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
    });
    expect(result.structuredContent).toStrictEqual({ id: 'p1', title: 'Notes', location: home });
  });

  it('calls a recursive tool with nested arguments', async () => {
    const root = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
    const result = await client.callTool({ name: 'edit_tree', arguments: { root } });
    expect(firstText(result)).toBe('edited a');
    expect(received.editTree).toStrictEqual({ root, dryRun: false });
  });

  it('returns invalid arguments as a tool error from ArkType', async () => {
    const invalid = { parent: '{"page_id":"abc"}', title: 'Notes', home: {} };
    const result = await client.callTool({ name: 'create_page', arguments: invalid });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('Invalid arguments for tool create_page');
    const errors = types.CreatePage(invalid);
    expect(errors).toBeInstanceOf(type.errors);
    for (const error of errors as InstanceType<typeof type.errors>) {
      expect(text).toContain(error.message);
    }
  });
});
