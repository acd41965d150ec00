import type { ToolReport } from '@toolschema/mcp';
import { type RewriteOptions, rewriteTool } from '@toolschema/mcp';
import { countSchemaRefs } from '../countSchemaRefs/index.ts';

/** One row of `toolschema inspect`: what the pass does to one tool. */
export interface ToolSummary extends ToolReport {
  /** Bytes of compact JSON of `inputSchema` plus `outputSchema`, as the server sent them. */
  bytesBefore: number;
  /** The same after the pass. */
  bytesAfter: number;
  /** `$ref`s in schema positions of both schemas, as the server sent them. */
  refs: number;
  /** `$ref`s left in the output: references that close a cycle (or that the budget kept). */
  cyclesKept: number;
}

const SCHEMA_FIELDS = ['inputSchema', 'outputSchema'] as const;

function schemaBytes(tool: Record<string, unknown>): number {
  let bytes = 0;
  for (const field of SCHEMA_FIELDS) {
    const schema = tool[field];
    if (Object.hasOwn(tool, field) && schema !== undefined) {
      bytes += Buffer.byteLength(JSON.stringify(schema), 'utf8');
    }
  }
  return bytes;
}

function schemaRefs(tool: Record<string, unknown>): number {
  let refs = 0;
  for (const field of SCHEMA_FIELDS) {
    if (Object.hasOwn(tool, field)) refs += countSchemaRefs(tool[field]);
  }
  return refs;
}

/**
 * Measures what the pass does to one tool definition.
 *
 * @param tool A tool from a `tools/list` result.
 * @param options Options for the pass.
 * @returns The tool's row.
 */
export function summarizeTool(
  tool: Record<string, unknown>,
  options: RewriteOptions = {},
): ToolSummary {
  const rewritten = rewriteTool(tool, options);
  return {
    name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
    bytesBefore: schemaBytes(tool),
    bytesAfter: schemaBytes(rewritten.tool),
    refs: schemaRefs(tool),
    cyclesKept: schemaRefs(rewritten.tool),
    diagnostics: rewritten.diagnostics,
    errors: rewritten.errors,
  };
}
