import { defineAdapter, type ToolSchemaWrappers } from '@toolschema/core/adapter';
import type { ArkTypeToolSchemaOptions } from '../ArkTypeToolSchemaOptions/index.ts';
import { type ArkTypeSchema, arktypeConverter } from '../arktypeConverter/index.ts';

/** The two wrappers, typed by name so that declaration files can refer to them. */
type Wrappers = ToolSchemaWrappers<ArkTypeSchema, ArkTypeToolSchemaOptions>;

const wrappers: Wrappers = defineAdapter((schema) => arktypeConverter(schema), {
  accepts: (value) =>
    (value as ArkTypeSchema)['~standard'].vendor === 'arktype' &&
    typeof (value as ArkTypeSchema).in.toJsonSchema === 'function',
  expected: 'an ArkType type',
});

/**
 * Converts an ArkType type into a tool schema for a tool's arguments: what `registerTool` takes
 * as `inputSchema`. The listed schema has an object root, with the `$ref`s ArkType emits for
 * cyclic types inlined wherever no cycle needs them. Validation and inferred types stay ArkType's.
 *
 * @param schema The ArkType type, e.g. `type({ ... })`.
 * @param options `unrepresentable`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`,
 *   `root-not-object`, ...).
 */
export const toToolInputSchema: Wrappers['toToolInputSchema'] = wrappers.toToolInputSchema;

/**
 * Converts an ArkType type into a tool schema for a tool's structured result: what
 * `registerTool` takes as `outputSchema`. Any root is allowed, with the `$ref`s ArkType emits for
 * cyclic types inlined wherever no cycle needs them. Validation and inferred types stay ArkType's.
 *
 * @param schema The ArkType type, e.g. `type({ ... })`.
 * @param options `unrepresentable`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`, ...).
 */
export const toToolOutputSchema: Wrappers['toToolOutputSchema'] = wrappers.toToolOutputSchema;
