import type { Recipe } from '../recipe.ts';
import { JSON_SCHEMA_ANNOTATIONS } from '../recipe.ts';
import { OPENAI_FORMATS } from './openaiStrict.ts';

/**
 * One wire schema for every JSON Schema profile at once (`openai`, `openai-strict`,
 * `gemini-json-schema`, `anthropic`, `anthropic-strict`): the strictest rule of each. Objects
 * closed and every property required (OpenAI strict), no recursion and no bounds (Anthropic
 * strict), OpenAI's formats (a subset of Anthropic's), 10 levels (OpenAI), enum values strings or
 * numbers (Gemini `parametersJsonSchema`).
 */
export const portable: Recipe = {
  profile: 'portable',
  rootOnly: false,
  objects: 'closed',
  allRequired: true,
  typelessAsJson: true,
  nullStyle: 'null-type',
  enumValues: 'string-number',
  tuplesAsItems: true,
  keywords: new Set(['pattern', 'format', 'minItems']),
  annotations: JSON_SCHEMA_ANNOTATIONS,
  formats: OPENAI_FORMATS,
  maxMinItems: 1,
  simpleRegex: true,
  maxObjectDepth: 10,
  noEmptyProperties: false,
  unrollLevels: 3,
};
