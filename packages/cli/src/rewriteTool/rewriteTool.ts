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

/** Whether a value can be handed to the pass as a JSON Schema (an object or a boolean). */
function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null);
}

/**
 * Makes one MCP tool definition's schemas self-contained: `inputSchema` with `root: 'object'`
 * (MCP requires an object root for arguments; the pass falls back to a permissive object rather
 * than throw, since the schema comes from a server we do not control), `outputSchema` with any
 * root. Every other field of the tool is kept as it is.
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
  const fields: [ToolSchemaField, DereferenceOptions][] = [
    ['inputSchema', { ...options, root: 'object' }],
    ['outputSchema', { ...options }],
  ];
  for (const [field, passOptions] of fields) {
    const schema = tool[field];
    if (!Object.hasOwn(tool, field) || !isSchema(schema)) continue;
    try {
      const result = dereference(schema, passOptions);
      rewritten[field] = result.schema;
      for (const diagnostic of result.diagnostics)
        diagnostics.push({ schema: field, ...diagnostic });
    } catch (error) {
      // What the pass refuses is reported; anything else is a bug and keeps its stack.
      if (!(error instanceof ToolSchemaError)) throw error;
      errors.push(`${field}: ${error.message}`);
    }
  }
  return { tool: rewritten, diagnostics, errors };
}
