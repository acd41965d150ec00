import type { Profile, Violation } from '@toolschema/core';
import type { ToolReport } from '@toolschema/mcp';
import { type RewriteOptions, rewriteTool } from '@toolschema/mcp';
import { compactJson } from '../compactJson/index.ts';
import { countSchemaRefs } from '../countSchemaRefs/index.ts';

/** One row of `toolschema inspect`: what the pass does to one tool. */
export interface ToolSummary extends Pick<ToolReport, 'name' | 'diagnostics' | 'errors'> {
  /** Bytes of compact JSON of `inputSchema` plus `outputSchema`, as the server sent them. */
  bytesBefore: number;
  /** The same after the pass. */
  bytesAfter: number;
  /** `$ref`s in schema positions of both schemas, as the server sent them. */
  refs: number;
  /** `$ref`s left in the output: references that close a cycle (or that the budget kept). */
  cyclesKept: number;
  /** With a profile: whether the provider accepts the input schema the profile made. */
  profile?: ProfileVerdict;
}

/** Whether a provider accepts a tool after its profile's rewrite. */
export interface ProfileVerdict {
  /** The profile. */
  name: Profile;
  /** Whether the wire schema breaks no rule with severity `error`. */
  accepted: boolean;
  /** The rules it still breaks with severity `error`. */
  violations: Violation[];
}

const SCHEMA_FIELDS = ['inputSchema', 'outputSchema'] as const;

function schemaBytes(tool: Record<string, unknown>): number {
  let bytes = 0;
  for (const field of SCHEMA_FIELDS) {
    const schema = tool[field];
    if (Object.hasOwn(tool, field) && schema !== undefined) {
      // Without recursion: a schema too deep for JSON.stringify still has a size.
      bytes += Buffer.byteLength(compactJson(schema) ?? '', 'utf8');
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
 * @param profile A provider profile for the input schema: the row then measures its wire schema
 *   and says whether the provider accepts it.
 * @returns The tool's row.
 */
export function summarizeTool(
  tool: Record<string, unknown>,
  options: RewriteOptions = {},
  profile?: Profile,
): ToolSummary {
  const rewritten = rewriteTool(tool, options, profile);
  const verdict: ProfileVerdict | undefined =
    profile === undefined
      ? undefined
      : {
          name: profile,
          accepted: rewritten.violations.length === 0,
          violations: rewritten.violations,
        };
  return {
    name: typeof tool.name === 'string' ? tool.name : '(unnamed)',
    bytesBefore: schemaBytes(tool),
    bytesAfter: schemaBytes(rewritten.tool),
    refs: schemaRefs(tool),
    cyclesKept: schemaRefs(rewritten.tool),
    diagnostics: rewritten.diagnostics,
    errors: rewritten.errors,
    ...(verdict === undefined ? {} : { profile: verdict }),
  };
}
