import { checkProviderSchema, type Profile, type Violation } from '@toolschema/core';
import { type RewriteOptions, rewriteTool } from '@toolschema/mcp';
import { countJsonTokens } from '../countTokens/index.ts';

/** One row of `toolschema check`: one tool under one profile. */
export interface CheckRow {
  /** The tool's name (`(unnamed)` when it has none). */
  tool: string;
  /** The provider profile. */
  profile: Profile;
  /** Whether the provider accepts the input schema as the server listed it. */
  acceptedAsListed: boolean;
  /** Whether it accepts the input schema toolschema makes for the profile. */
  acceptedAfter: boolean;
  /** The rules (severity `error`) the schema toolschema makes still breaks. */
  remaining: Violation[];
  /** The pass's error when it refused the schema (then it was checked as listed). */
  error?: string;
  /** Tokens of the tool as the provider would receive it (name, description, input schema) as listed. */
  tokensBefore: number;
  /** The same with the input schema toolschema makes for the profile. */
  tokensAfter: number;
}

/** The part of a tool a provider receives: its name, description and input schema. */
function providerView(
  tool: Record<string, unknown>,
  inputSchema: unknown,
): Record<string, unknown> {
  return {
    ...(Object.hasOwn(tool, 'name') ? { name: tool.name } : {}),
    ...(Object.hasOwn(tool, 'description') ? { description: tool.description } : {}),
    inputSchema,
  };
}

function isErrorOf(violation: Violation): boolean {
  return violation.severity === 'error';
}

/** A tool checked under one profile: its row, and both input schemas that were checked. */
export interface CheckedTool {
  /** The tool's row. */
  row: CheckRow;
  /** The input schema as listed (`{ "type": "object" }` for a tool without one). */
  listed: unknown;
  /** The input schema toolschema makes for the profile. */
  wire: unknown;
}

/**
 * Checks one tool against one provider profile: its input schema as listed, and as toolschema
 * rewrites it for the profile (`toProviderSchema`), with its size in tokens before and after.
 * A tool without an input schema is taken as `{ "type": "object" }`, what MCP means by none.
 *
 * @param tool A tool from a `tools/list` result.
 * @param profile The provider profile.
 * @param options Options for the pass.
 * @returns The tool's row for the profile, with the schemas it judged.
 */
export function checkTool(
  tool: Record<string, unknown>,
  profile: Profile,
  options: RewriteOptions = {},
): CheckedTool {
  const listed = Object.hasOwn(tool, 'inputSchema') ? tool.inputSchema : { type: 'object' };
  const rewritten = rewriteTool({ ...tool, inputSchema: listed }, options, profile);
  const wire = rewritten.tool.inputSchema;
  const [error] = rewritten.errors;
  const row: CheckRow = {
    tool: toolName(tool),
    profile,
    acceptedAsListed: !checkProviderSchema(listed, profile).some(isErrorOf),
    acceptedAfter: rewritten.violations.length === 0,
    remaining: rewritten.violations,
    ...(error === undefined ? {} : { error }),
    tokensBefore: countJsonTokens(providerView(tool, listed), `tool '${toolName(tool)}' as listed`),
    tokensAfter: countJsonTokens(
      providerView(tool, wire),
      `tool '${toolName(tool)}' for ${profile}`,
    ),
  };
  return { row, listed, wire };
}

/**
 * The name a row gives a tool.
 *
 * @param tool A tool from a `tools/list` result.
 * @returns Its name, or `(unnamed)` when it has none.
 */
export function toolName(tool: Record<string, unknown>): string {
  return typeof tool.name === 'string' ? tool.name : '(unnamed)';
}
