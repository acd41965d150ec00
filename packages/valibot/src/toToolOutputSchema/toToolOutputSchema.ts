import type { ToolSchema } from '@toolschema/core';
import { createToolSchema } from '@toolschema/core/adapter';
import type { GenericSchema } from 'valibot';
import type { ValibotToolSchemaOptions } from '../ValibotToolSchemaOptions/index.ts';
import { valibotConverter } from '../valibotConverter/index.ts';

/**
 * Converts a Valibot schema into a tool schema for a tool's structured result: what `registerTool` takes as `outputSchema`. Any root is
 * allowed, with the `$ref`s Valibot emits for `v.lazy` and for named
 * definitions inlined, and `$defs` kept only for recursion. Validation and inferred types stay
 * Valibot's.
 *
 * @param schema The Valibot schema, e.g. `v.object({ ... })`.
 * @param options `unrepresentable`, `definitions`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`,
 *   `root-not-object`, ...).
 */
export function toToolOutputSchema<S extends GenericSchema>(
  schema: S,
  options: ValibotToolSchemaOptions = {},
): ToolSchema<S> {
  const { definitions, ...toolSchemaOptions } = options;
  return createToolSchema(
    schema,
    valibotConverter(schema, definitions),
    'output',
    toolSchemaOptions,
  );
}
