import { setOwn } from '../../src/utils/cloneJson.ts';

type SchemaObject = Record<string, unknown>;

/** Keywords of a `gemini` wire schema whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['enum', 'default', 'example', 'required']);

/**
 * A `gemini` wire schema as Gemini reads it, in JSON Schema for Ajv: `nullable: true` admits
 * `null` beside whatever else the node says, an `enum` included. That is the meaning Google's own
 * SDK gives the keyword: `@google/genai` 3.6.1 `processJsonSchema` writes
 * `anyOf: [{ type: "string", enum: ["a", "b"] }, { type: "null" }]` as
 * `{ nullable: true, type: "STRING", enum: ["a", "b"] }`. Ajv reads OpenAPI 3.0.3's narrower
 * `nullable` (an `enum` still restricts), so on the wire as written it refuses that `null`.
 *
 * @param schema A `gemini` wire schema (not mutated).
 * @returns The same schema with each `nullable: true` as an `anyOf` branch `{ type: "null" }`.
 */
export function readAsGemini(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(readAsGemini);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = schema as SchemaObject;
  const read: SchemaObject = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'properties' && value !== null && typeof value === 'object') {
      const properties: SchemaObject = {};
      for (const [name, property] of Object.entries(value))
        setOwn(properties, name, readAsGemini(property));
      setOwn(read, key, properties);
    } else {
      setOwn(read, key, DATA_KEYWORDS.has(key) ? value : readAsGemini(value));
    }
  }
  return nullable === true ? { anyOf: [read, { type: 'null' }] } : read;
}
