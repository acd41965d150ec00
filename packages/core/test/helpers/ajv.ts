import Ajv, { type AnySchema, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { dialectOf } from '../../src/vocabulary/index.ts';

/** The two Ajv builds the semantic tests compare with. */
export type AjvDraft = '2020-12' | 'draft-07';

/** A remote document, added to every Ajv instance under its id before compiling. */
export interface RemoteSchema {
  /** The id it is fetched by, e.g. `http://localhost:1234/integer.json`. */
  id: string;
  /** The document. */
  schema: AnySchema;
}

/** How {@link createAjv} and {@link compileFresh} set Ajv up beyond the draft. */
export interface AjvSetup {
  /** Documents to register by id, so `$ref`s to them compile. */
  remotes?: readonly RemoteSchema[];
  /** Ajv's `inlineRefs` (default true); false keeps heavily reused definitions from multiplying
   * Ajv's generated code. */
  inlineRefs?: boolean;
  /** Ajv's `allErrors` (default false): every error of a refusal, to tell why it refused. */
  allErrors?: boolean;
}

/**
 * The Ajv build that reads a schema as its `$schema` says: draft-06 and draft-07 by Ajv's default
 * build, anything else (no `$schema`, 2020-12) by Ajv2020. A corpus listed by the MCP SDK v1
 * says draft-07, where `items` may be an array, which Ajv2020 refuses to compile.
 *
 * @param schema A schema as a corpus lists it.
 * @returns The draft to compile it with.
 */
export function ajvDraftOf(schema: unknown): AjvDraft {
  const dialect =
    schema !== null && typeof schema === 'object' && !Array.isArray(schema)
      ? dialectOf((schema as Record<string, unknown>).$schema)
      : undefined;
  return dialect === 'draft-06' || dialect === 'draft-07' ? 'draft-07' : '2020-12';
}

/**
 * Creates a fresh Ajv instance for a draft. Schema validation against the meta-schema is off
 * (compiling the meta-schema costs ~20 ms per instance); formats are annotations only, as the
 * JSON-Schema-Test-Suite's required tests expect.
 *
 * @param draft The draft whose Ajv build to use.
 * @param setup Remote documents, `inlineRefs` and `allErrors`.
 * @returns The new instance.
 */
export function createAjv(draft: AjvDraft, setup: AjvSetup = {}): Ajv {
  const { remotes = [], inlineRefs = true, allErrors = false } = setup;
  const options = {
    strict: false,
    validateFormats: false,
    validateSchema: false,
    inlineRefs,
    allErrors,
  };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  for (const remote of remotes) ajv.addSchema(remote.schema, remote.id);
  return ajv;
}

/**
 * Creates an Ajv instance that validates schemas against the draft's meta-schema (compiled once).
 *
 * @param draft The draft.
 * @returns A function telling whether a schema is valid for the draft, or undefined when the
 *   meta-schema could not judge it (e.g. a `$schema` Ajv does not know).
 */
export function createMetaValidator(draft: AjvDraft): (schema: unknown) => boolean | undefined {
  const options = { strict: false, validateFormats: false } as const;
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  return (schema) => {
    try {
      const result = ajv.validateSchema(schema as AnySchema);
      return typeof result === 'boolean' ? result : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Compiles a schema with a fresh Ajv instance.
 *
 * @param draft The draft.
 * @param schema The schema.
 * @param setup Remote documents to register first, `inlineRefs` and `allErrors`.
 * @returns The validate function, or the compile error.
 */
export function compileFresh(
  draft: AjvDraft,
  schema: unknown,
  setup: AjvSetup = {},
): { validate: ValidateFunction } | { error: Error } {
  try {
    return { validate: createAjv(draft, setup).compile(schema as AnySchema) };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}
