import { rulesOf, unknownProfile } from '../providerRules/profileRules.ts';
import { checkAnthropicStrictRequest } from '../providerRules/requestLimits.ts';
import type { Profile, Violation } from '../types/index.ts';
import { inputError } from '../utils/jsonValue.ts';

/**
 * Checks the limits a provider puts on one request's tools as a whole, which no single schema
 * shows: for `anthropic-strict` (and `portable`, which includes it) at most 20 strict tools, 24
 * optional parameters and 16 parameters with union types (`anyOf` or a type array) across all
 * of them. Other profiles document no such limit. Pointers are RFC 6901 into `tools`
 * (`/3/inputSchema/properties/a`). Check each schema with `checkProviderSchema` as well.
 *
 * Total on JSON whose arrays hold at most 16,777,216 items, never a throw; a JavaScript value whose reading
 * throws (a getter, a revoked Proxy), and an array past 16,777,216 items, is a `ToolSchemaError`
 * `invalid-schema` with the pointer of its place in `tools`.
 *
 * @param tools The tools of one request, each `{ inputSchema }` as MCP lists them.
 * @param profile The profile to check against.
 * @returns The violations; `[]` when the request stays within the limits.
 */
export function checkProviderTools(
  tools: readonly { readonly inputSchema: unknown }[],
  profile: Profile,
): Violation[] {
  if (rulesOf(profile) === undefined) {
    return [unknownProfile(profile)];
  }
  // `portable` includes `anthropic-strict`.
  const strictAnthropic = profile === 'anthropic-strict' || profile === 'portable';
  if (!strictAnthropic) return [];
  try {
    return checkAnthropicStrictRequest(tools);
  } catch (error) {
    // As in `checkProviderSchema`: a value whose reading throws is refused as the pass refuses it.
    throw inputError(error, '');
  }
}
