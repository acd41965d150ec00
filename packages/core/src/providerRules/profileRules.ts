import type { Profile, Violation } from '../types/index.ts';
import { PROFILES as PROFILE_NAMES } from '../types/index.ts';
import { ANTHROPIC_RULES, ANTHROPIC_STRICT_RULES } from './anthropicRules.ts';
import { GEMINI_JSON_SCHEMA_RULES, GEMINI_RULES } from './geminiRules.ts';
import { MCP_RULES } from './mcpRules.ts';
import { OPENAI_RULES, OPENAI_STRICT_RULES } from './openaiRules.ts';
import type { SchemaRule } from './SchemaRule.ts';

/** The JSON Schema profiles `portable` satisfies at once. */
export const PORTABLE_PROFILES = [
  'openai',
  'openai-strict',
  'gemini-json-schema',
  'anthropic',
  'anthropic-strict',
] as const satisfies readonly Profile[];

const BY_PROFILE: Readonly<Record<Exclude<Profile, 'portable'>, readonly SchemaRule[]>> = {
  mcp: MCP_RULES,
  openai: OPENAI_RULES,
  'openai-strict': OPENAI_STRICT_RULES,
  gemini: GEMINI_RULES,
  'gemini-json-schema': GEMINI_JSON_SCHEMA_RULES,
  anthropic: ANTHROPIC_RULES,
  'anthropic-strict': ANTHROPIC_STRICT_RULES,
};

/** `portable`: every rule of the five JSON Schema profiles, each once (strict profiles include their base). */
const PORTABLE_RULES: readonly SchemaRule[] = [
  ...new Set(PORTABLE_PROFILES.flatMap((profile) => BY_PROFILE[profile])),
];

/**
 * The rules a profile applies, or `undefined` for a value that names no profile.
 *
 * @param profile The profile.
 * @returns Its rules.
 */
export function rulesOf(profile: unknown): readonly SchemaRule[] | undefined {
  if (profile === 'portable') return PORTABLE_RULES;
  if (typeof profile !== 'string' || !Object.hasOwn(BY_PROFILE, profile)) return undefined;
  return BY_PROFILE[profile as Exclude<Profile, 'portable'>];
}

/**
 * The violation for a value that names no profile.
 *
 * @param profile The value given as a profile.
 * @returns One `profile-unknown` error.
 */
export function unknownProfile(profile: unknown): Violation {
  const named = typeof profile === 'string' ? JSON.stringify(profile) : typeof profile;
  return {
    rule: 'profile-unknown',
    pointer: '',
    message: `Unknown profile ${named}; the profiles are ${[...PROFILE_NAMES].join(', ')}.`,
    severity: 'error',
  };
}
