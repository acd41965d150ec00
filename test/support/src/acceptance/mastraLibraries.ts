import type * as MastraSchemaCompat from '@mastra/schema-compat';
import { jsonSchema } from 'ai';
import type { CorpusTool } from '../corpora/index.ts';
import { googleDeclaration } from './googleRequest.ts';
import { identity, isValidatorTool, type Library, type Sent } from './library.ts';

/** The Node.js release `@mastra/schema-compat` requires (its `engines`: `>=22.13.0`). */
export const MASTRA_MIN_NODE = '22.13';

/**
 * Whether Mastra's compat layer runs here: Node.js 22.13 or later. On an older Node.js it is
 * never imported, and the README's Mastra rows are not measured again.
 */
export const mastraRuns: boolean = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
})();

/** How every Mastra row of the comparison starts (the rows measured only where {@link mastraRuns}). */
export const MASTRA_ROW_START = '| `@mastra/schema-compat` ';

/** The version measured, as the catalog pins it. */
const VERSION = '1.3.11';

type Layer = MastraSchemaCompat.SchemaCompatLayer;

/**
 * The compat schema Mastra's tool builder makes with one layer (`processToCompatSchema`): the
 * JSON Schema it hands the AI SDK (`standardSchemaToJSONSchema`, input side) and the validation
 * it hands with it.
 */
function compatOf(
  mastra: typeof MastraSchemaCompat,
  layer: Layer,
  input: unknown,
): { json: unknown; validate: (args: unknown) => Promise<boolean> } {
  const compat = layer.processToCompatSchema(input as never);
  const json = mastra.standardSchemaToJSONSchema(compat, { io: 'input' });
  const validate = async (args: unknown) => {
    // Mastra's validation rewrites the value in place: it gets a copy.
    const result = await compat['~standard'].validate(structuredClone(args));
    return result.issues === undefined;
  };
  return { json, validate };
}

/**
 * Mastra's provider compat layers (`@mastra/schema-compat`), each applied as Mastra's tool
 * builder applies it, for the model it is chosen for. Imported only where {@link mastraRuns}.
 *
 * @returns The layers as libraries of the comparison, or none before Node.js 22.13.
 */
export async function loadMastraLibraries(): Promise<Library[]> {
  if (!mastraRuns) return [];
  const mastra = await import('@mastra/schema-compat');
  const { toStandardJsonSchema } = await import('@valibot/to-json-schema');
  /** What Mastra is given for a tool: the validator's own schema, or the listed JSON Schema. */
  const input = (tool: CorpusTool, corpus: string): unknown => {
    if (!isValidatorTool(tool)) return structuredClone(tool.inputSchema);
    // Valibot implements no Standard JSON Schema: its users give Mastra `toStandardJsonSchema`.
    if (corpus === 'Valibot tools') return toStandardJsonSchema(tool.schema as never);
    return tool.schema;
  };
  const layer = (name: string, profile: Library['profile'], made: Layer, model: string) => ({
    name: `\`@mastra/schema-compat\` ${VERSION} \`${name}\` (${model})`,
    profile,
    send: async (tool: CorpusTool, corpus: string): Promise<Sent> => {
      const { json, validate } = compatOf(mastra, made, input(tool, corpus));
      return { schema: json, encode: identity, validate };
    },
  });
  const openai = { provider: 'openai.responses', supportsStructuredOutputs: true };
  const google = new mastra.GoogleSchemaCompatLayer({
    provider: 'google.generative-ai',
    modelId: 'gemini-2.5-flash',
    supportsStructuredOutputs: true,
  });
  return [
    layer(
      'OpenAISchemaCompatLayer',
      'openai-strict',
      new mastra.OpenAISchemaCompatLayer({ ...openai, modelId: 'gpt-5' }),
      'gpt-5',
    ),
    layer(
      'OpenAIReasoningSchemaCompatLayer',
      'openai-strict',
      new mastra.OpenAIReasoningSchemaCompatLayer({ ...openai, modelId: 'o3' }),
      'o3',
    ),
    layer(
      'AnthropicSchemaCompatLayer',
      'anthropic',
      new mastra.AnthropicSchemaCompatLayer({
        provider: 'anthropic.messages',
        modelId: 'claude-sonnet-4-5',
        supportsStructuredOutputs: false,
      }),
      'claude-sonnet-4-5',
    ),
    {
      // What reaches Gemini: the layer's JSON Schema through the AI SDK's Google provider, as
      // Mastra's agents send it.
      name: `\`@mastra/schema-compat\` ${VERSION} \`GoogleSchemaCompatLayer\` (gemini-2.5-flash) with \`@ai-sdk/google\` 3.0.141`,
      profile: 'gemini',
      send: async (tool, corpus) => {
        const { json, validate } = compatOf(mastra, google, input(tool, corpus));
        const { parameters } = await googleDeclaration(jsonSchema(json as never));
        return { schema: parameters, encode: identity, validate };
      },
    },
  ];
}
