// What a wrapper was given: its Standard Schema properties, read without letting them throw, and
// the `unsupported-validator` error for anything a wrapper cannot take.
import type { JsonSchemaConverter } from '../ToolSchema/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';

/**
 * Reads a value's Standard Schema properties (`~standard`) without letting it throw: a value
 * that is not an object or a function, has no `~standard` object, or throws while it is read (a
 * getter, a revoked Proxy) has none.
 *
 * @param value Anything a wrapper was given.
 * @returns The `~standard` object, or `undefined`.
 */
export function readStandardProps(value: unknown): Record<string, unknown> | undefined {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) {
    return undefined;
  }
  try {
    const props: unknown = (value as { '~standard'?: unknown })['~standard'];
    return typeof props === 'object' && props !== null
      ? (props as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Which function takes which schema: ends every `unsupported-validator` message. */
const WHERE_EACH_GOES =
  'Zod 4 schemas go to @toolschema/zod, Valibot schemas to @toolschema/valibot (or, wrapped ' +
  'with toStandardJsonSchema from @valibot/to-json-schema, to @toolschema/core), ArkType types ' +
  'to @toolschema/arktype, and a plain JSON Schema object to dereference from @toolschema/core.';

/**
 * The error for a value a wrapper cannot take: what it expected, what it got (the vendor of a
 * Standard Schema, a plain object, `null`...) and which function takes each kind of schema.
 *
 * @param value What the wrapper was given.
 * @param expected What it takes, as a noun phrase: `'a Valibot schema'`.
 * @returns A `ToolSchemaError` with code `unsupported-validator`, for the caller to throw.
 */
export function unsupportedValidatorError(value: unknown, expected: string): ToolSchemaError {
  return new ToolSchemaError(
    'unsupported-validator',
    `Expected ${expected}, got ${describeValue(value)}. ${WHERE_EACH_GOES}`,
  );
}

/**
 * Names what a wrapper was given: reads `~standard`, its `vendor` and whether it has
 * `jsonSchema`, nothing else, and never lets a getter's error escape.
 */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object' && typeof value !== 'function') return `a ${typeof value}`;
  const props = readStandardProps(value);
  if (props === undefined) {
    if (typeof value === 'function') return 'a function that is not a Standard Schema';
    try {
      if (Array.isArray(value)) return 'an array';
    } catch {
      // A revoked Proxy: `Array.isArray` throws on it.
    }
    return 'an object that is not a Standard Schema';
  }
  try {
    const vendor = typeof props.vendor === 'string' ? JSON.stringify(props.vendor) : 'unknown';
    const { jsonSchema } = props;
    const hasJsonSchema = typeof jsonSchema === 'object' && jsonSchema !== null;
    return `a Standard Schema of vendor ${vendor}${hasJsonSchema ? '' : ' without ~standard.jsonSchema'}`;
  } catch {
    return 'a Standard Schema whose properties cannot be read';
  }
}

/** What core's own wrappers take. */
const EXPECTED = 'a Standard Schema with Standard JSON Schema (~standard.jsonSchema)';

/**
 * The converter of a schema that implements Standard JSON Schema: its own
 * `~standard.jsonSchema.input` / `.output`, called with the target. Checked when the wrapper is
 * made, so a schema without them (plain Valibot, Zod 3, a JSON object) is refused there, with
 * the function that takes it.
 *
 * @param schema What core's `toToolInputSchema` or `toToolOutputSchema` was given.
 * @returns The converter to hand to `createToolSchema`.
 * @throws ToolSchemaError `unsupported-validator` when the schema has no such converter.
 */
export function standardJsonSchemaConverter(schema: unknown): JsonSchemaConverter {
  const jsonSchema = readStandardProps(schema)?.jsonSchema as
    | { input?: unknown; output?: unknown }
    | undefined;
  const { input, output } = typeof jsonSchema === 'object' && jsonSchema !== null ? jsonSchema : {};
  if (typeof input !== 'function' || typeof output !== 'function') {
    throw unsupportedValidatorError(schema, EXPECTED);
  }
  return (io, target) => (io === 'input' ? input : output).call(jsonSchema, { target });
}
