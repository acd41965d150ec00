import type { Recipe } from '../recipe.ts';
import { JSON_SCHEMA_ANNOTATIONS } from '../recipe.ts';

/**
 * The formats Claude's strict tools support.
 * Source: https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations
 */
export const ANTHROPIC_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/**
 * Claude tools with `strict: true`: objects closed, no recursion, no numeric or string-length
 * constraints, `minItems` 0 or 1 only, a format allowlist, regexes without lookaround or
 * backreferences. Source: https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations.
 * Every property is made required: the per-request limit of 24 optional parameters then never
 * applies.
 */
export const anthropicStrict: Recipe = {
  profile: 'anthropic-strict',
  rootOnly: false,
  objects: 'closed',
  allRequired: true,
  typelessAsJson: true,
  nullStyle: 'null-type',
  enumValues: 'any',
  tuplesAsItems: true,
  keywords: new Set(['pattern', 'format', 'minItems']),
  annotations: JSON_SCHEMA_ANNOTATIONS,
  formats: ANTHROPIC_FORMATS,
  maxMinItems: 1,
  simpleRegex: true,
  noEmptyProperties: false,
  unrollLevels: 3,
};
