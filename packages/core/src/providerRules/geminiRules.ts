import { isPlainObject } from '../utils/isPlainObject.ts';
import * as rule from './ruleFactories.ts';
import { describeValue, keywordPointer, objectRule, type SchemaRule } from './SchemaRule.ts';

// Sources:
// [schema] Gemini API reference, `Schema` ("a select subset of an OpenAPI 3.0 schema object"),
//   https://ai.google.dev/api/caching#Schema (v1beta discovery document, revision 20260413).
// [declaration] Gemini API reference, `FunctionDeclaration` (`parameters`, `parametersJsonSchema`),
//   https://ai.google.dev/api/caching#FunctionDeclaration.
// [json-schema] the JSON Schema field list of `responseJsonSchema` (the same engine backs
//   `parametersJsonSchema`), same reference; Google blog "Improving Structured Outputs in the
//   Gemini API" (2025-11).
// [genai] @google/genai 3.6.1, `processJsonSchema` (dist/node/index.mjs), what the SDK does to
//   `parameters` before it sends them.
// [errors] API errors quoted in public threads, cited where used.

const GEMINI = 'Gemini `parameters`';
const GEMINI_JSON = 'Gemini `parametersJsonSchema`';

/** [schema] the fields of `Schema`; protobuf parsing refuses any other name. */
const SCHEMA_FIELDS = rule.keywordSet(
  'type format title description nullable enum maxItems minItems properties required ' +
    'minProperties maxProperties minLength maxLength pattern example anyOf propertyOrdering ' +
    'default items minimum maximum',
);

/** [schema] `Type` (TYPE_UNSPECIFIED aside); NULL is handled by its own rule. */
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** A schema's one type name, lower case (`OBJECT` and `object` are one type to Gemini). */
function typeName(schema: Record<string, unknown>): string | undefined {
  return typeof schema.type === 'string' ? schema.type.toLowerCase() : undefined;
}

/** `gemini`: `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset parsed as a protobuf. */
export const GEMINI_RULES: readonly SchemaRule[] = [
  // [declaration] parameters describe an object; [errors] Vertex AI: "functionDeclaration
  // parameters schema should be of type OBJECT". `OBJECT` and `object` are both read.
  rule.rootTypeObject('gemini/root-type-object', GEMINI, true),
  // [schema] the field list; [errors] "Invalid JSON payload received. Unknown name "$defs" ... Cannot
  // find field." (the same for `$ref`, `additionalProperties`, `const`, `$schema`,
  // `exclusiveMinimum`, `propertyNames`, `multipleOf`). [genai] silently drops
  // `additionalProperties`; the API refuses it when sent.
  rule.unlistedKeywords(
    'gemini/unknown-field',
    'error',
    GEMINI,
    SCHEMA_FIELDS,
    new Set(),
    'refuses',
  ),
  // [schema] `Schema` is an object message: a boolean schema cannot be parsed.
  rule.objectSchemasOnly('gemini/schema-object', GEMINI),
  // [schema] `type` is "Required" and a single enum value; [errors] ".properties[end].type: must be
  // specified"; [genai] "type and anyOf cannot be both populated" (a union has no `type`).
  objectRule('gemini/type', 'error', (schema, node, report) => {
    const hasAnyOf = Object.hasOwn(schema, 'anyOf');
    if (!Object.hasOwn(schema, 'type')) {
      if (!hasAnyOf) report(node.pointer, `${GEMINI} requires a \`type\` on every schema.`);
      return;
    }
    const pointer = keywordPointer(node, 'type');
    if (hasAnyOf) {
      report(pointer, `${GEMINI} refuses \`type\` beside \`anyOf\`.`);
      return;
    }
    const type = schema.type;
    // [errors] "Proto field is not repeating, cannot start list." (a type array).
    if (typeof type !== 'string') {
      report(pointer, `${GEMINI} takes one type name; found ${describeValue(type)}.`);
    } else if (type.toLowerCase() === 'null') {
      // [genai] "type: null can not be the only possible type for the field."; use `nullable`.
      report(pointer, `${GEMINI} has no null type; \`nullable: true\` says a value may be null.`);
    } else if (!SCHEMA_TYPES.has(type.toLowerCase())) {
      report(
        pointer,
        `${GEMINI} supports the types ${[...SCHEMA_TYPES].join(', ')}; found ${describeValue(type)}.`,
      );
    }
  }),
  // [schema] `enum` is an array of strings; [errors] "enum: only allowed for STRING type"
  // (vercel/ai#17842, 2026-07-23). The SDK's doc comment shows `{type: INTEGER, format: enum}`;
  // the later API answer wins.
  objectRule('gemini/enum-strings', 'error', (schema, node, report) => {
    if (!Object.hasOwn(schema, 'enum')) return;
    const values = schema.enum;
    const strings = Array.isArray(values) && values.every((value) => typeof value === 'string');
    const type = rule.nodeTypes(node)?.[0]?.toLowerCase();
    if (!strings || type !== 'string') {
      report(
        keywordPointer(node, 'enum'),
        `${GEMINI} takes \`enum\` only as strings, on type string.`,
      );
    }
  }),
  // [errors] "GenerateContentRequest.tools[0].function_declarations[N].parameters.properties:
  // should be non-empty for OBJECT type".
  objectRule('gemini/object-properties', 'error', (schema, node, report) => {
    const properties = schema.properties;
    const empty = !isPlainObject(properties) || Object.keys(properties).length === 0;
    if (typeName(schema) === 'object' && empty) {
      report(node.pointer, `${GEMINI} requires non-empty \`properties\` on an object.`);
    }
  }),
  // [errors] "...parameters.properties[tags].items: missing field." (an array without `items`).
  objectRule('gemini/array-items', 'error', (schema, node, report) => {
    if (typeName(schema) === 'array' && schema.items === undefined) {
      report(node.pointer, `${GEMINI} requires \`items\` on an array.`);
    }
  }),
  // [errors] "...parameters.required[0]: property is not defined".
  rule.requiredDeclared('gemini/required-undeclared', GEMINI),
  // [schema] `default`: "accepted but ignored", so that schemas carrying it get no unknown-field error.
  rule.listedKeywords('gemini/default-ignored', 'warning', GEMINI, new Set(['default']), 'ignores'),
];

/**
 * [json-schema] "only the following properties are supported"; other keywords are taken as
 * ignored (the list is documented for `responseJsonSchema`; no source says the API refuses more).
 * `$`-keywords other than the listed ones are identifiers and comments.
 */
const JSON_SCHEMA_LISTED = rule.keywordSet(
  '$id $defs $ref $anchor $schema $comment type format title description enum items ' +
    'prefixItems minItems maxItems minimum maximum anyOf oneOf properties ' +
    'additionalProperties required propertyOrdering default',
);

/** `gemini-json-schema`: `FunctionDeclaration.parametersJsonSchema`. */
export const GEMINI_JSON_SCHEMA_RULES: readonly SchemaRule[] = [
  // [declaration] "The schema must describe an object where the properties are the parameters".
  rule.rootTypeObject('gemini-json-schema/root-type-object', GEMINI_JSON),
  // [json-schema] "If `$ref` is set on a sub-schema, no other properties, except for than those
  // starting as a `$`, may be set."; [errors] (2026-02) "only description and default can be set
  // alongside it". Both are allowed.
  rule.referenceSiblings(
    'gemini-json-schema/ref-siblings',
    GEMINI_JSON,
    (keyword) => keyword.startsWith('$') || keyword === 'description' || keyword === 'default',
  ),
  // [errors] "reference to undefined schema at properties.target_object.anyOf.1".
  rule.referenceTargets('gemini-json-schema/ref-target', GEMINI_JSON, {
    rootDefinitions: false,
    root: true,
    legacy: true,
  }),
  // [json-schema] "Cyclic references are unrolled to a limited degree and, as such, may only be
  // used within non-required properties. (Nullable properties are not sufficient.)"
  rule.cyclicReference('gemini-json-schema/recursion-through-required', GEMINI_JSON, true),
  // [json-schema] `oneOf` is "interpreted the same as `anyOf`": exclusivity is lost.
  rule.listedKeywords(
    'gemini-json-schema/one-of',
    'warning',
    GEMINI_JSON,
    new Set(['oneOf']),
    'reads as `anyOf`:',
  ),
  // [json-schema] `enum` takes strings and numbers.
  objectRule('gemini-json-schema/enum-values', 'warning', (schema, node, report) => {
    const values = schema.enum;
    if (!Array.isArray(values)) return;
    if (values.every((value) => typeof value === 'string' || typeof value === 'number')) return;
    report(
      keywordPointer(node, 'enum'),
      `${GEMINI_JSON} documents \`enum\` for strings and numbers only.`,
    );
  }),
  rule.unlistedKeywords(
    'gemini-json-schema/unlisted-keyword',
    'warning',
    GEMINI_JSON,
    JSON_SCHEMA_LISTED,
    new Set(),
    'does not list (ignored)',
  ),
];
