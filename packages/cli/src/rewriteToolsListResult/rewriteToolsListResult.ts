import { type RewriteOptions, rewriteTool, type ToolDiagnostic } from '@toolschema/mcp';
import { isObject } from '../isObject/index.ts';

/** What the pass said about one tool of a `tools/list` result. */
export interface ToolReport {
  /** The tool's `name` (or `(unnamed)` when the server sent none). */
  name: string;
  /** Diagnostics of the pass over its schemas. */
  diagnostics: ToolDiagnostic[];
  /** Errors of the pass; the schema that threw was left unchanged. */
  errors: string[];
}

/** What {@link rewriteToolsListResult} returns. */
export interface RewrittenToolsList {
  /** A copy of the result with every tool's schemas self-contained. */
  result: Record<string, unknown>;
  /** One report per tool that is an object, in list order. */
  reports: ToolReport[];
}

/**
 * Rewrites the `result` of a `tools/list` response: each tool's `inputSchema` and `outputSchema`
 * become self-contained; everything else (`nextCursor`, `_meta`, unknown fields, entries that are
 * not objects) is kept as it is.
 *
 * @param result The `result` member of a `tools/list` response; must carry a `tools` array.
 * @param options Options for the pass.
 * @returns The rewritten result and one report per tool.
 */
export function rewriteToolsListResult(
  result: Record<string, unknown> & { tools: unknown[] },
  options: RewriteOptions = {},
): RewrittenToolsList {
  const reports: ToolReport[] = [];
  const tools = result.tools.map((tool) => {
    if (!isObject(tool)) return tool;
    const rewritten = rewriteTool(tool, options);
    reports.push({
      name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
      diagnostics: rewritten.diagnostics,
      errors: rewritten.errors,
    });
    return rewritten.tool;
  });
  return { result: { ...result, tools }, reports };
}
