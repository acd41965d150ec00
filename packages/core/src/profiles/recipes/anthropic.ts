import type { Recipe } from '../recipe.ts';
import { portable } from './portable.ts';

/**
 * Claude tools without `strict`: `input_schema` must be valid JSON Schema 2020-12 with
 * `type: "object"` at the root and no `oneOf`, `anyOf` or `allOf` there.
 * Source: https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools
 */
export const anthropic: Recipe = {
  ...portable,
  profile: 'anthropic',
  rootOnly: true,
  // Tools without `strict` take lookaround (tombii/better-ccflare#357, 2026-07: the same request
  // "works fine on anthropic accounts"); the regex subset is strict mode's.
  regex: 'any',
};
