import { PROFILES, type Profile } from '@toolschema/core';
import { UsageError } from '../CliError/index.ts';

/** Help text of `--profile`, for the commands that take one profile. */
export const PROFILE_OPTION_HELP = `  --profile NAME      rewrite each tool input for one provider: ${PROFILES.join(', ')}`;

function isProfile(value: string): value is Profile {
  return (PROFILES as readonly string[]).includes(value);
}

/**
 * Reads a `--profile` value. Throws a {@link UsageError} listing the profiles for an unknown one.
 *
 * @param value The raw value, or `undefined` when the option was not given.
 * @returns The profile, or `undefined` when the option was not given.
 */
export function parseProfile(value: string | undefined): Profile | undefined {
  if (value === undefined) return undefined;
  if (isProfile(value)) return value;
  throw new UsageError(`unknown profile '${value}' (profiles: ${PROFILES.join(', ')})`);
}

/**
 * Reads a comma-separated list of profiles (`--profile a,b`), in the order given, each once.
 * Throws a {@link UsageError} listing the profiles for an unknown or empty entry.
 *
 * @param value The raw value.
 * @returns The profiles.
 */
export function parseProfileList(value: string): Profile[] {
  const profiles: Profile[] = [];
  for (const name of value.split(',')) {
    const profile = parseProfile(name.trim());
    if (profile !== undefined && !profiles.includes(profile)) profiles.push(profile);
  }
  return profiles;
}
