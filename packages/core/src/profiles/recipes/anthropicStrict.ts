import { STRICT_FORMATS } from '../../providerRules/anthropicRules.ts';
import type { Recipe } from '../recipe.ts';
import { STRICT_JSON_SCHEMA } from '../recipe.ts';

/**
 * Claude tools with `strict: true`: objects closed, no recursion, no numeric or string-length
 * constraints, `minItems` 0 or 1 only, a format allowlist, regexes without lookaround or
 * backreferences. Source: https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations.
 * Optional properties stay optional (the API takes them): made required and nullable, each would
 * spend one of a request's 16 union parameters instead of one of its 24 optional ones (same page,
 * "complexity limits"). A nullable object, array or constrained scalar is an `anyOf` with `{ type: "null" }`,
 * not a `type` list: the SDKs' own strict transform (`@anthropic-ai/sdk`
 * `lib/transform-json-schema.ts`, applied by its tool and output helpers) reads `properties`,
 * `items` and `format` only beside a single `type` and moves them into the description otherwise.
 */
export const anthropicStrict: Recipe = {
  ...STRICT_JSON_SCHEMA,
  profile: 'anthropic-strict',
  allRequired: false,
  nullAsBranch: true,
  enumValues: 'any',
  keywords: new Set(['pattern', 'format', 'minItems']),
  formats: STRICT_FORMATS,
  maxMinItems: 1,
  regex: 'linear',
};
