import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createToolSchema } from '../createToolSchema/index.ts';
import type {
  JsonSchemaConverter,
  ToolSchema,
  ToolSchemaIo,
  ToolSchemaOptions,
} from '../ToolSchema/index.ts';
import { unsupportedValidatorError } from '../utils/standardSchema.ts';

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

/** Which values an adapter takes: checked before its converter sees one. */
export interface AcceptedSchemas {
  /**
   * Whether a value is a schema of the adapter's validator (its `~standard.vendor`, its shape).
   * Called with anything a user passes; an error it throws counts as no.
   */
  accepts(value: unknown): boolean;
  /** What the adapter takes, for the `unsupported-validator` message: `'a Valibot schema'`. */
  expected: string;
}

/**
 * Defines an adapter from its converter: returns `toToolInputSchema` and `toToolOutputSchema`,
 * which run {@link createToolSchema} with the converter for the input and the output side. An
 * adapter is then its converter plus this one call.
 *
 * @param toConverter Creates the converter of one schema; it receives the wrapper's options, so
 *   options of the adapter's own (Valibot's `definitions`) reach it. Only the dereference options
 *   reach the pass.
 * @param accepted Which values the wrappers take. Anything else (another validator's schema, a
 *   plain JSON Schema object) throws `unsupported-validator`, naming what it is and which
 *   function takes it, before `toConverter` is called.
 * @returns The two wrappers.
 */
export function defineAdapter<Schema extends StandardSchemaV1, Options extends ToolSchemaOptions>(
  toConverter: (schema: Schema, options: Options | undefined) => JsonSchemaConverter,
  accepted: AcceptedSchemas,
): ToolSchemaWrappers<Schema, Options> {
  const wrap = <S extends Schema>(
    schema: S,
    options: Options | undefined,
    listedIo: ToolSchemaIo,
  ): ToolSchema<S> => {
    if (!accepts(accepted, schema)) throw unsupportedValidatorError(schema, accepted.expected);
    return createToolSchema(schema, toConverter(schema, options), listedIo, options);
  };
  return {
    toToolInputSchema: (schema, options) => wrap(schema, options, 'input'),
    toToolOutputSchema: (schema, options) => wrap(schema, options, 'output'),
  };
}

/** Runs the adapter's check; one that throws (a getter, a revoked Proxy) means no. */
function accepts(accepted: AcceptedSchemas, value: unknown): boolean {
  try {
    return accepted.accepts(value);
  } catch {
    return false;
  }
}
