import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { dereference, encodeArguments, type Profile, toProviderSchema } from '@toolschema/core';
import { jsonSchema } from 'ai';
import Ajv2020 from 'ajv/dist/2020.js';
import { standardFunction } from 'openai/helpers/standard-schema';
import { zodFunction } from 'openai/helpers/zod';
import type { ZodType } from 'zod';
import { googleDeclaration } from './googleRequest.ts';
import { identity, isValidatorTool, type Library, type Sent } from './library.ts';
import { loadMastraLibraries, MASTRA_ROW_START } from './mastraLibraries.ts';
import type { AcceptanceCorpus } from './measureAcceptance.ts';
import { accepts } from './measureAcceptance.ts';

type SchemaObject = Record<string, unknown>;

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
  readonly refused: Count | undefined;
  /**
   * On a validator corpus, for a library with its own validation of the model's arguments
   * (Mastra): the valid arguments it refuses and the invalid ones it lets through to the tool.
   */
  readonly validation: { readonly refused: Count; readonly letThrough: Count } | undefined;
}

/** How many of how many tried. */
interface Count {
  readonly count: number;
  readonly of: number;
}

/** A Standard Schema that accepts anything, for the `openai` helper fed a JSON Schema. */
const ANY_VALUE: StandardSchemaV1 = {
  '~standard': { version: 1, vendor: 'json-schema', validate: (value) => ({ value }) },
};

/** What a declaration without parameters accepts. */
const PARAMETERLESS = { type: 'object', additionalProperties: false };

/** The `openai` SDK's strict function helpers: `zodFunction` for Zod, `standardFunction` otherwise. */
const openaiHelpers: Library = {
  name: '`openai` 7.60.0 `zodFunction` / `standardFunction`',
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
  name: '`@anthropic-ai/sdk` 1.17.0 `transformJSONSchema`',
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
  name: '`ai` 6.0.333 with `@ai-sdk/google` 3.0.141',
  profile: 'gemini',
  send: async (corpusTool, corpus) => {
    const native = corpus === 'Zod tools' || corpus === 'ArkType tools';
    const inputSchema =
      native && isValidatorTool(corpusTool)
        ? corpusTool.schema
        : jsonSchema(corpusTool.inputSchema);
    const { parameters } = await googleDeclaration(inputSchema);
    return { schema: parameters, encode: identity };
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

/**
 * The libraries compared on every Node.js, each beside toolschema's profile for the same provider
 * (`anthropic`, last, for Mastra's Anthropic layer). Mastra's layers follow where they run
 * ({@link compareLibraries}).
 */
export const LIBRARIES: readonly Library[] = [
  openaiHelpers,
  toolschema('openai-strict'),
  anthropicTransform,
  toolschema('anthropic-strict'),
  aiSdkGoogle,
  toolschema('gemini'),
  toolschema('anthropic'),
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

/** Whether a root lists no properties and nothing else (what MCP lists for a tool without parameters). */
function listsNoParameters(schema: unknown): boolean {
  const root = schema as SchemaObject;
  return (
    typeof root.properties === 'object' &&
    root.properties !== null &&
    !hasProperties(root) &&
    root.additionalProperties === undefined &&
    root.patternProperties === undefined
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
  let validation:
    | { refused: number; valid: number; letThrough: number; invalid: number }
    | undefined;
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
    // A root that lists no properties is a tool without parameters: closed, it loses nothing.
    const onlyEmpty = parameterless
      ? hasProperties(listed)
        ? 1
        : 0
      : countOnlyEmpty(sent.schema, library.profile) -
        (listsNoParameters(listed) && acceptsOnlyEmpty(sent.schema as SchemaObject, library.profile)
          ? 1
          : 0);
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
      if (sent.validate !== undefined) {
        validation ??= { refused: 0, valid: 0, letThrough: 0, invalid: 0 };
        for (const args of tool.valid) {
          validation.valid++;
          if (!(await sent.validate(args))) validation.refused++;
        }
        for (const args of tool.invalid) {
          validation.invalid++;
          if (await sent.validate(args)) validation.letThrough++;
        }
      }
    }
  }
  return {
    tools: corpus.tools.length,
    handled,
    accepted,
    closed,
    refused: tried === 0 ? undefined : { count: refused, of: tried },
    validation:
      validation === undefined
        ? undefined
        : {
            refused: { count: validation.refused, of: validation.valid },
            letThrough: { count: validation.letThrough, of: validation.invalid },
          },
  };
}

/**
 * Runs every library on every corpus: {@link LIBRARIES}, then Mastra's compat layers where they
 * run (Node.js 22.13 or later, {@link mastraRuns}).
 *
 * @param corpora The corpora, as listed.
 * @returns Per library (in {@link LIBRARIES} order, Mastra's last), its result per corpus.
 */
export async function compareLibraries(
  corpora: readonly AcceptanceCorpus[],
): Promise<{ library: Library; results: LibraryResult[] }[]> {
  const table = [];
  for (const library of [...LIBRARIES, ...(await loadMastraLibraries())]) {
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
 * closed to `{}`, and on the validator corpora how many valid arguments the sent schema refuses
 * (and, for a library that validates the model's arguments itself, how many valid ones that
 * validation refuses and how many invalid ones it lets through).
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
      if (result.validation !== undefined) {
        const { refused, letThrough } = result.validation;
        notes.push(
          `its validation refuses ${refused.count}/${refused.of} valid, lets ${letThrough.count}/${letThrough.of} invalid through`,
        );
      }
      return notes.join(', ');
    });
    lines.push(`| ${library.name} → \`${library.profile}\` | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * The rows of a rendered comparison that are not Mastra's: what a Node.js older than 22.13
 * measures again.
 *
 * @param table A rendered comparison.
 * @returns Its lines but Mastra's rows.
 */
export function withoutMastraRows(table: string): string {
  return table
    .split('\n')
    .filter((line) => !line.startsWith(MASTRA_ROW_START))
    .join('\n');
}

/**
 * A comparison measured without Mastra (before Node.js 22.13), with the Mastra rows of the
 * README's copy kept after it as they were measured on a later Node.js.
 *
 * @param measured The comparison measured here, without Mastra's rows.
 * @param readmeCopy The README's copy of the comparison.
 * @returns The measured rows, then the README's Mastra rows.
 */
export function keepMastraRows(measured: string, readmeCopy: string): string {
  const rows = readmeCopy.split('\n').filter((line) => line.startsWith(MASTRA_ROW_START));
  return [measured, ...rows].join('\n');
}
