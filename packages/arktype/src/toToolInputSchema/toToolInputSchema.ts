import type { ToolSchema } from '@toolschema/core';
import { createToolSchema } from '@toolschema/core/adapter';
import type { ArkTypeToolSchemaOptions } from '../ArkTypeToolSchemaOptions/index.ts';
import { type ArkTypeSchema, arktypeConverter } from '../arktypeConverter/index.ts';

/**
 * Converts an ArkType type into a tool schema for a tool's arguments: what `registerTool` takes as `inputSchema`. The listed schema has an
 * object root, with the `$ref`s ArkType emits for cyclic types inlined
 * wherever no cycle needs them. Validation and inferred types stay ArkType's.
 *
 * @param schema The ArkType type, e.g. `type({ ... })`.
 * @param options `unrepresentable`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`,
 *   `root-not-object`, ...).
 */
export function toToolInputSchema<S extends ArkTypeSchema>(
  schema: S,
  options: ArkTypeToolSchemaOptions = {},
): ToolSchema<S> {
  return createToolSchema(schema, arktypeConverter(schema), 'input', options);
}
