import {
  type DereferenceOptions,
  type Diagnostic,
  dereference,
  type JsonSchema,
  ToolSchemaError,
} from '@toolschema/core';

/** Which schema of a tool a diagnostic is about. */
export type ToolSchemaField = 'inputSchema' | 'outputSchema';

/** A diagnostic of the pass, tagged with the tool schema it came from. */
export interface ToolDiagnostic extends Diagnostic {
  /** `inputSchema` or `outputSchema`. */
  schema: ToolSchemaField;
}

/** Options of {@link rewriteTool}: the pass options, except `root`, which is set per schema. */
export type RewriteOptions = Omit<DereferenceOptions, 'root'>;

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
}

/** What the pass made of one schema of a tool: see {@link rewriteToolSchema}. */
export interface RewrittenToolSchema {
  /** The self-contained schema, or the schema as it came when the pass refused it. */
  schema: JsonSchema;
  /** The pass's diagnostics, tagged with the field. */
  diagnostics: ToolDiagnostic[];
  /** `field: message` of the `ToolSchemaError` when the pass refused the schema. */
  error: string | undefined;
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
 * the schema comes from a server we do not control), `outputSchema` with any root. A
 * `ToolSchemaError` (the pass refusing the schema) is reported and the schema kept; any other
 * error is a bug and is thrown with its stack.
 *
 * @param field Which schema it is.
 * @param schema The schema as the server listed it.
 * @param options Options for the pass.
 * @returns The schema the client should see, with what the pass said.
 */
export function rewriteToolSchema(
  field: ToolSchemaField,
  schema: JsonSchema,
  options: RewriteOptions = {},
): RewrittenToolSchema {
  const passOptions: DereferenceOptions =
    field === 'inputSchema' ? { ...options, root: 'object' } : { ...options };
  try {
    const result = dereference(schema, passOptions);
    return {
      schema: result.schema,
      diagnostics: result.diagnostics.map((diagnostic) => ({ schema: field, ...diagnostic })),
      error: undefined,
    };
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    return { schema, diagnostics: [], error: `${field}: ${error.message}` };
  }
}

/**
 * Makes one MCP tool definition's schemas self-contained (see {@link rewriteToolSchema}). Every
 * other field of the tool is kept as it is, and so is a field that holds no schema.
 *
 * @param tool A tool from a `tools/list` result.
 * @param options Options for the pass.
 * @returns The rewritten tool, its diagnostics and errors.
 */
export function rewriteTool(
  tool: Record<string, unknown>,
  options: RewriteOptions = {},
): RewrittenTool {
  const rewritten: Record<string, unknown> = { ...tool };
  const diagnostics: ToolDiagnostic[] = [];
  const errors: string[] = [];
  for (const field of TOOL_SCHEMA_FIELDS) {
    const schema = tool[field];
    if (!Object.hasOwn(tool, field) || !isSchema(schema)) continue;
    const result = rewriteToolSchema(field, schema, options);
    rewritten[field] = result.schema;
    diagnostics.push(...result.diagnostics);
    if (result.error !== undefined) errors.push(result.error);
  }
  return { tool: rewritten, diagnostics, errors };
}
