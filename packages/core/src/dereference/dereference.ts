import type { DereferenceOptions, DereferenceResult, JsonSchema } from '../types/index.ts';

/**
 * Dereferences a JSON Schema into a self-contained schema. (Implementation in progress.)
 *
 * @param schema The JSON Schema.
 * @param options The options.
 * @returns The self-contained schema and its diagnostics.
 */
export function dereference(
  schema: JsonSchema,
  options: DereferenceOptions = {},
): DereferenceResult {
  void options;
  return { schema: structuredClone(schema), diagnostics: [] };
}
