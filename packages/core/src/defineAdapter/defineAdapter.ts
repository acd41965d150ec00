import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createToolSchema } from '../createToolSchema/index.ts';
import type { JsonSchemaConverter, ToolSchema, ToolSchemaOptions } from '../ToolSchema/index.ts';

/**
 * The two wrappers of an adapter, for the schemas `Schema` of one validator and its options.
 * Each keeps the type of the schema it is given, so a handler's arguments are inferred as the
 * validator infers them.
 */
export interface ToolSchemaWrappers<Schema extends StandardSchemaV1, Options> {
  /**
   * Wraps a schema of a tool's arguments (`inputSchema`): the input side is listed, with an
   * object root.
   */
  toToolInputSchema<S extends Schema>(schema: S, options?: Options): ToolSchema<S>;
  /** Wraps a schema of a tool's structured result (`outputSchema`): the output side, any root. */
  toToolOutputSchema<S extends Schema>(schema: S, options?: Options): ToolSchema<S>;
}

/**
 * Defines an adapter from its converter: returns `toToolInputSchema` and `toToolOutputSchema`,
 * which run {@link createToolSchema} with the converter for the input and the output side. An
 * adapter is then its converter plus this one call.
 *
 * @param toConverter Creates the converter of one schema; it receives the wrapper's options, so
 *   options of the adapter's own (Valibot's `definitions`) reach it. Only the dereference options
 *   reach the pass.
 * @returns The two wrappers.
 */
export function defineAdapter<Schema extends StandardSchemaV1, Options extends ToolSchemaOptions>(
  toConverter: (schema: Schema, options: Options | undefined) => JsonSchemaConverter,
): ToolSchemaWrappers<Schema, Options> {
  return {
    toToolInputSchema: (schema, options) =>
      createToolSchema(schema, toConverter(schema, options), 'input', options),
    toToolOutputSchema: (schema, options) =>
      createToolSchema(schema, toConverter(schema, options), 'output', options),
  };
}
