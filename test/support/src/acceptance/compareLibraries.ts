import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { dereference, encodeArguments, type Profile, toProviderSchema } from '@toolschema/core';
import { generateText, jsonSchema, type Tool, tool } from 'ai';
import Ajv2020 from 'ajv/dist/2020.js';
import { standardFunction } from 'openai/helpers/standard-schema';
import { zodFunction } from 'openai/helpers/zod';
import type { ZodType } from 'zod';
import type { CorpusTool, ListedValidatorTool } from '../corpora/index.ts';
import type { AcceptanceCorpus } from './measureAcceptance.ts';
import { accepts } from './measureAcceptance.ts';

type SchemaObject = Record<string, unknown>;

/** What a library sends for a tool: the schema, and how a valid argument travels (identity but for toolschema). */
interface Sent {
  readonly schema: unknown;
  readonly encode: (args: unknown) => unknown;
}

/** A library that prepares tool schemas for one provider. */
interface Library {
  /** How the table names it. */
  readonly name: string;
  /** The provider profile whose rules judge what it sends. */
  readonly profile: Profile;
  /** What it sends for a tool of a corpus (throws where the library throws). */
  readonly send: (tool: CorpusTool, corpus: string) => Promise<Sent>;
}

/** One library on one corpus. */
export interface LibraryResult {
  readonly tools: number;
  /** Tools the library prepared without throwing. */
  readonly handled: number;
  /** Of those, the tools whose sent schema the provider's rules find no error in. */
  readonly accepted: number;
  /** Tools where the sent schema accepts only `{}` at more places than the listed one. */
  readonly closed: number;
  /** On a validator corpus: valid arguments the sent schema refuses (Ajv), and how many were tried. */
  readonly refused: { readonly count: number; readonly of: number } | undefined;
}

const identity = (args: unknown) => args;

/** A Standard Schema that accepts anything, for the `openai` helper fed a JSON Schema. */
const ANY_VALUE: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'json-schema', validate: (value) => ({ value }) },
};

/** What a declaration without parameters accepts. */
const PARAMETERLESS = { type: 'object', additionalProperties: false };

const isValidatorTool = (tool: CorpusTool): tool is ListedValidatorTool =>
  Object.hasOwn(tool, 'valid');

/** The `openai` SDK's strict function helpers: `zodFunction` for Zod, `standardFunction` otherwise. */
const openaiHelpers: Library = {
  name: '`openai` 7.59.0 `zodFunction` / `standardFunction`',
  profile: 'openai-strict',
  send: async (tool, corpus) => {
    const name = 'tool';
    let parameters: unknown;
    if (corpus === 'Zod tools' && isValidatorTool(tool)) {
      parameters = zodFunction({ name, parameters: tool.schema as unknown as ZodType }).function
        .parameters;
    } else if (corpus === 'ArkType tools' && isValidatorTool(tool)) {
      // ArkType implements Standard JSON Schema: the helper asks it for the JSON Schema.
      parameters = standardFunction({ name, parameters: tool.schema }).function.parameters;
    } else {
      // Valibot and plain JSON Schema: the helper takes the JSON Schema as `schema`.
      const validator = isValidatorTool(tool) ? tool.schema : ANY_VALUE;
      parameters = standardFunction({ name, parameters: validator, schema: tool.inputSchema })
        .function.parameters;
    }
    return { schema: parameters, encode: identity };
  },
};

/** The Anthropic SDK's strict transform, what its tool and output helpers apply. */
const anthropicTransform: Library = {
  name: '`@anthropic-ai/sdk` 1.14.0 `transformJSONSchema`',
  profile: 'anthropic-strict',
  send: async (tool) => ({
    schema: transformJSONSchema(structuredClone(tool.inputSchema)),
    encode: identity,
  }),
};

/**
 * The AI SDK's Google provider: the `parameters` of the request it builds for one tool,
 * captured at its `fetch` (nothing leaves the process). Zod and ArkType schemas are given as they
 * are (the AI SDK takes Standard JSON Schema), the others through `jsonSchema()`.
 */
const aiSdkGoogle: Library = {
  name: '`ai` 6.0.325 with `@ai-sdk/google` 3.0.141',
  profile: 'gemini',
  send: async (corpusTool, corpus) => {
    let body: { tools?: { functionDeclarations?: { parameters?: unknown }[] }[] } | undefined;
    const capture = async (_url: unknown, init?: { body?: unknown }) => {
      body = JSON.parse(String(init?.body));
      const answer = {
        candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
      };
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const google = createGoogleGenerativeAI({
      apiKey: 'placeholder-no-request-leaves',
      fetch: capture as typeof fetch,
    });
    const native = corpus === 'Zod tools' || corpus === 'ArkType tools';
    const inputSchema =
      native && isValidatorTool(corpusTool)
        ? corpusTool.schema
        : jsonSchema(corpusTool.inputSchema);
    const tools: Record<string, Tool> = { tool: tool({ inputSchema } as never) as Tool };
    await generateText({ model: google('gemini-2.5-flash'), prompt: 'Call the tool.', tools });
    const sent = body?.tools?.[0]?.functionDeclarations?.[0];
    if (sent === undefined) throw new Error('The AI SDK sent no function declaration.');
    return { schema: sent.parameters, encode: identity };
  },
};

/** toolschema with a provider's profile: the wire schema, and arguments encoded to it. */
function toolschema(profile: Profile): Library {
  return {
    name: `toolschema \`${profile}\``,
    profile,
    send: async (tool) => {
      const { schema, codec } = toProviderSchema(tool.inputSchema, profile);
      return { schema, encode: (args) => encodeArguments(codec, args) };
    },
  };
}

/** The libraries compared, each beside toolschema's profile for the same provider. */
export const LIBRARIES: readonly Library[] = [
  openaiHelpers,
  toolschema('openai-strict'),
  anthropicTransform,
  toolschema('anthropic-strict'),
  aiSdkGoogle,
  toolschema('gemini'),
];

/** Whether an object schema accepts only `{}` under a provider (Gemini has no `additionalProperties`). */
function acceptsOnlyEmpty(node: SchemaObject, profile: Profile): boolean {
  const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
  if (type !== 'object') return false;
  const properties = node.properties;
  const none =
    properties === undefined ||
    (typeof properties === 'object' && properties !== null && Object.keys(properties).length === 0);
  if (!none || node.patternProperties !== undefined) return false;
  return profile === 'gemini' || node.additionalProperties === false;
}

/** Whether a schema object lists at least one property. */
function hasProperties(schema: unknown): boolean {
  const properties = (schema as SchemaObject | undefined)?.properties;
  return (
    typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0
  );
}

/** How many places of a schema accept only `{}` (every object of the JSON is looked at, iteratively). */
function countOnlyEmpty(schema: unknown, profile: Profile): number {
  let count = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (acceptsOnlyEmpty(node as SchemaObject, profile)) count++;
    stack.push(...Object.values(node));
  }
  return count;
}

/**
 * An OpenAPI-flavoured Gemini schema read as JSON Schema for Ajv: `nullable: true` as a `null`
 * branch, type names in lower case.
 */
function fromGemini(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromGemini);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as SchemaObject;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] =
      key === 'type' && typeof value === 'string'
        ? value.toLowerCase()
        : key === 'enum' || key === 'default' || key === 'example'
          ? value
          : fromGemini(value);
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

/**
 * Runs one library on one corpus.
 *
 * @param library The library.
 * @param corpus The corpus, as listed.
 * @returns What it handled, what the provider accepts, and what it lost.
 */
export async function runLibrary(
  library: Library,
  corpus: AcceptanceCorpus,
): Promise<LibraryResult> {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  let handled = 0;
  let accepted = 0;
  let closed = 0;
  let refused = 0;
  let tried = 0;
  for (const tool of corpus.tools) {
    let sent: Sent;
    try {
      sent = await library.send(tool, corpus.name);
    } catch {
      continue;
    }
    handled++;
    // A declaration without parameters (the AI SDK leaves them out when it converted the
    // schema to nothing) is one the provider takes, for a tool called with `{}` only.
    const parameterless = sent.schema === undefined;
    if (parameterless || accepts(sent.schema, library.profile)) accepted++;
    const listed = dereference(tool.inputSchema).schema;
    // Left out for a tool that has parameters, the declaration takes only `{}`.
    const onlyEmpty = parameterless
      ? hasProperties(listed)
        ? 1
        : 0
      : countOnlyEmpty(sent.schema, library.profile);
    if (onlyEmpty > countOnlyEmpty(listed, 'openai-strict')) closed++;
    if (isValidatorTool(tool)) {
      // Ajv 2020 reads every schema as 2020-12 (the `openai` helpers declare draft-07; what
      // they send has no construct the two drafts read differently).
      const { $schema: _, ...schema } = (sent.schema ?? PARAMETERLESS) as SchemaObject;
      const judged = library.profile === 'gemini' ? fromGemini(schema) : schema;
      let validate: ((value: unknown) => boolean) | undefined;
      try {
        validate = ajv.compile(judged as SchemaObject);
      } catch {
        // A schema Ajv cannot compile is refused by every provider: it takes no argument.
      }
      for (const args of tool.valid) {
        tried++;
        if (validate === undefined || !validate(sent.encode(args))) refused++;
      }
    }
  }
  return {
    tools: corpus.tools.length,
    handled,
    accepted,
    closed,
    refused: tried === 0 ? undefined : { count: refused, of: tried },
  };
}

/**
 * Runs every library on every corpus.
 *
 * @param corpora The corpora, as listed.
 * @returns Per library (in {@link LIBRARIES} order), its result per corpus.
 */
export async function compareLibraries(
  corpora: readonly AcceptanceCorpus[],
): Promise<{ library: Library; results: LibraryResult[] }[]> {
  const table = [];
  for (const library of LIBRARIES) {
    const results = [];
    for (const corpus of corpora) results.push(await runLibrary(library, corpus));
    table.push({ library, results });
  }
  return table;
}

/** Where the generated comparison starts and ends in a README. */
export const LIBRARY_MARKERS = {
  start:
    '<!-- library-comparison:start (generated by `node --import tsx bench/acceptance.mjs --write`) -->',
  end: '<!-- library-comparison:end -->',
} as const;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Renders the comparison as a markdown table: a row per library, a column per corpus; each cell
 * says how many tools the provider accepts, how many the library threw on, how many had an object
 * closed to `{}`, and on the validator corpora how many valid arguments the sent schema refuses.
 *
 * @param corpora The corpora, in column order.
 * @param table What {@link compareLibraries} measured.
 * @returns The table.
 */
export function renderLibraryComparison(
  corpora: readonly AcceptanceCorpus[],
  table: Awaited<ReturnType<typeof compareLibraries>>,
): string {
  const lines = [
    `| library → provider's rules | ${corpora.map((corpus) => `${corpus.name} (${count(corpus.tools.length)})`).join(' | ')} |`,
    `| --- | ${corpora.map(() => '---').join(' | ')} |`,
  ];
  for (const { library, results } of table) {
    const cells = results.map((result) => {
      const notes = [`**${count(result.accepted)}** accepted`];
      if (result.handled < result.tools)
        notes.push(`${count(result.tools - result.handled)} threw`);
      if (result.closed > 0) notes.push(`${count(result.closed)} closed to \`{}\``);
      if (result.refused !== undefined)
        notes.push(`args refused ${result.refused.count}/${result.refused.of}`);
      return notes.join(', ');
    });
    lines.push(`| ${library.name} → \`${library.profile}\` | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
