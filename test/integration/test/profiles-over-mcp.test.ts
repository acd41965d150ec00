/**
 * Provider profiles over MCP, per adapter and profile: a server registers the 16 corpus tools with
 * the profile, a client (SDK v2, in-memory transports) lists them and calls each with arguments in
 * wire shape, as the provider's model would send them (`encodeArguments` of a valid value). The
 * client must list the wire schema (`toProviderSchema` of what the tool lists without a profile),
 * the handler must receive exactly what the original validator makes of the original value, and
 * an invalid call must still be refused before the handler. Adapters: Zod, Valibot and ArkType
 * through their wrappers' `profile` option; raw JSON Schema (Zod's own output, Ajv as its
 * validator) served through core's `toProviderSchema` and `decodeArguments` by a low-level
 * server, and through `@toolschema/mcp`'s `withToolSchemas` on the server transport.
 */

import { Client } from '@modelcontextprotocol/client';
import {
  InMemoryTransport,
  McpServer,
  Server,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import { toToolInputSchema as arktypeInput } from '@toolschema/arktype';
import {
  type Codec,
  decodeArguments,
  encodeArguments,
  PROFILES,
  type Profile,
  toProviderSchema,
} from '@toolschema/core';
import { withToolSchemas } from '@toolschema/mcp';
import { providerSchemaErrors, withoutNullProperties } from '@toolschema/test-support';
import {
  ARKTYPE_TOOLS,
  VALIBOT_TOOLS,
  type ValidatorTool,
  ZOD_TOOLS,
} from '@toolschema/test-support/corpora';
import { toToolInputSchema as valibotInput } from '@toolschema/valibot';
import { toToolInputSchema as zodInput } from '@toolschema/zod';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { firstText } from './helpers.ts';

type Json = Record<string, unknown>;

/** An input schema as a `tools/list` result types it (an object root). */
type ListedInput = { type: 'object' } & Json;

/** What a tool's original validator makes of a value: its output, or its issues. */
type Verdict = { value: unknown } | { issues: readonly unknown[] };

/** One tool of a row: its name, what it lists without a profile, and its original validator. */
interface RowTool {
  readonly name: string;
  /** The input schema the tool lists with the `mcp` profile: what the profile rewrites. */
  readonly listed: Json;
  readonly valid: readonly unknown[];
  readonly validate: (value: unknown) => Promise<Verdict>;
}

/** A server with a row's tools under a profile; every handler records what it received. */
type Serve = (profile: Profile, received: Map<string, unknown>) => Promise<Client>;

/** One adapter: its tools and how it serves them with a profile. */
interface Row {
  readonly adapter: string;
  readonly tools: readonly RowTool[];
  readonly serve: Serve;
}

/** The JSON Schema a Standard JSON Schema lists for its input. */
function listed(standard: { '~standard': unknown }): Json {
  const props = standard['~standard'] as {
    jsonSchema: { input: (options: { target: string }) => Json };
  };
  return props.jsonSchema.input({ target: 'draft-2020-12' });
}

/** The `~standard.validate` of a Standard Schema, as a promise of its verdict. */
function validatorOf(schema: unknown): (value: unknown) => Promise<Verdict> {
  const standard = (schema as { '~standard': { validate: (value: unknown) => unknown } })[
    '~standard'
  ];
  return async (value) => (await standard.validate(value)) as Verdict;
}

/**
 * A connected v2 client of a server, over a linked in-memory pair; with a profile, the server's
 * transport is wrapped by `withToolSchemas` with that profile.
 */
async function connect(
  server: { connect: (transport: never) => Promise<void> },
  profile?: Profile,
): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'toolschema-profiles', version: '0.0.0' });
  await server.connect(
    (profile === undefined
      ? serverTransport
      : withToolSchemas(serverTransport, { side: 'server', profile })) as never,
  );
  await client.connect(clientTransport);
  return client;
}

type Wrap = (schema: never, options?: { profile?: Profile }) => { '~standard': unknown };

/** A validator's corpus through its adapter's wrappers, registered on an `McpServer`. */
function adapterRow(adapter: string, corpus: readonly ValidatorTool<unknown>[], wrap: Wrap): Row {
  return {
    adapter,
    tools: corpus.map((tool) => ({
      name: tool.name,
      listed: listed(wrap(tool.schema as never)),
      valid: tool.valid,
      validate: validatorOf(tool.schema),
    })),
    serve: async (profile, received) => {
      const server = new McpServer({ name: adapter, version: '0.0.0' });
      for (const tool of corpus) {
        const inputSchema = wrap(tool.schema as never, { profile }) as StandardSchemaWithJSON;
        server.registerTool(tool.name, { inputSchema }, async (args) => {
          received.set(tool.name, args);
          return { content: [{ type: 'text', text: 'ok' }] };
        });
      }
      return connect(server);
    },
  };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });

/** Zod's own JSON Schema of each corpus tool (with `$defs` where it recurses), judged by Ajv. */
const RAW_TOOLS = ZOD_TOOLS.map((tool) => {
  const raw = listed(tool.schema as never);
  const check = ajv.compile(raw);
  return {
    name: tool.name,
    raw,
    valid: tool.valid,
    validate: async (value: unknown): Promise<Verdict> =>
      check(value) ? { value } : { issues: check.errors ?? [] },
  };
});

/**
 * A low-level server listing raw JSON Schema tools: with core's functions (`transport: false`),
 * it lists each tool's wire schema and decodes the arguments itself before Ajv; with
 * `@toolschema/mcp` on its transport, it lists the raw schemas and receives decoded arguments.
 */
function rawRow(adapter: string, transport: boolean): Row {
  return {
    adapter,
    tools: RAW_TOOLS.map((tool) => ({ ...tool, listed: toProviderSchema(tool.raw, 'mcp').schema })),
    serve: async (profile, received) => {
      const server = new Server(
        { name: adapter, version: '0.0.0' },
        { capabilities: { tools: {} } },
      );
      const codecs = new Map<string, Codec>();
      const tools = RAW_TOOLS.map((tool) => {
        if (transport) return { name: tool.name, inputSchema: tool.raw as ListedInput };
        const { schema, codec } = toProviderSchema(tool.raw, profile);
        codecs.set(tool.name, codec);
        return { name: tool.name, inputSchema: schema as ListedInput };
      });
      server.setRequestHandler('tools/list', () => ({ tools }));
      server.setRequestHandler('tools/call', async (request) => {
        const { name, arguments: wire } = request.params;
        const codec = codecs.get(name);
        const args = codec === undefined ? wire : decodeArguments(codec, wire);
        const tool = RAW_TOOLS.find((each) => each.name === name)!;
        const verdict = await tool.validate(args);
        if ('issues' in verdict) {
          const text = `Invalid arguments for tool ${name}: ${JSON.stringify(verdict.issues)}`;
          return { content: [{ type: 'text', text }], isError: true };
        }
        received.set(name, args);
        return { content: [{ type: 'text', text: 'ok' }] };
      });
      return connect(server, transport ? profile : undefined);
    },
  };
}

const ROWS: readonly Row[] = [
  adapterRow('@toolschema/zod', ZOD_TOOLS as never, zodInput as unknown as Wrap),
  adapterRow('@toolschema/valibot', VALIBOT_TOOLS as never, valibotInput as unknown as Wrap),
  adapterRow('@toolschema/arktype', ARKTYPE_TOOLS as never, arktypeInput as unknown as Wrap),
  rawRow('raw JSON Schema with @toolschema/core', false),
  rawRow('raw JSON Schema with @toolschema/mcp', true),
];

describe('provider profiles over MCP: the client lists the wire schema, the handler gets the original value', () => {
  for (const row of ROWS) {
    for (const profile of PROFILES) {
      it(`${row.adapter}, ${profile}`, async () => {
        const received = new Map<string, unknown>();
        const client = await row.serve(profile, received);
        try {
          const { tools } = await client.listTools();
          const listedByName = new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
          expect([...listedByName.keys()]).toStrictEqual(row.tools.map((tool) => tool.name));
          let calls = 0;
          for (const tool of row.tools) {
            const rewritten = toProviderSchema(tool.listed, profile);
            const wireSchema = listedByName.get(tool.name);
            expect(wireSchema, tool.name).toStrictEqual(rewritten.schema);
            expect(providerSchemaErrors(wireSchema, profile), tool.name).toStrictEqual([]);
            // Where an optional property accepts null, absent and null are one wire value (null).
            const merged = rewritten.diagnostics.some(
              (diagnostic) => diagnostic.code === 'profile-absent-null-merged',
            );
            const comparable = (value: unknown) => (merged ? withoutNullProperties(value) : value);
            for (const value of tool.valid) {
              const verdict = await tool.validate(value);
              if (!('value' in verdict)) throw new Error(`${tool.name}: a valid value is refused`);
              const wire = encodeArguments(rewritten.codec, value) as Json;
              received.delete(tool.name);
              const result = await client.callTool({ name: tool.name, arguments: wire });
              expect(result.isError, `${tool.name} ${firstText(result)}`).toBeFalsy();
              const got = received.get(tool.name);
              expect(comparable(got), tool.name).toStrictEqual(comparable(verdict.value));
              if (!merged) expect(got, tool.name).toStrictEqual(verdict.value);
              calls++;
            }
            // Every corpus tool requires a property: `{}` is refused by the validator, as before.
            received.delete(tool.name);
            const invalid = await client.callTool({ name: tool.name, arguments: {} });
            expect(invalid.isError, tool.name).toBe(true);
            expect(firstText(invalid), tool.name).toContain(
              `Invalid arguments for tool ${tool.name}`,
            );
            expect(received.has(tool.name), tool.name).toBe(false);
          }
          expect(calls).toBe(row.tools.reduce((sum, tool) => sum + tool.valid.length, 0));
        } finally {
          await client.close();
        }
      });
    }
  }
});
