import type { StandardSchemaV1 } from '@standard-schema/spec';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { ARKTYPE_TOOLS } from './arktypeTools.ts';
import type { CorpusTool } from './CorpusTool.ts';
import { VALIBOT_TOOLS } from './valibotTools.ts';
import type { ValidatorTool } from './validatorTool.ts';
import { ZOD_TOOLS } from './zodTools.ts';

/** A validator tool as an MCP server lists it without toolschema, with what judges its arguments. */
export interface ListedValidatorTool extends CorpusTool {
  /** The validator's schema, whose `~standard.validate` judges the arguments. */
  readonly schema: StandardSchemaV1;
  /** Arguments the schema accepts. */
  readonly valid: readonly unknown[];
  /** Arguments the schema refuses. */
  readonly invalid: readonly unknown[];
}

/** One validator's corpus, as listed. */
export interface ValidatorCorpus {
  /** The validator's name, as a reader knows it. */
  readonly name: 'Zod' | 'Valibot' | 'ArkType';
  /** Its tools. */
  readonly tools: readonly ListedValidatorTool[];
}

/** A schema implementing Standard JSON Schema (Zod and ArkType do). */
interface StandardJsonSchema {
  readonly '~standard': {
    readonly jsonSchema: { readonly input: (options: { target: string }) => unknown };
  };
}

/**
 * The JSON Schema a Standard JSON Schema implementation (Zod, ArkType, a toolschema wrapper) gives
 * for its `input` side, draft 2020-12: what the MCP SDK v2 lists for a plain schema.
 *
 * @param schema A schema implementing Standard JSON Schema.
 * @returns Its input JSON Schema.
 */
export function standardInput(schema: unknown): Record<string, unknown> {
  const listed = (schema as StandardJsonSchema)['~standard'].jsonSchema.input({
    target: 'draft-2020-12',
  });
  return listed as Record<string, unknown>;
}

/**
 * The JSON Schema Valibot's own converter writes (Valibot implements no Standard JSON Schema):
 * `@valibot/to-json-schema` on the input side, errors ignored as a server that lists it would.
 */
function valibotInput(schema: unknown): Record<string, unknown> {
  const listed = toJsonSchema(schema as GenericSchema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  });
  return { ...listed };
}

/**
 * Lists the tools of a validator corpus.
 *
 * @param tools The corpus.
 * @param list The validator's own JSON Schema conversion.
 * @returns The tools with their listed input schema.
 */
function listTools(
  tools: readonly ValidatorTool<unknown>[],
  list: (schema: unknown) => Record<string, unknown>,
): ListedValidatorTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    inputSchema: list(tool.schema),
    schema: tool.schema as StandardSchemaV1,
    valid: tool.valid,
    invalid: tool.invalid,
  }));
}

/**
 * The Zod, Valibot and ArkType tools of this package as a server lists them without toolschema:
 * each input schema is the validator's own JSON Schema (draft 2020-12, input side).
 *
 * @returns The three corpora, in the order Zod, Valibot, ArkType.
 */
export function listValidatorCorpora(): ValidatorCorpus[] {
  return [
    { name: 'Zod', tools: listTools(ZOD_TOOLS, standardInput) },
    { name: 'Valibot', tools: listTools(VALIBOT_TOOLS, valibotInput) },
    { name: 'ArkType', tools: listTools(ARKTYPE_TOOLS, standardInput) },
  ];
}
