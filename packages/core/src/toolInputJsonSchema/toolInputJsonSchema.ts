import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ToolSchema, ToolSchemaTarget } from '../ToolSchema/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { readOptions } from '../utils/readOptions.ts';
import { readStandardProps, unsupportedValidatorError } from '../utils/standardSchema.ts';

/**
 * A tool input schema as plain JSON: an object root, self-contained. Typed so that it can be
 * given as it is where an SDK takes a tool's parameters (the AI SDK's `jsonSchema()`, OpenAI's
 * `parameters`, Anthropic's `input_schema`, which wants `type: 'object'`).
 */
export interface ToolInputJsonSchema {
  /** Always `'object'`: tool arguments are a JSON object. */
  type: 'object';
  /** Every other keyword of the schema. */
  [keyword: string]: unknown;
}

/** Options of {@link toolInputJsonSchema}. */
export interface ToolInputJsonSchemaOptions {
  /** The JSON Schema dialect to write. Default `'draft-2020-12'`. */
  target?: ToolSchemaTarget;
}

/**
 * The plain JSON Schema of a tool input schema, in one call: what
 * `schema['~standard'].jsonSchema.input({ target })` returns, typed as an object-rooted schema,
 * for a request body built by hand or an SDK that takes JSON Schema rather than Standard Schema.
 * A fresh value each call; the caller may change it.
 *
 * @param schema A wrapper made by `toToolInputSchema` (of core or of an adapter).
 * @param options The target dialect.
 * @returns The self-contained JSON Schema, with an object root.
 * @throws ToolSchemaError `root-not-object` when the schema's root is not an object schema (an
 *   output wrapper, say), `unsupported-validator` for a value that has no
 *   `~standard.jsonSchema.input`, and whatever the wrapper's `jsonSchema.input` throws.
 * @example
 * const parameters = toolInputJsonSchema(toToolInputSchema(CreatePage), { target: 'draft-07' });
 * // { type: 'object', properties: { ... } }: no $ref left, ready for any request body
 */
export function toolInputJsonSchema<S extends StandardSchemaV1>(
  schema: ToolSchema<S>,
  options?: ToolInputJsonSchemaOptions,
): ToolInputJsonSchema {
  const { target = 'draft-2020-12' } = readOptions(options, TARGET_KEY, 'toolInputJsonSchema');
  const input = listedInput(schema);
  if (input === undefined) {
    throw unsupportedValidatorError(schema, 'a schema made by toToolInputSchema');
  }
  const jsonSchema: unknown = input({ target });
  if (!isObjectRooted(jsonSchema)) {
    throw new ToolSchemaError(
      'root-not-object',
      'The schema does not have an object root: pass a schema made by toToolInputSchema.',
      '',
    );
  }
  return jsonSchema;
}

/** The one option of {@link toolInputJsonSchema}. */
const TARGET_KEY = ['target'] as const satisfies readonly (keyof ToolInputJsonSchemaOptions)[];

/**
 * A wrapper's `~standard.jsonSchema.input`, read without letting a getter throw; `undefined` for
 * a value that has none (not a wrapper).
 */
function listedInput(schema: unknown): ((options: { target: string }) => unknown) | undefined {
  try {
    const jsonSchema = readStandardProps(schema)?.jsonSchema;
    if (typeof jsonSchema !== 'object' || jsonSchema === null) return undefined;
    const { input } = jsonSchema as { input?: unknown };
    return typeof input === 'function'
      ? (options) => (input as (options: { target: string }) => unknown).call(jsonSchema, options)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a JSON Schema says `type: 'object'` at its root (what the input wrapper guarantees).
 *
 * @param schema A JSON Schema.
 * @returns Whether it is an object-rooted tool input schema.
 */
function isObjectRooted(schema: unknown): schema is ToolInputJsonSchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { type?: unknown }).type === 'object'
  );
}
