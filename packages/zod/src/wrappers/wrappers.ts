import { defineAdapter, type ToolSchemaWrappers } from '@toolschema/core/adapter';
import type { $ZodType } from 'zod/v4/core';
import type { ZodToolSchemaOptions } from '../ZodToolSchemaOptions/index.ts';
import { zodConverter } from '../zodConverter/index.ts';

/** The two wrappers, typed by name so that declaration files can refer to them. */
type Wrappers = ToolSchemaWrappers<$ZodType, ZodToolSchemaOptions>;

// Zod 3.24+ says `zod` too: the converter refuses it with its own message.
const wrappers: Wrappers = defineAdapter((schema) => zodConverter(schema), {
  accepts: (value) => (value as $ZodType)['~standard'].vendor === 'zod',
  expected: 'a Zod 4 schema',
});

/**
 * Converts a Zod 4 schema (classic or mini, any 4.x) into a tool schema for a tool's arguments:
 * what `registerTool` takes as `inputSchema`. The listed schema has an object root, with every
 * `$ref` Zod emits for registered types (`.meta({ id })`) inlined, and `$defs` kept only for
 * recursion. Validation and inferred types stay Zod's.
 *
 * @param schema The Zod schema, e.g. `z.object({ ... })`.
 * @param options `unrepresentable`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError for a Zod 3 schema (`unsupported-validator`) or when the JSON Schema
 *   cannot be produced (`unrepresentable`, `root-not-object`, ...).
 */
export const toToolInputSchema: Wrappers['toToolInputSchema'] = wrappers.toToolInputSchema;

/**
 * Converts a Zod 4 schema (classic or mini, any 4.x) into a tool schema for a tool's structured
 * result: what `registerTool` takes as `outputSchema`. Any root is allowed, with every `$ref` Zod
 * emits for registered types (`.meta({ id })`) inlined, and `$defs` kept only for recursion.
 * Validation and inferred types stay Zod's.
 *
 * @param schema The Zod schema, e.g. `z.object({ ... })`.
 * @param options `unrepresentable`, dereference options and a diagnostics callback.
 * @returns A Standard Schema to pass to `registerTool`.
 * @throws ToolSchemaError for a Zod 3 schema (`unsupported-validator`) or when the JSON Schema
 *   cannot be produced (`unrepresentable`, ...).
 */
export const toToolOutputSchema: Wrappers['toToolOutputSchema'] = wrappers.toToolOutputSchema;
