import { describeValue, keywordPointer, type SchemaRule, schemaAt } from './SchemaRule.ts';

type Shape = (value: unknown) => boolean;

const isString: Shape = (value) => typeof value === 'string';
const isNumber: Shape = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean: Shape = (value) => typeof value === 'boolean';
const isArray: Shape = (value) => Array.isArray(value);
const isCount: Shape = (value) => Number.isInteger(value) && (value as number) >= 0;
const isMap: Shape = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isSchema: Shape = (value) => typeof value === 'boolean' || isMap(value);
const isSchemaList: Shape = (value) =>
  Array.isArray(value) && value.length > 0 && value.every(isSchema);
const isSchemaMap: Shape = (value) =>
  isMap(value) && Object.values(value as object).every(isSchema);
const isUniqueStrings: Shape = (value) =>
  Array.isArray(value) && value.every(isString) && new Set(value).size === value.length;
// The 2020-12 core meta-schema: "Non-empty fragments not allowed." in an $id, and an anchor is a
// plain name (https://json-schema.org/draft/2020-12/meta/core).
const isIdWithoutFragment: Shape = (value) => typeof value === 'string' && /^[^#]*#?$/.test(value);
const isAnchorName: Shape = (value) =>
  typeof value === 'string' && /^[A-Za-z_][-A-Za-z0-9._]*$/.test(value);
const ANCHOR_NAME = 'a plain name (a letter or _, then letters, digits, -, _ or .)';
const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const isTypeName: Shape = (value) => typeof value === 'string' && TYPE_NAMES.has(value);
/**
 * Whether a `type` value is one the 2020-12 meta-schema allows: a JSON type name, or an array of
 * distinct ones.
 *
 * @param value The value of a `type` keyword.
 * @returns Whether it names JSON types only.
 */
export const isType: Shape = (value) =>
  isTypeName(value) ||
  (Array.isArray(value) &&
    value.length > 0 &&
    value.every(isTypeName) &&
    new Set(value).size === value.length);

/**
 * The value each 2020-12 keyword takes, from the draft 2020-12 meta-schemas
 * (https://json-schema.org/draft/2020-12/schema and its vocabularies, with the `definitions` and
 * `dependencies` it keeps for older schemas). Unknown keywords are annotations: any value.
 */
const SHAPES = new Map<string, [Shape, string]>([
  ['$id', [isIdWithoutFragment, 'a URI without a fragment']],
  ['$schema', [isString, 'a string']],
  ['$ref', [isString, 'a string']],
  ['$anchor', [isAnchorName, ANCHOR_NAME]],
  ['$dynamicRef', [isString, 'a string']],
  ['$dynamicAnchor', [isAnchorName, ANCHOR_NAME]],
  ['$comment', [isString, 'a string']],
  ['$defs', [isSchemaMap, 'an object of schemas']],
  ['definitions', [isSchemaMap, 'an object of schemas']],
  ['$vocabulary', [isMap, 'an object']],
  ['allOf', [isSchemaList, 'a non-empty array of schemas']],
  ['anyOf', [isSchemaList, 'a non-empty array of schemas']],
  ['oneOf', [isSchemaList, 'a non-empty array of schemas']],
  ['prefixItems', [isSchemaList, 'a non-empty array of schemas']],
  ['not', [isSchema, 'a schema']],
  ['if', [isSchema, 'a schema']],
  ['then', [isSchema, 'a schema']],
  ['else', [isSchema, 'a schema']],
  ['items', [isSchema, 'a schema (tuples are `prefixItems` in 2020-12)']],
  ['contains', [isSchema, 'a schema']],
  ['additionalProperties', [isSchema, 'a schema']],
  ['propertyNames', [isSchema, 'a schema']],
  ['unevaluatedItems', [isSchema, 'a schema']],
  ['unevaluatedProperties', [isSchema, 'a schema']],
  ['contentSchema', [isSchema, 'a schema']],
  ['properties', [isSchemaMap, 'an object of schemas']],
  ['patternProperties', [isSchemaMap, 'an object of schemas']],
  ['dependentSchemas', [isSchemaMap, 'an object of schemas']],
  ['type', [isType, 'a type name or an array of distinct type names']],
  ['enum', [isArray, 'an array']],
  ['multipleOf', [(value) => isNumber(value) && (value as number) > 0, 'a number above 0']],
  ['maximum', [isNumber, 'a number']],
  ['exclusiveMaximum', [isNumber, 'a number']],
  ['minimum', [isNumber, 'a number']],
  ['exclusiveMinimum', [isNumber, 'a number']],
  ['maxLength', [isCount, 'a non-negative integer']],
  ['minLength', [isCount, 'a non-negative integer']],
  ['pattern', [isString, 'a string']],
  ['maxItems', [isCount, 'a non-negative integer']],
  ['minItems', [isCount, 'a non-negative integer']],
  ['uniqueItems', [isBoolean, 'a boolean']],
  ['maxContains', [isCount, 'a non-negative integer']],
  ['minContains', [isCount, 'a non-negative integer']],
  ['maxProperties', [isCount, 'a non-negative integer']],
  ['minProperties', [isCount, 'a non-negative integer']],
  ['required', [isUniqueStrings, 'an array of distinct strings']],
  [
    'dependentRequired',
    [
      (value) => isMap(value) && Object.values(value as object).every(isUniqueStrings),
      'an object of string arrays',
    ],
  ],
  ['title', [isString, 'a string']],
  ['description', [isString, 'a string']],
  ['deprecated', [isBoolean, 'a boolean']],
  ['readOnly', [isBoolean, 'a boolean']],
  ['writeOnly', [isBoolean, 'a boolean']],
  ['examples', [isArray, 'an array']],
  ['format', [isString, 'a string']],
  ['contentEncoding', [isString, 'a string']],
  ['contentMediaType', [isString, 'a string']],
]);

/**
 * Whether a keyword's value has the shape the draft 2020-12 meta-schema gives it (any value, for
 * a keyword it does not name). The one home of those shapes: the rule below reports a misfit,
 * and the profiles that must pass it rewrite the annotations that misfit.
 *
 * @param keyword A key of a schema object.
 * @param value Its value.
 * @returns Whether the value fits.
 */
export function fitsDraft202012(keyword: string, value: unknown): boolean {
  const shape = SHAPES.get(keyword);
  return shape === undefined || shape[0](value);
}

/**
 * A schema must be valid against the draft 2020-12 meta-schema: each keyword's value has the
 * shape the meta-schema gives it, and each schema position holds an object or a boolean.
 *
 * @param name The rule name.
 * @param provider The provider's name, for the message.
 * @returns The rule.
 */
export function draft202012Shape(name: string, provider: string): SchemaRule {
  return {
    name,
    severity: 'error',
    node(node, report) {
      const schema = schemaAt(node);
      if (schema === undefined) {
        // The parent's keyword check already reports a malformed list or map.
        if (typeof node.value !== 'boolean' && node.parent === undefined) {
          report(
            node.pointer,
            `${provider} requires a draft 2020-12 schema; found ${describeValue(node.value)}.`,
          );
        }
        return;
      }
      for (const keyword of Object.keys(schema)) {
        if (fitsDraft202012(keyword, schema[keyword])) continue;
        report(
          keywordPointer(node, keyword),
          `${provider} requires draft 2020-12: \`${keyword}\` takes ${SHAPES.get(keyword)?.[1]}; found ${describeValue(schema[keyword])}.`,
        );
      }
    },
  };
}
