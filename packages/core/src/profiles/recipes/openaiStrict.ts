import type { Recipe } from '../recipe.ts';
import { JSON_SCHEMA_ANNOTATIONS } from '../recipe.ts';

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
  profile: 'openai-strict',
  rootOnly: false,
  objects: 'closed',
  allRequired: true,
  typelessAsJson: true,
  nullStyle: 'null-type',
  enumValues: 'any',
  tuplesAsItems: true,
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
  annotations: JSON_SCHEMA_ANNOTATIONS,
  formats: OPENAI_FORMATS,
  simpleRegex: false,
  maxObjectDepth: 10,
  noEmptyProperties: false,
  unrollLevels: 3,
};
