import type { Codec, JsonSchema, Profile, Violation } from '@toolschema/core';
import {
  type RewriteOptions,
  rewriteToolSchema,
  type ToolDiagnostic,
  type ToolSchemaField,
} from '../rewriteTool/index.ts';
import { deepFreeze } from './deepFreeze.ts';

/** What one schema of a tool became. Shared between answers: never mutated. */
export interface ToolSchemaState {
  /** The schema as the server listed it, as compact JSON text (what the cache is keyed by). */
  readonly source: string;
  /** The schema the client sees: self-contained, frozen. */
  readonly schema: JsonSchema;
  /** Whether {@link ToolSchemaState.schema} differs from the source (else the answer keeps it). */
  readonly changed: boolean;
  /** What the pass said about it, tagged with the field. */
  readonly diagnostics: readonly ToolDiagnostic[];
  /** `field: message` when the pass refused the schema (then it is passed on as it came). */
  readonly error: string | undefined;
  /**
   * With a profile or `repair`, for an input schema: the codec that maps the model's arguments
   * back to the shape the server listed. `undefined` without either, for an output schema, or
   * when the pass refused the schema.
   */
  readonly codec: Codec | undefined;
  /**
   * With a profile, for an input schema: the provider's refusals (`severity: 'error'`) that remain
   * on the schema the client sees. `[]` when the provider accepts it.
   */
  readonly violations: readonly Violation[];
}

/** What the cache needs to know to rewrite a schema. */
export interface SchemaCacheOptions {
  /** Options for the pass. */
  pass: RewriteOptions;
  /** The provider profile input schemas are rewritten for, if any. */
  profile: Profile | undefined;
}

/**
 * Remembers what each schema text became, per field (an input schema gets an object root, an
 * output schema does not), so an unchanged `tools/list` costs one `JSON.stringify` per schema
 * instead of a pass. Holds at most `limit` entries per field; the oldest goes first.
 */
export class SchemaCache {
  readonly #entries: Record<ToolSchemaField, Map<string, ToolSchemaState>> = {
    inputSchema: new Map(),
    outputSchema: new Map(),
  };
  readonly #options: SchemaCacheOptions;
  readonly #limit: number;

  /**
   * @param options Options for the pass and the profile.
   * @param limit How many schemas to remember per field.
   */
  constructor(options: SchemaCacheOptions, limit: number) {
    this.#options = options;
    this.#limit = limit;
  }

  /**
   * What a schema becomes, from the cache or from the pass.
   *
   * @param field Which schema of the tool it is.
   * @param schema The schema as listed.
   * @returns Its state. Throws what the pass throws other than `ToolSchemaError`, and a
   *   `RangeError` for a value too deep or too large to serialize.
   */
  get(field: ToolSchemaField, schema: JsonSchema): ToolSchemaState {
    const source = JSON.stringify(schema);
    const entries = this.#entries[field];
    const known = entries.get(source);
    if (known !== undefined) return known;
    const { pass, profile } = this.#options;
    const result = rewriteToolSchema(field, schema, pass, profile);
    // The state keeps its own copy, never a value of the caller's message.
    const output = result.error === undefined ? result.schema : (JSON.parse(source) as JsonSchema);
    const state: ToolSchemaState = {
      source,
      schema: deepFreeze(output),
      changed: result.error === undefined && JSON.stringify(output) !== source,
      diagnostics: deepFreeze(result.diagnostics),
      error: result.error,
      codec: result.codec === undefined ? undefined : deepFreeze(result.codec),
      violations: deepFreeze(result.violations),
    };
    if (entries.size >= this.#limit) {
      const oldest = entries.keys().next();
      if (oldest.done !== true) entries.delete(oldest.value);
    }
    entries.set(source, state);
    return state;
  }
}
