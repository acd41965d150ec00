import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { createToolSchema } from '../createToolSchema/index.ts';
import type { ToolSchema, ToolSchemaOptions } from '../ToolSchema/index.ts';
import { standardJsonSchemaConverter } from '../utils/standardSchema.ts';

/**
 * Converts a Standard Schema that also implements Standard JSON Schema (Zod 4.2+, ArkType 2.1+,
 * Valibot through `toStandardJsonSchema`) into a tool output schema: what `registerTool` takes as
 * `outputSchema` to describe `structuredContent`. The schema's own `~standard.jsonSchema`
 * converter produces the JSON Schema; toolschema makes it self-contained (any root). Validation
 * and inferred types stay the schema's own.
 *
 * @param schema The schema, e.g. `z.object({ ... })`.
 * @param options Dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError `unsupported-validator` for a schema without `~standard.jsonSchema`
 *   (a plain Valibot schema, Zod 3, a JSON object; the message names what takes it), or when its
 *   JSON Schema cannot be produced (see `createToolSchema`).
 */
export function toToolOutputSchema<S extends StandardSchemaV1 & StandardJSONSchemaV1>(
  schema: S,
  options?: ToolSchemaOptions,
): ToolSchema<S> {
  return createToolSchema(schema, standardJsonSchemaConverter(schema), 'output', options);
}
