import type * as MastraSchemaCompat from '@mastra/schema-compat';
import { jsonSchema } from 'ai';
import type { CorpusTool } from '../corpora/index.ts';
import { googleDeclaration } from './googleRequest.ts';
import { identity, isValidatorTool, type Library } from './library.ts';

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

/** The version the comparison names, as the catalog pins it (a test compares it with the installed one). */
export const MASTRA_VERSION = '1.3.11';

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
  /**
   * The layer Mastra's tool builder picks for a model: the first of its list, in its order, that
   * applies. Checked to be the one the row names.
   */
  const selected = (model: MastraSchemaCompat.ModelInformation, name: string): Layer => {
    const layers: Layer[] = [
      new mastra.OpenAIReasoningSchemaCompatLayer(model),
      new mastra.OpenAISchemaCompatLayer(model),
      new mastra.GoogleSchemaCompatLayer(model),
      new mastra.AnthropicSchemaCompatLayer(model),
      new mastra.DeepSeekSchemaCompatLayer(model),
      new mastra.MetaSchemaCompatLayer(model),
    ];
    const layer = layers.find((candidate) => candidate.shouldApply());
    if (layer?.constructor.name !== name) {
      throw new Error(`Mastra picks ${layer?.constructor.name} for ${model.modelId}, not ${name}.`);
    }
    return layer;
  };
  /** A row: one model's layer, judged by a profile; Gemini's through the AI SDK's Google provider. */
  const row = (
    name: string,
    model: MastraSchemaCompat.ModelInformation,
    profile: Library['profile'],
  ): Library => {
    const layer = selected(model, name);
    const gemini = profile === 'gemini';
    const through = gemini ? ' with `@ai-sdk/google` 3.0.141' : '';
    return {
      name: `\`@mastra/schema-compat\` ${MASTRA_VERSION} \`${name}\` (${model.modelId})${through}`,
      profile,
      send: async (tool, corpus) => {
        const { json, validate } = compatOf(mastra, layer, input(tool, corpus));
        // What reaches Gemini: the layer's JSON Schema through the AI SDK's Google provider, as
        // Mastra's agents send it.
        const schema = gemini
          ? (await googleDeclaration(jsonSchema(json as never))).parameters
          : json;
        return { schema, encode: identity, validate };
      },
    };
  };
  const openai = { provider: 'openai.responses', supportsStructuredOutputs: true };
  return [
    row('OpenAISchemaCompatLayer', { ...openai, modelId: 'gpt-5' }, 'openai-strict'),
    row('OpenAIReasoningSchemaCompatLayer', { ...openai, modelId: 'o3' }, 'openai-strict'),
    row(
      'AnthropicSchemaCompatLayer',
      {
        provider: 'anthropic.messages',
        modelId: 'claude-sonnet-4-5',
        supportsStructuredOutputs: false,
      },
      'anthropic',
    ),
    row(
      'GoogleSchemaCompatLayer',
      {
        provider: 'google.generative-ai',
        modelId: 'gemini-2.5-flash',
        supportsStructuredOutputs: true,
      },
      'gemini',
    ),
  ];
}
