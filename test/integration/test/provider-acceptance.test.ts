/**
 * What the providers accept of toolschema's output today (issue 11's "accepted today" table):
 * for each corpus, the number of tools whose self-contained schema `checkProviderSchema` finds
 * no error in, per profile. The corpora: GitHub's REST API (built from `@octokit/openapi`), the
 * Notion MCP server's tools and those of the reference servers of `modelcontextprotocol/servers`
 * (listed from the real servers), the Python servers' tools (Pydantic
 * through FastMCP 4 and the MCP Python SDK, and FastMCP's OpenAPI provider) and the Zod, Valibot
 * and ArkType tools of `@toolschema/test-support`. The counts are written out so a rule change shows here.
 */

import { toToolInputSchema as arktypeInput } from '@toolschema/arktype';
import { checkProviderSchema, dereference, PROFILES, type Profile } from '@toolschema/core';
import {
  ARKTYPE_TOOLS,
  listNotionTools,
  listReferenceServerTools,
  loadGithubTools,
  loadPythonTools,
  VALIBOT_TOOLS,
  ZOD_TOOLS,
} from '@toolschema/test-support/corpora';
import { toToolInputSchema as valibotInput } from '@toolschema/valibot';
import { toToolInputSchema as zodInput } from '@toolschema/zod';
import { describe, expect, it } from 'vitest';

type Accepted = Record<Profile, number>;

/** How many schemas each profile accepts (no `error` violation). */
function acceptedPerProfile(schemas: readonly unknown[]): Accepted {
  const accepted = Object.fromEntries(PROFILES.map((profile) => [profile, 0])) as Accepted;
  for (const schema of schemas) {
    for (const profile of PROFILES) {
      const violations = checkProviderSchema(schema, profile);
      if (!violations.some((violation) => violation.severity === 'error')) accepted[profile]++;
    }
  }
  return accepted;
}

/** Counts in the order of `PROFILES`: mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict. */
function counts(values: readonly number[]): Accepted {
  return Object.fromEntries(PROFILES.map((profile, index) => [profile, values[index]])) as Accepted;
}

/** The JSON Schema an adapter lists for a tool's input. */
function listed(standard: { '~standard': unknown }): unknown {
  const props = standard['~standard'] as {
    jsonSchema: { input: (options: { target: string }) => unknown };
  };
  return props.jsonSchema.input({ target: 'draft-2020-12' });
}

describe("providers' acceptance of toolschema's output today", () => {
  it('GitHub REST API: 1,223 tools', () => {
    const { tools } = loadGithubTools();
    const schemas = tools.map((tool) => dereference(tool.inputSchema).schema);
    expect(acceptedPerProfile(schemas)).toStrictEqual(
      counts([1223, 0, 1223, 0, 1087, 1223, 1223, 0]),
    );
  }, 300_000);

  it('Notion MCP server: 24 tools, listed from the server', async () => {
    const { tools } = await listNotionTools();
    const schemas = tools.map((tool) => dereference(tool.inputSchema).schema);
    expect(acceptedPerProfile(schemas)).toStrictEqual(counts([24, 0, 24, 0, 12, 24, 24, 0]));
  }, 60_000);

  it('reference MCP servers: 62 tools, listed from the servers', async () => {
    const table = Object.fromEntries(
      (await listReferenceServerTools()).map((server) => [
        server.packageName,
        acceptedPerProfile(server.tools.map((tool) => dereference(tool.inputSchema).schema)),
      ]),
    );
    // Every server lists `$schema` (draft-07), which Gemini refuses. Only GitHub's zod-to-json-schema
    // closes objects; its optional properties and bounds still fail the strict profiles. The
    // servers on Zod 4 leave objects open.
    expect(table).toStrictEqual({
      '@modelcontextprotocol/server-github': counts([26, 8, 26, 8, 0, 26, 26, 23]),
      '@modelcontextprotocol/server-everything': counts([13, 0, 13, 0, 0, 13, 13, 0]),
      '@modelcontextprotocol/server-filesystem': counts([14, 0, 14, 0, 0, 14, 14, 0]),
      '@modelcontextprotocol/server-memory': counts([9, 0, 9, 0, 0, 9, 9, 0]),
    });
  }, 60_000);

  it('Python servers: 26 tools listed by FastMCP 4 and by MCPServer, 245 from FastMCP.from_openapi', () => {
    const table = Object.fromEntries(
      (['fastmcp', 'mcpserver', 'openapi'] as const).map((corpus) => [
        corpus,
        acceptedPerProfile(
          loadPythonTools(corpus).map((tool) => dereference(tool.inputSchema).schema),
        ),
      ]),
    );
    // FastMCP closes every root (`additionalProperties: false`), which Anthropic strict wants, but
    // leaves the properties open and optional; MCPServer closes only `extra='forbid'` models. Gemini
    // refuses the fields it does not list (`additionalProperties`, `const`, `prefixItems`...), the
    // `{type: 'null'}` of every `Optional`, schemas without `type` (`Any`, unions), objects without
    // properties and arrays without items. OpenAI refuses the lookaround in two tools' patterns.
    expect(table).toStrictEqual({
      fastmcp: counts([26, 0, 24, 0, 0, 24, 26, 1]),
      mcpserver: counts([26, 0, 24, 0, 2, 24, 26, 0]),
      openapi: counts([245, 0, 245, 0, 227, 245, 245, 0]),
    });
  });

  it('Zod, Valibot and ArkType tools: 16 each', () => {
    const corpora = {
      zod: ZOD_TOOLS.map((tool) => listed(zodInput(tool.schema))),
      valibot: VALIBOT_TOOLS.map((tool) => listed(valibotInput(tool.schema))),
      arktype: ARKTYPE_TOOLS.map((tool) => listed(arktypeInput(tool.schema))),
    };
    const table = Object.fromEntries(
      Object.entries(corpora).map(([name, schemas]) => [name, acceptedPerProfile(schemas)]),
    );
    // Valibot's intersection lists `allOf` at the root, which OpenAI and Anthropic refuse; the
    // recursive filter of `query_database` recurses through required properties (Gemini).
    expect(table).toStrictEqual({
      zod: counts([16, 0, 16, 0, 0, 15, 16, 0]),
      valibot: counts([16, 0, 15, 0, 0, 15, 15, 0]),
      arktype: counts([16, 0, 16, 0, 0, 15, 16, 0]),
    });
  });
});
