import { rulesOf, unknownProfile } from '../providerRules/profileRules.ts';
import { runRules } from '../providerRules/SchemaRule.ts';
import { readSchemaDocument } from '../providerRules/schemaDocument.ts';
import type { Profile, Violation } from '../types/index.ts';
import { inputError } from '../utils/jsonValue.ts';

/**
 * Checks a tool's input schema against the documented rules of a provider profile. Each
 * violation names a stable rule (the rule table is in the package README, every rule with its
 * source), an RFC 6901 pointer into `schema`, and a severity: `'error'` where the provider
 * refuses the schema, `'warning'` where it ignores a keyword or treats it as best effort.
 * `portable` applies the rules of `openai`, `openai-strict`, `gemini-json-schema`, `anthropic`
 * and `anthropic-strict` at once.
 *
 * Total on JSON whose arrays hold at most 16,777,216 items: any such value `JSON.parse` returns
 * (a schema, a boolean, anything else), never a throw, work linear in the input, no recursion.
 * The schema is read, never changed. A JavaScript
 * value whose reading throws (a getter, a revoked Proxy), and an array the schema holds past
 * 16,777,216 items (as in `dereference`: a JavaScript array may claim 2³² − 1 items and hold
 * none), is a `ToolSchemaError` `invalid-schema` with the pointer of its place.
 *
 * @param schema The schema a provider would receive.
 * @param profile The profile to check against.
 * @returns The violations, in document order; `[]` when the provider accepts the schema as is.
 * An unknown profile gives one `profile-unknown` error.
 */
export function checkProviderSchema(schema: unknown, profile: Profile): Violation[] {
  const rules = rulesOf(profile);
  if (rules === undefined) {
    return [unknownProfile(profile)];
  }
  try {
    return runRules(readSchemaDocument(schema), rules);
  } catch (error) {
    // JSON holds no getter or Proxy: a value whose reading throws is refused as the pass refuses it.
    throw inputError(error, '');
  }
}
