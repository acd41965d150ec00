import type { Recipe } from '../recipe.ts';
import { STRICT_JSON_SCHEMA } from '../recipe.ts';

/**
 * The formats OpenAI Structured Outputs supports.
 * Source: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas
 */
export const OPENAI_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

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
  formats: OPENAI_FORMATS,
  simpleRegex: false,
  maxObjectDepth: 10,
};
