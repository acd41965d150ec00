import type { Recipe } from '../recipe.ts';
import { STRICT_JSON_SCHEMA } from '../recipe.ts';
import { OPENAI_FORMATS } from './openaiStrict.ts';

/**
 * The formats Claude's strict tools support: OpenAI's and `uri`.
 * Source: https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations
 */
export const ANTHROPIC_FORMATS: ReadonlySet<string> = new Set([...OPENAI_FORMATS, 'uri']);

/**
 * Claude tools with `strict: true`: objects closed, no recursion, no numeric or string-length
 * constraints, `minItems` 0 or 1 only, a format allowlist, regexes without lookaround or
 * backreferences. Source: https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations.
 * Every property is made required: the per-request limit of 24 optional parameters then never
 * applies.
 */
export const anthropicStrict: Recipe = {
  ...STRICT_JSON_SCHEMA,
  profile: 'anthropic-strict',
  enumValues: 'any',
  keywords: new Set(['pattern', 'format', 'minItems']),
  formats: ANTHROPIC_FORMATS,
  maxMinItems: 1,
  simpleRegex: true,
};
