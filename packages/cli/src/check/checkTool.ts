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

/**
 * Checks one tool against one provider profile: its input schema as listed, and as toolschema
 * rewrites it for the profile (`toProviderSchema`), with its size in tokens before and after.
 * A tool without an input schema is taken as `{ "type": "object" }`, what MCP means by none.
 *
 * @param tool A tool from a `tools/list` result.
 * @param profile The provider profile.
 * @param options Options for the pass.
 * @returns The tool's row for the profile.
 */
export function checkTool(
  tool: Record<string, unknown>,
  profile: Profile,
  options: RewriteOptions = {},
): CheckRow {
  const listed = Object.hasOwn(tool, 'inputSchema') ? tool.inputSchema : { type: 'object' };
  const rewritten = rewriteTool({ ...tool, inputSchema: listed }, options, profile);
  const [error] = rewritten.errors;
  return {
    tool: typeof tool.name === 'string' ? tool.name : '(unnamed)',
    profile,
    acceptedAsListed: !checkProviderSchema(listed, profile).some(isErrorOf),
    acceptedAfter: rewritten.violations.length === 0,
    remaining: rewritten.violations,
    ...(error === undefined ? {} : { error }),
    tokensBefore: countJsonTokens(providerView(tool, listed)),
    tokensAfter: countJsonTokens(providerView(tool, rewritten.tool.inputSchema)),
  };
}
