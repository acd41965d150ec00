import type { Profile } from '../../types/index.ts';
import type { Recipe } from '../recipe.ts';
import { anthropic } from './anthropic.ts';
import { anthropicStrict } from './anthropicStrict.ts';
import { gemini } from './gemini.ts';
import { geminiJsonSchema } from './geminiJsonSchema.ts';
import { openai } from './openai.ts';
import { openaiStrict } from './openaiStrict.ts';
import { portable } from './portable.ts';

/** The recipe of every profile that rewrites (all but `mcp`). */
export const RECIPES: Readonly<Record<Exclude<Profile, 'mcp'>, Recipe>> = {
  portable,
  openai,
  'openai-strict': openaiStrict,
  gemini,
  'gemini-json-schema': geminiJsonSchema,
  anthropic,
  'anthropic-strict': anthropicStrict,
};
