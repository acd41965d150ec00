import {
  type Codec,
  checkProviderSchema,
  type DereferenceOptions,
  type Diagnostic,
  dereference,
  type JsonSchema,
  type Profile,
  type ProviderSchemaOptions,
  ToolSchemaError,
  toProviderSchema,
  type Violation,
} from '@toolschema/core';

/** Which schema of a tool a diagnostic is about. */
export type ToolSchemaField = 'inputSchema' | 'outputSchema';

/** A diagnostic of the pass, tagged with the tool schema it came from. */
export interface ToolDiagnostic extends Diagnostic {
  /** `inputSchema` or `outputSchema`. */
  schema: ToolSchemaField;
}

/**
 * Options of {@link rewriteTool}: the pass options, except `root`, which is set per schema, and
 * `repair`: the input schema then gets a codec, with or without a profile, that marks where it
 * wants an object or an array (`toProviderSchema`'s `repair`).
 */
export type RewriteOptions = ProviderSchemaOptions;

/** What {@link rewriteTool} returns. */
export interface RewrittenTool {
  /** A copy of the tool with self-contained schemas; the input tool is not changed. */
  tool: Record<string, unknown>;
  /** The diagnostics of both passes, input schema first. */
  diagnostics: ToolDiagnostic[];
  /**
   * The pass's `ToolSchemaError`s (for example with `cycles: 'throw'`), one line each. The
   * schema that threw is left as the server sent it.
   */
  errors: string[];
  /** With a profile or `repair`: the codec of the input schema (see {@link RewrittenToolSchema.codec}). */
  codec: Codec | undefined;
  /** With a profile: the refusals left on the input schema (see {@link RewrittenToolSchema}). */
  violations: Violation[];
}

/** What the pass made of one schema of a tool: see {@link rewriteToolSchema}. */
export interface RewrittenToolSchema {
  /** The self-contained schema, or the schema as it came when the pass refused it. */
  schema: JsonSchema;
  /** The pass's diagnostics, tagged with the field. */
  diagnostics: ToolDiagnostic[];
  /** `field: message` of the `ToolSchemaError` when the pass refused the schema. */
  error: string | undefined;
  /**
   * With a profile or `repair`, for an input schema the pass took: the codec that maps the
   * model's arguments back to the listed shape (`decodeArguments`). Else `undefined`.
   */
  codec: Codec | undefined;
  /**
   * With a profile, for an input schema: the provider's refusals (`checkProviderSchema` with
   * severity `error`) that remain on {@link RewrittenToolSchema.schema}; `[]` when the provider
   * accepts it, and always without a profile.
   */
  violations: Violation[];
}

/** The fields of a tool that hold a schema, in the order they are rewritten. */
export const TOOL_SCHEMA_FIELDS: readonly ToolSchemaField[] = ['inputSchema', 'outputSchema'];

/**
 * Whether a value can be handed to the pass as a JSON Schema (an object or a boolean).
 *
 * @param value A tool's field.
 * @returns Whether it is a schema.
 */
export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null);
}

/**
 * Runs the pass over one schema of a tool: `inputSchema` with `root: 'object'` (MCP requires an
 * object root for arguments; the pass falls back to a permissive object rather than throw, since
 * the schema comes from a server we do not control), `outputSchema` with any root and, unless
 * the options say otherwise, `foreignPatterns: 'drop'`: MCP SDK clients compile every output
 * schema with Ajv (patterns with the `u` flag), and one they cannot compile costs the SDK v1
 * client every tool of the server (`listTools` throws) and the v2 client every call of the tool;
 * left out, the client checks results without that pattern. Both schemas get `rootId: 'drop'`
 * unless the options say otherwise: the SDK's validator compiles one schema per `$id` and reuses
 * it, so two tools that share an `$id`, or a tool listed again after it changed, would be judged
 * by the first schema it saw. With a
 * profile, the input schema becomes the profile's wire schema (`toProviderSchema`) with its codec,
 * and is checked against the profile's rules; the output schema is not the model's to fill, so it
 * gets the plain pass. A `ToolSchemaError` (the pass refusing the schema) is reported and the
 * schema kept; any other error is a bug and is thrown with its stack.
 *
 * @param field Which schema it is.
 * @param schema The schema as the server listed it.
 * @param options Options for the pass.
 * @param profile The provider profile for the input schema, if any.
 * @returns The schema the client should see, with what the pass said.
 */
export function rewriteToolSchema(
  field: ToolSchemaField,
  schema: JsonSchema,
  options: RewriteOptions = {},
  profile?: Profile,
): RewrittenToolSchema {
  const forProfile = profile !== undefined && field === 'inputSchema';
  const { repair = false, ...given } = options;
  const dereferenceOptions: DereferenceOptions = { ...given, rootId: given.rootId ?? 'drop' };
  let output: JsonSchema = schema;
  let diagnostics: Diagnostic[] = [];
  let codec: Codec | undefined;
  let error: string | undefined;
  try {
    if (forProfile || (repair && field === 'inputSchema')) {
      const result = toProviderSchema(schema, profile ?? 'mcp', { ...dereferenceOptions, repair });
      ({ schema: output, diagnostics, codec } = result);
    } else {
      const passOptions: DereferenceOptions =
        field === 'inputSchema'
          ? { ...dereferenceOptions, root: 'object' }
          : {
              ...dereferenceOptions,
              foreignPatterns: dereferenceOptions.foreignPatterns ?? 'drop',
            };
      ({ schema: output, diagnostics } = dereference(schema, passOptions));
    }
  } catch (thrown) {
    if (!(thrown instanceof ToolSchemaError)) throw thrown;
    error = `${field}: ${thrown.message}`;
  }
  return {
    schema: output,
    diagnostics: diagnostics.map((diagnostic) => ({ schema: field, ...diagnostic })),
    error,
    codec,
    violations: forProfile
      ? checkProviderSchema(output, profile).filter((violation) => violation.severity === 'error')
      : [],
  };
}

/**
 * Makes one MCP tool definition's schemas self-contained (see {@link rewriteToolSchema}), and
 * with a profile its input schema the profile's wire schema. Every other field of the tool is
 * kept as it is, and so is a field that holds no schema.
 *
 * @param tool A tool from a `tools/list` result.
 * @param options Options for the pass.
 * @param profile The provider profile for the input schema, if any.
 * @returns The rewritten tool, its diagnostics, errors, codec and the refusals left.
 */
export function rewriteTool(
  tool: Record<string, unknown>,
  options: RewriteOptions = {},
  profile?: Profile,
): RewrittenTool {
  const rewritten: Record<string, unknown> = { ...tool };
  const diagnostics: ToolDiagnostic[] = [];
  const errors: string[] = [];
  let codec: Codec | undefined;
  const violations: Violation[] = [];
  for (const field of TOOL_SCHEMA_FIELDS) {
    const schema = tool[field];
    if (!Object.hasOwn(tool, field) || !isSchema(schema)) continue;
    const result = rewriteToolSchema(field, schema, options, profile);
    rewritten[field] = result.schema;
    for (const diagnostic of result.diagnostics) diagnostics.push(diagnostic);
    if (result.error !== undefined) errors.push(result.error);
    codec ??= result.codec;
    // Loops, not spreads: a schema may break a rule at 200,000 places.
    for (const violation of result.violations) violations.push(violation);
  }
  return { tool: rewritten, diagnostics, errors, codec, violations };
}
