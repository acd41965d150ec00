import {
  OPENAI_STRICT_ENUM_LIMITS,
  OPENAI_STRICT_LIMITS,
  STRICT_FORMATS,
} from '../../providerRules/openaiRules.ts';
import type { Recipe } from '../recipe.ts';
import { anthropicStrict } from './anthropicStrict.ts';

/**
 * One wire schema for every JSON Schema profile at once (`openai`, `openai-strict`,
 * `gemini-json-schema`, `anthropic`, `anthropic-strict`): the strictest rule of each. Objects
 * closed and every property required (OpenAI strict), no recursion and no bounds (Anthropic
 * strict), OpenAI's formats (a subset of Anthropic's), 10 levels (OpenAI), enum values strings or
 * numbers (Gemini `parametersJsonSchema`).
 */
export const portable: Recipe = {
  ...anthropicStrict,
  profile: 'portable',
  allRequired: true,
  enumValues: 'string-number',
  formats: STRICT_FORMATS,
  maxObjectDepth: OPENAI_STRICT_LIMITS.nesting,
  maxProperties: OPENAI_STRICT_LIMITS.properties,
  enumLimits: OPENAI_STRICT_ENUM_LIMITS,
};
