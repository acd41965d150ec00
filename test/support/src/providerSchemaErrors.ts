import { checkProviderSchema, type Profile } from '@toolschema/core';

/** The profiles whose rules `portable` must satisfy: every JSON Schema profile at once. */
export const PORTABLE_PROFILE_CHECKS: readonly Profile[] = [
  'openai',
  'openai-strict',
  'gemini-json-schema',
  'anthropic',
  'anthropic-strict',
];

/**
 * The error rules a wire schema breaks under a profile, as `rule at pointer` (`portable`: under
 * each of {@link PORTABLE_PROFILE_CHECKS}, in that order).
 *
 * @param wire The wire schema, as it would be sent.
 * @param profile The profile.
 * @returns One entry per error-severity violation; empty when the profile takes the schema.
 */
export function providerSchemaErrors(wire: unknown, profile: Profile): string[] {
  const checks = profile === 'portable' ? PORTABLE_PROFILE_CHECKS : [profile];
  return checks.flatMap((check) =>
    checkProviderSchema(wire, check)
      .filter((violation) => violation.severity === 'error')
      .map((violation) => `${violation.rule} at ${violation.pointer}`),
  );
}

/**
 * A copy without object properties whose value is `null`, at any depth: what arguments compare
 * as where a profile merged absent and null into one wire value.
 *
 * @param value A JSON value.
 * @returns The copy.
 */
export function withoutNullProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullProperties);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, item]) => item !== null);
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutNullProperties(item)]));
}
