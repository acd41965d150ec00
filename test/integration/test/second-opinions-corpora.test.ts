/**
 * The providers' own client code as a second opinion on what `toProviderSchema` really produces:
 * every tool of the corpora (GitHub's REST API, the Notion MCP server, the reference servers of
 * `modelcontextprotocol/servers`, the Python servers, the
 * Zod, Valibot and ArkType tools, and the JSON-Schema-Test-Suite's schemas each as a tool's
 * parameter) rewritten for each profile an SDK can judge offline, then handed to that SDK.
 * Wherever `checkProviderSchema` finds no error, the SDK must take the wire schema as written:
 * - `openai-strict` (and `portable`): `openai`'s `toStrictJsonSchema` neither throws nor changes it;
 * - `anthropic-strict` (and `portable`): `@anthropic-ai/sdk`'s `transformJSONSchema` does not throw
 *   and changes nothing but what its own short list moves into the description although the API
 *   documents it as supported (`pattern`, `default`, a `type` beside `enum`);
 * - `gemini`: `@google/genai` sends it in `parameters` unchanged but for upper-case type names;
 * - `gemini-json-schema` (and `portable`): sent in `parametersJsonSchema` unchanged.
 * A disagreement fails the test with the corpus, the tool, the profile and what the SDK did.
 * `openai` and `anthropic` (non-strict) have no offline SDK check.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toToolInputSchema as arktypeInput } from '@toolschema/arktype';
import { type Profile, toProviderSchema } from '@toolschema/core';
import { providerSchemaErrors } from '@toolschema/test-support';
import {
  ARKTYPE_TOOLS,
  type CorpusTool,
  listNotionTools,
  listReferenceServerTools,
  loadGithubTools,
  loadPythonTools,
  standardInput,
  VALIBOT_TOOLS,
  type ValidatorTool,
  ZOD_TOOLS,
} from '@toolschema/test-support/corpora';
import {
  anthropicStrictOpinion,
  geminiOpinions,
  openaiStrictOpinion,
  type SecondOpinion,
} from '@toolschema/test-support/second-opinions';
import { toToolInputSchema as valibotInput } from '@toolschema/valibot';
import { toToolInputSchema as zodInput } from '@toolschema/zod';
import { describe, expect, it } from 'vitest';

/** One SDK's judgement of many wire schemas, and which of its changes lose nothing. */
interface Judge {
  readonly name: string;
  readonly judge: (schemas: readonly unknown[]) => Promise<SecondOpinion[]>;
  /** Whether a change at `pointer` (in the wire schema `schema`, as `sent`) keeps the meaning. */
  readonly harmless: (pointer: string, schema: unknown, sent: unknown) => boolean;
}

/** The value at an RFC 6901 pointer, or `undefined`. */
function at(value: unknown, pointer: string): unknown {
  let current = value;
  for (const token of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}

/** The pointer of the schema holding the keyword at `pointer`, and the keyword. */
function split(pointer: string): [string, string] {
  const index = pointer.lastIndexOf('/');
  return [pointer.slice(0, index), pointer.slice(index + 1)];
}

const openaiStrict: Judge = {
  name: 'openai toStrictJsonSchema',
  judge: async (schemas) => schemas.map(openaiStrictOpinion),
  harmless: () => false,
};

/** Keywords the Anthropic API supports in strict mode that the SDK moves into the description. */
const MOVED_BUT_SUPPORTED = new Set(['pattern', 'default', 'description']);

const anthropicStrict: Judge = {
  name: '@anthropic-ai/sdk transformJSONSchema',
  judge: async (schemas) => schemas.map(anthropicStrictOpinion),
  harmless: (pointer, schema) => {
    const [holder, keyword] = split(pointer);
    if (MOVED_BUT_SUPPORTED.has(keyword)) return true;
    // It drops `type` beside `enum` or `const`, whose values alone say the same.
    const node = at(schema, holder) as Record<string, unknown> | undefined;
    return keyword === 'type' && node !== undefined && ('enum' in node || 'const' in node);
  },
};

const geminiParameters: Judge = {
  name: '@google/genai parameters',
  judge: (schemas) => geminiOpinions(schemas, 'parameters'),
  // The SDK writes type names in upper case, as the API's enum spells them.
  harmless: (pointer, schema, sent) => {
    const [, keyword] = split(pointer);
    const before = at(schema, pointer);
    return (
      keyword === 'type' && typeof before === 'string' && at(sent, pointer) === before.toUpperCase()
    );
  },
};

const geminiJsonSchema: Judge = {
  name: '@google/genai parametersJsonSchema',
  judge: (schemas) => geminiOpinions(schemas, 'parametersJsonSchema'),
  harmless: () => false,
};

/** The SDKs that judge each profile's wire schemas (`portable`: every JSON Schema one). */
const JUDGES: ReadonlyArray<[Profile, readonly Judge[]]> = [
  ['openai-strict', [openaiStrict]],
  ['anthropic-strict', [anthropicStrict]],
  ['gemini', [geminiParameters]],
  ['gemini-json-schema', [geminiJsonSchema]],
  ['portable', [openaiStrict, anthropicStrict, geminiJsonSchema]],
];

/** Gemini requests carry this many declarations each (one client per batch). */
const BATCH = 100;

/**
 * Rewrites every tool for every judged profile and asks the SDKs; returns how many wire schemas
 * the checker accepted and, for those, every disagreement as `tool profile: SDK: what it did`.
 */
async function disagreements(
  tools: readonly CorpusTool[],
): Promise<{ accepted: Record<string, number>; found: string[] }> {
  const accepted: Record<string, number> = {};
  const found: string[] = [];
  for (const [profile, judges] of JUDGES) {
    const wires = tools.map((tool) => toProviderSchema(tool.inputSchema, profile).schema);
    const judged = wires.flatMap((wire, index) =>
      providerSchemaErrors(wire, profile).length === 0 ? [{ tool: tools[index]!, wire }] : [],
    );
    accepted[profile] = judged.length;
    for (const judge of judges) {
      for (let start = 0; start < judged.length; start += BATCH) {
        const batch = judged.slice(start, start + BATCH);
        const opinions = await judge.judge(batch.map(({ wire }) => wire));
        batch.forEach(({ tool, wire }, index) => {
          const opinion = opinions[index]!;
          const lost = opinion.changes.filter(
            (pointer) => !judge.harmless(pointer, wire, opinion.sent),
          );
          if (opinion.error !== undefined || lost.length > 0) {
            const what = opinion.error ?? `changed ${lost.slice(0, 3).join(', ')}`;
            found.push(`${tool.name} ${profile}: ${judge.name}: ${what}`);
          }
        });
      }
    }
  }
  return { accepted, found };
}

/** Every judged profile with the same count. */
function all(count: number): Record<string, number> {
  return Object.fromEntries(JUDGES.map(([profile]) => [profile, count]));
}

/**
 * The JSON-Schema-Test-Suite's 2020-12 schemas (its copy in `packages/core`), each the parameter
 * of a tool: written to catch validators out, every keyword at its edges. Only those that name no
 * place in their document (a `$ref` from the root would point into the tool).
 */
function suiteTools(): CorpusTool[] {
  const folder = fileURLToPath(
    new URL(
      '../../../packages/core/test/json-schema-test-suite/tests/draft2020-12',
      import.meta.url,
    ),
  );
  const tools: CorpusTool[] = [];
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    if (!file.endsWith('.json')) continue;
    const groups = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Array<{
      description: string;
      schema: unknown;
    }>;
    for (const group of groups) {
      const text = JSON.stringify(group.schema);
      if (/"\$(?:ref|dynamicRef|id|anchor|dynamicAnchor)"/.test(text)) continue;
      tools.push(
        {
          name: `${file} > ${group.description}`,
          inputSchema: { type: 'object', properties: { v: group.schema }, required: ['v'] },
        },
        {
          name: `${file} > ${group.description} (optional, as items)`,
          inputSchema: {
            type: 'object',
            properties: { v: group.schema, w: { type: 'array', items: group.schema } },
          },
        },
      );
    }
  }
  return tools;
}

type Wrap = (schema: never) => { '~standard': unknown };

const VALIDATOR_CORPORA: ReadonlyArray<[string, readonly ValidatorTool<unknown>[], Wrap]> = [
  ['zod', ZOD_TOOLS as readonly ValidatorTool<unknown>[], zodInput as unknown as Wrap],
  ['valibot', VALIBOT_TOOLS as readonly ValidatorTool<unknown>[], valibotInput as unknown as Wrap],
  ['arktype', ARKTYPE_TOOLS as readonly ValidatorTool<unknown>[], arktypeInput as unknown as Wrap],
];

describe("the providers' SDKs take every wire schema the checker accepts", () => {
  for (const [name, tools, wrap] of VALIDATOR_CORPORA) {
    it(`${name} tools`, async () => {
      const corpus = tools.map((tool) => ({
        name: tool.name,
        inputSchema: standardInput(wrap(tool.schema as never)),
      }));
      const { accepted, found } = await disagreements(corpus);
      expect(found).toStrictEqual([]);
      expect(accepted).toStrictEqual(all(16));
    });
  }

  it('Notion MCP server', async () => {
    const { tools } = await listNotionTools();
    const { accepted, found } = await disagreements(tools);
    expect(found).toStrictEqual([]);
    expect(accepted).toStrictEqual(all(24));
  });

  it('reference MCP servers: GitHub, Everything, Filesystem, Memory', async () => {
    const found: string[] = [];
    const accepted: Record<string, Record<string, number>> = {};
    for (const server of await listReferenceServerTools()) {
      const judged = await disagreements(server.tools);
      found.push(...judged.found.map((line) => `${server.packageName} ${line}`));
      accepted[server.packageName] = judged.accepted;
    }
    expect(found).toStrictEqual([]);
    expect(accepted).toStrictEqual({
      '@modelcontextprotocol/server-github': all(26),
      '@modelcontextprotocol/server-everything': all(13),
      '@modelcontextprotocol/server-filesystem': all(14),
      '@modelcontextprotocol/server-memory': all(9),
    });
  });

  it('Python servers: FastMCP 4, MCPServer, FastMCP.from_openapi', async () => {
    const found: string[] = [];
    const accepted: Record<string, Record<string, number>> = {};
    for (const corpus of ['fastmcp', 'mcpserver', 'openapi'] as const) {
      const judged = await disagreements(loadPythonTools(corpus));
      found.push(...judged.found.map((line) => `${corpus} ${line}`));
      accepted[corpus] = judged.accepted;
    }
    expect(found).toStrictEqual([]);
    expect(accepted).toStrictEqual({ fastmcp: all(26), mcpserver: all(26), openapi: all(245) });
  });

  it('the JSON-Schema-Test-Suite (draft 2020-12), each schema as a parameter, required or optional, and as the items of one', async () => {
    const { accepted, found } = await disagreements(suiteTools());
    // `@google/genai` (3.6.1) writes each declaration anew by assignment, so a property named
    // `__proto__` is lost from the request while `required` still names it: the wire schema
    // lists it, the SDK's copy does not. Known, and only that.
    const lostProto = found.filter((line) =>
      / gemini: @google\/genai parameters: changed \S*\/properties\/__proto__(, \S*\/properties\/__proto__)*$/.test(
        line,
      ),
    );
    expect(found.filter((line) => !lostProto.includes(line))).toStrictEqual([]);
    expect(lostProto.length).toBeGreaterThan(0);
    expect(Object.values(accepted).every((count) => count > 0)).toBe(true);
  });

  it('GitHub REST API', async () => {
    const { tools } = loadGithubTools();
    const { accepted, found } = await disagreements(tools);
    expect(found).toStrictEqual([]);
    expect(accepted).toStrictEqual(all(1223));
  });
});
