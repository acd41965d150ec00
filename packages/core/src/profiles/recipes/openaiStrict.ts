import {
  OPENAI_STRICT_ENUM_LIMITS,
  OPENAI_STRICT_LIMITS,
  STRICT_FORMATS,
} from '../../providerRules/openaiRules.ts';
import type { Recipe } from '../recipe.ts';
import { STRICT_JSON_SCHEMA } from '../recipe.ts';

/**
 * OpenAI function calling with `strict: true` (Structured Outputs): every object closed, every
 * property required (optional ones as a union with null), a subset of the keywords, 10 levels of
 * nesting. Source: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 * and https://platform.openai.com/docs/guides/function-calling#strict-mode. `minLength` and
 * `maxLength` are refused only for fine-tuned models, so they stay.
 */
export const openaiStrict: Recipe = {
  ...STRICT_JSON_SCHEMA,
  profile: 'openai-strict',
  enumValues: 'any',
  keywords: new Set([
    'pattern',
    'format',
    'minLength',
    'maxLength',
    'multipleOf',
    'maximum',
    'exclusiveMaximum',
    'minimum',
    'exclusiveMinimum',
    'minItems',
    'maxItems',
  ]),
  formats: STRICT_FORMATS,
  regex: 'no-lookaround',
  maxObjectDepth: OPENAI_STRICT_LIMITS.nesting,
  maxProperties: OPENAI_STRICT_LIMITS.properties,
  enumLimits: OPENAI_STRICT_ENUM_LIMITS,
};
