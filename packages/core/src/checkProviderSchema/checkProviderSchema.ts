import { rulesOf, unknownProfile } from '../providerRules/profileRules.ts';
import { runRules } from '../providerRules/SchemaRule.ts';
import { readSchemaDocument } from '../providerRules/schemaDocument.ts';
import type { Profile, Violation } from '../types/index.ts';

/**
 * Checks a tool's input schema against the documented rules of a provider profile. Each
 * violation names a stable rule (the rule table is in the package README, every rule with its
 * source), an RFC 6901 pointer into `schema`, and a severity: `'error'` where the provider
 * refuses the schema, `'warning'` where it ignores a keyword or treats it as best effort.
 * `portable` applies the rules of `openai`, `openai-strict`, `gemini-json-schema`, `anthropic`
 * and `anthropic-strict` at once.
 *
 * Total: any value in (a schema, a boolean, anything `JSON.parse` returns), never a throw, work
 * linear in the input, no recursion. The schema is read, never changed.
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
  return runRules(readSchemaDocument(schema), rules);
}
