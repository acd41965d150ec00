import { defineAdapter, type ToolSchemaWrappers } from '@toolschema/core/adapter';
import type { GenericSchema } from 'valibot';
import type { ValibotToolSchemaOptions } from '../ValibotToolSchemaOptions/index.ts';
import { valibotConverter } from '../valibotConverter/index.ts';

/** The two wrappers, typed by name so that declaration files can refer to them. */
type Wrappers = ToolSchemaWrappers<GenericSchema, ValibotToolSchemaOptions>;

// A schema wrapped by `toStandardJsonSchema` says `valibot` but is no schema (`kind`) any more.
const wrappers: Wrappers = defineAdapter(
  (schema, options) => valibotConverter(schema, options?.definitions),
  {
    accepts: (value) =>
      (value as GenericSchema)['~standard'].vendor === 'valibot' &&
      (value as GenericSchema).kind === 'schema',
    expected: 'a Valibot schema such as v.object(...)',
  },
);

/**
 * Converts a Valibot schema into a tool schema for a tool's arguments: what `registerTool` takes
 * as `inputSchema`. The listed schema has an object root, with the `$ref`s Valibot emits for
 * `v.lazy` and for named definitions inlined, and `$defs` kept only for recursion. Validation and
 * inferred types stay Valibot's.
 *
 * @param schema The Valibot schema, e.g. `v.object({ ... })`.
 * @param options `unrepresentable`, `definitions`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`,
 *   `root-not-object`, ...).
 */
export const toToolInputSchema: Wrappers['toToolInputSchema'] = wrappers.toToolInputSchema;

/**
 * Converts a Valibot schema into a tool schema for a tool's structured result: what
 * `registerTool` takes as `outputSchema`. Any root is allowed, with the `$ref`s Valibot emits for
 * `v.lazy` and for named definitions inlined, and `$defs` kept only for recursion. Validation and
 * inferred types stay Valibot's.
 *
 * @param schema The Valibot schema, e.g. `v.object({ ... })`.
 * @param options `unrepresentable`, `definitions`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError when the JSON Schema cannot be produced (`unrepresentable`, ...).
 */
export const toToolOutputSchema: Wrappers['toToolOutputSchema'] = wrappers.toToolOutputSchema;
