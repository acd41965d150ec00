import {
  cyclicReference,
  listedKeywords,
  nodeTypes,
  objectSchemasOnly,
  referenceSiblings,
  referenceTargets,
  requiredDeclared,
  rootTypeObject,
  unlistedKeywords,
} from './ruleFactories.ts';
import { describeValue, keywordPointer, type SchemaRule, schemaAt } from './SchemaRule.ts';

// Sources:
// [schema] Gemini API reference, `Schema` ("a select subset of an OpenAPI 3.0 schema object"),
//   https://ai.google.dev/api/caching#Schema (v1beta discovery document, revision 20260413).
// [declaration] Gemini API reference, `FunctionDeclaration` (`parameters`, `parametersJsonSchema`),
//   https://ai.google.dev/api/caching#FunctionDeclaration.
// [json-schema] the JSON Schema field list of `responseJsonSchema` (the same engine backs
//   `parametersJsonSchema`), same reference; Google blog "Improving Structured Outputs in the
//   Gemini API" (2025-11).
// [genai] @google/genai 3.3.0, `processJsonSchema` (dist/node/index.mjs), what the SDK does to
//   `parameters` before it sends them.
// [errors] API errors quoted in public threads, cited where used.

const GEMINI = 'Gemini `parameters`';
const GEMINI_JSON = 'Gemini `parametersJsonSchema`';

/** [schema] the fields of `Schema`; protobuf parsing refuses any other name. */
const SCHEMA_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** [schema] `Type` (TYPE_UNSPECIFIED aside); NULL is handled by its own rule. */
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** `gemini`: `FunctionDeclaration.parameters`, an OpenAPI 3.0 subset parsed as a protobuf. */
export const GEMINI_RULES: readonly SchemaRule[] = [
  // [declaration] parameters describe an object; [errors] Vertex AI: "functionDeclaration
  // parameters schema should be of type OBJECT". `OBJECT` and `object` are both read.
  rootTypeObject('gemini/root-type-object', GEMINI, true),
  // [schema] the field list; [errors] "Invalid JSON payload received. Unknown name "$defs" ... Cannot
  // find field." (the same for `$ref`, `additionalProperties`, `const`, `$schema`,
  // `exclusiveMinimum`, `propertyNames`, `multipleOf`). [genai] silently drops
  // `additionalProperties`; the API refuses it when sent.
  unlistedKeywords('gemini/unknown-field', 'error', GEMINI, SCHEMA_FIELDS, new Set(), 'refuses'),
  // [schema] `Schema` is an object message: a boolean schema cannot be parsed.
  objectSchemasOnly('gemini/schema-object', GEMINI),
  // [schema] `type` is "Required" and a single enum value; [errors] ".properties[end].type: must be
  // specified"; [genai] "type and anyOf cannot be both populated" (a union has no `type`).
  {
    name: 'gemini/type',
    severity: 'error',
    node(node, report) {
      const schema = schemaAt(node);
      if (schema === undefined) return;
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
    },
  },
  // [schema] `enum` is an array of strings; [errors] "enum: only allowed for STRING type"
  // (vercel/ai#17842, 2026-07-23). The SDK's doc comment shows `{type: INTEGER, format: enum}`;
  // the later API answer wins.
  {
    name: 'gemini/enum-strings',
    severity: 'error',
    node(node, report) {
      const schema = schemaAt(node);
      if (schema === undefined || !Object.hasOwn(schema, 'enum')) return;
      const values = schema.enum;
      const strings = Array.isArray(values) && values.every((value) => typeof value === 'string');
      const type = nodeTypes(node)?.[0]?.toLowerCase();
      if (!strings || type !== 'string') {
        report(
          keywordPointer(node, 'enum'),
          `${GEMINI} takes \`enum\` only as strings, on type string.`,
        );
      }
    },
  },
  // [errors] "GenerateContentRequest.tools[0].function_declarations[N].parameters.properties:
  // should be non-empty for OBJECT type".
  {
    name: 'gemini/object-properties',
    severity: 'error',
    node(node, report) {
      const schema = schemaAt(node);
      const type = schema?.type;
      if (typeof type !== 'string' || type.toLowerCase() !== 'object') return;
      const properties = schema?.properties;
      const empty =
        properties === null ||
        typeof properties !== 'object' ||
        Array.isArray(properties) ||
        Object.keys(properties).length === 0;
      if (empty) {
        report(node.pointer, `${GEMINI} requires non-empty \`properties\` on an object.`);
      }
    },
  },
  // [errors] "...parameters.properties[tags].items: missing field." (an array without `items`).
  {
    name: 'gemini/array-items',
    severity: 'error',
    node(node, report) {
      const schema = schemaAt(node);
      const type = schema?.type;
      if (typeof type !== 'string' || type.toLowerCase() !== 'array') return;
      if (schema?.items === undefined) {
        report(node.pointer, `${GEMINI} requires \`items\` on an array.`);
      }
    },
  },
  // [errors] "...parameters.required[0]: property is not defined".
  requiredDeclared('gemini/required-undeclared', GEMINI),
  // [schema] `default`: "accepted but ignored", so that schemas carrying it get no unknown-field error.
  listedKeywords('gemini/default-ignored', 'warning', GEMINI, new Set(['default']), 'ignores'),
];

/**
 * [json-schema] "only the following properties are supported"; other keywords are taken as
 * ignored (the list is documented for `responseJsonSchema`; no source says the API refuses more).
 * `$`-keywords other than the listed ones are identifiers and comments.
 */
const JSON_SCHEMA_LISTED = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  '$schema',
  '$comment',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
  'default',
]);

/** `gemini-json-schema`: `FunctionDeclaration.parametersJsonSchema`. */
export const GEMINI_JSON_SCHEMA_RULES: readonly SchemaRule[] = [
  // [declaration] "The schema must describe an object where the properties are the parameters".
  rootTypeObject('gemini-json-schema/root-type-object', GEMINI_JSON),
  // [json-schema] "If `$ref` is set on a sub-schema, no other properties, except for than those
  // starting as a `$`, may be set."; [errors] (2026-02) "only description and default can be set
  // alongside it". Both are allowed.
  referenceSiblings(
    'gemini-json-schema/ref-siblings',
    GEMINI_JSON,
    (keyword) => keyword.startsWith('$') || keyword === 'description' || keyword === 'default',
  ),
  // [errors] "reference to undefined schema at properties.target_object.anyOf.1".
  referenceTargets('gemini-json-schema/ref-target', GEMINI_JSON, {
    rootDefinitions: false,
    root: true,
    legacy: true,
  }),
  // [json-schema] "Cyclic references are unrolled to a limited degree and, as such, may only be
  // used within non-required properties. (Nullable properties are not sufficient.)"
  cyclicReference('gemini-json-schema/recursion-through-required', GEMINI_JSON, true),
  // [json-schema] `oneOf` is "interpreted the same as `anyOf`": exclusivity is lost.
  listedKeywords(
    'gemini-json-schema/one-of',
    'warning',
    GEMINI_JSON,
    new Set(['oneOf']),
    'reads as `anyOf`:',
  ),
  // [json-schema] `enum` takes strings and numbers.
  {
    name: 'gemini-json-schema/enum-values',
    severity: 'warning',
    node(node, report) {
      const values = schemaAt(node)?.enum;
      if (!Array.isArray(values)) return;
      if (values.every((value) => typeof value === 'string' || typeof value === 'number')) return;
      report(
        keywordPointer(node, 'enum'),
        `${GEMINI_JSON} documents \`enum\` for strings and numbers only.`,
      );
    },
  },
  unlistedKeywords(
    'gemini-json-schema/unlisted-keyword',
    'warning',
    GEMINI_JSON,
    JSON_SCHEMA_LISTED,
    new Set(),
    'does not list (ignored)',
  ),
];
