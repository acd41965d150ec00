import type { Recipe } from '../recipe.ts';
import { JSON_SCHEMA_ANNOTATIONS } from '../recipe.ts';

/**
 * Gemini `FunctionDeclaration.parametersJsonSchema`: JSON Schema, recursion only through
 * optional properties and `$ref` without siblings, so cycles are unrolled; keywords off its list
 * are ignored, not refused, so the
 * ones without subschemas stay (the others, which could hold a cycle, move into the description).
 * Source: https://ai.google.dev/api/caching#FunctionDeclaration and
 * https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support
 */
export const geminiJsonSchema: Recipe = {
  profile: 'gemini-json-schema',
  rootOnly: false,
  objects: 'keep',
  allRequired: false,
  typelessAsJson: false,
  nullStyle: 'null-type',
  nullAsBranch: false,
  enumValues: 'string-number',
  tuplesAsItems: false,
  keywords: new Set([
    'format',
    'pattern',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minItems',
    'maxItems',
    'uniqueItems',
    'minProperties',
    'maxProperties',
    'dependentRequired',
  ]),
  annotations: JSON_SCHEMA_ANNOTATIONS,
  regex: 'any',
  noEmptyProperties: false,
  unrollLevels: 3,
};
