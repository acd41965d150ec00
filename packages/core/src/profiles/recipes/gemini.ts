import type { Recipe } from '../recipe.ts';

/**
 * Gemini `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset: no `$ref`, no
 * `additionalProperties`, no `const`, `oneOf` or `allOf`, one `type` per node, `nullable`, string
 * enums only, no empty `properties`. Optional properties stay optional.
 * Source: https://ai.google.dev/api/caching#Schema
 */
export const gemini: Recipe = {
  profile: 'gemini',
  rootOnly: false,
  objects: 'no-keyword',
  allRequired: false,
  typelessAsJson: true,
  nullStyle: 'nullable-keyword',
  nullAsBranch: false,
  enumValues: 'string',
  tuplesAsItems: true,
  keywords: new Set([
    'format',
    'minItems',
    'maxItems',
    'minLength',
    'maxLength',
    'pattern',
    'minimum',
    'maximum',
    'minProperties',
    'maxProperties',
  ]),
  annotations: ['title', 'description', 'default'],
  regex: 'any',
  noEmptyProperties: true,
  unrollLevels: 3,
};
