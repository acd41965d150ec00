import type { Recipe } from '../recipe.ts';
import { portable } from './portable.ts';

/**
 * OpenAI function calling with `strict: false`: any JSON Schema, but the root must be an object
 * (`type: "object"`, not a combinator) and `$schema` is refused.
 * Source: https://platform.openai.com/docs/guides/function-calling#defining-functions
 */
export const openai: Recipe = {
  ...portable,
  profile: 'openai',
  rootOnly: true,
  // "Invalid JSON schema: regex lookaround is not supported. Found at $.properties.email.pattern."
  // without `strict` too (decolua/9router#1556, 2026-05; anomalyco/opencode#32073, 2026-06).
  regex: 'no-lookaround',
};
