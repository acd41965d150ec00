import { isPlainObject } from '../utils/isPlainObject.ts';
import { escapePointerToken } from '../utils/pointer.ts';
import { usesLookaround } from './regexFeatures.ts';
import * as rule from './ruleFactories.ts';
import { describeValue, keywordPointer, objectRule, type SchemaRule } from './SchemaRule.ts';
import { describesObject } from './schemaDocument.ts';

// Sources:
// [function-calling] https://developers.openai.com/api/docs/guides/function-calling (strict mode)
// [supported-schemas] https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
// [transform] openai-node 7.60.0 (2026-11-18; the file is unchanged since 7.59.0), src/lib/transform.ts `toStrictJsonSchema`
// [errors] API errors quoted in public threads, cited where used.

const OPENAI = 'OpenAI function calling';
const STRICT = 'OpenAI strict mode (Structured Outputs)';

/** `openai`: function calling without `strict`, best effort below the root. */
export const OPENAI_RULES: readonly SchemaRule[] = [
  // [errors] "Invalid schema for function 'X': schema must be a JSON Schema of 'type: "object"',
  // got 'type: "None"'." (i-am-bee/beeai-framework#844, 2025-05).
  rule.rootTypeObject('openai/root-type-object', OPENAI),
  // [errors] "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at
  // the top level." (nspady/google-calendar-mcp#39, 2025-06; langchain-ai/langchainjs#9804, 2026-01).
  rule.rootKeywords('openai/root-combinator', OPENAI, ['oneOf', 'anyOf', 'allOf', 'enum', 'not']),
  // [errors] "Invalid JSON schema: regex lookaround is not supported. Found at
  // $.properties.email.pattern." (decolua/9router#1556, 2026-05; vercel/ai#21037, 2026-09, which
  // reproduced it with Zod 4's `z.email()` on a strict tool). [supported-schemas] lists `pattern`
  // without the limit; the API, the most recent source, refuses it with or without `strict`.
  objectRule('openai/pattern-lookaround', 'error', (schema, node, report) => {
    const pattern = schema.pattern;
    if (typeof pattern === 'string' && usesLookaround(pattern))
      report(keywordPointer(node, 'pattern'), `${OPENAI} refuses a lookaround in \`pattern\`.`);
  }),
];

/**
 * Keywords strict mode refuses: [supported-schemas] "Composition: allOf, not, dependentRequired,
 * dependentSchemas, if, then, else" are "not yet supported", plus every keyword [transform]
 * refuses (`JSON_SCHEMA_UNSUPPORTED_SCHEMA_KEYWORDS`, tuple `additionalItems`).
 */
const STRICT_REFUSED = rule.keywordSet(
  '$anchor $dynamicAnchor $dynamicRef $recursiveAnchor $recursiveRef additionalItems allOf ' +
    'contains contentEncoding contentMediaType contentSchema dependencies dependentRequired ' +
    'dependentSchemas else if maxContains maxProperties minContains minProperties not oneOf ' +
    'patternProperties prefixItems propertyNames then unevaluatedItems unevaluatedProperties ' +
    'uniqueItems',
);

/** [supported-schemas]: string `minLength`/`maxLength` are listed only as unsupported for fine-tuned models. */
const STRICT_FINE_TUNED_ONLY = new Set(['minLength', 'maxLength']);

/**
 * What [supported-schemas] lists (types, `pattern`, `format`, number and array bounds, `anyOf`,
 * `enum`, `const`, definitions and `$ref`), the annotations [transform] keeps, and `default`
 * (accepted by api.openai.com in strict mode in a 2026-08-13 test, openai/openai-agents-python#4390,
 * the most recent source; 2024 reports said "'default' is not permitted").
 */
const STRICT_LISTED = rule.keywordSet(
  '$comment $defs $id $ref $schema additionalProperties anyOf const default definitions ' +
    'description enum examples exclusiveMaximum exclusiveMinimum format items maxItems ' +
    'maximum minItems minimum multipleOf pattern properties readOnly required title type ' +
    'writeOnly',
);

const STRICT_TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null']);

/** [supported-schemas] "Supported properties" of strings: `format`. */
export const STRICT_FORMATS: ReadonlySet<string> = rule.keywordSet(
  'date-time time date duration email hostname ipv4 ipv6 uuid',
);

/** [supported-schemas] "Limits" (raised in July 2025; older 100 / 5 / 15,000 / 500 are still quoted). */
export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  nesting: 10,
  stringLength: 120_000,
  enumValues: 1000,
  largeEnumValues: 250,
  largeEnumStringLength: 15_000,
} as const;

/** The enum limits of {@link OPENAI_STRICT_LIMITS}, as the profiles' rewrite keeps to them. */
export const OPENAI_STRICT_ENUM_LIMITS = {
  total: OPENAI_STRICT_LIMITS.enumValues,
  largeValues: OPENAI_STRICT_LIMITS.largeEnumValues,
  largeCharacters: OPENAI_STRICT_LIMITS.largeEnumStringLength,
} as const;

/** `openai-strict`: `strict: true` function calling and Structured Outputs. */
export const OPENAI_STRICT_RULES: readonly SchemaRule[] = [
  ...OPENAI_RULES,
  // [supported-schemas] "additionalProperties: false must always be set in objects"; [errors]
  // "'additionalProperties' is required to be supplied and to be false" (dottxt-ai/outlines#844).
  rule.closedObjects('openai-strict/additional-properties-false', STRICT),
  // [supported-schemas] "All fields must be required"; [errors] "'required' is required to be
  // supplied and to be an array including every key in properties. Missing 'roles'." (vercel/ai#6484).
  objectRule('openai-strict/required-every-property', 'error', (schema, node, report) => {
    const properties = schema.properties;
    if (properties === null || typeof properties !== 'object') return;
    // A set: an object of 10⁵ properties is checked in linear time.
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    for (const key of Object.keys(properties).filter((key) => !required.has(key))) {
      report(
        `${keywordPointer(node, 'properties')}/${escapePointerToken(key)}`,
        `${STRICT} requires every property in \`required\` (optional means nullable); missing ${JSON.stringify(key)}.`,
      );
    }
  }),
  // [transform] "requires property `x` but does not declare it in `properties`".
  rule.requiredDeclared('openai-strict/required-undeclared', STRICT),
  // [supported-schemas] "Some type-specific keywords are not yet supported"; "If you ... call the
  // API with an unsupported JSON Schema, you will receive an error"; [transform] refuses the rest.
  rule.listedKeywords(
    'openai-strict/unsupported-keyword',
    'error',
    STRICT,
    STRICT_REFUSED,
    'refuses',
  ),
  // [supported-schemas] lists these only as unsupported "for fine-tuned models".
  rule.listedKeywords(
    'openai-strict/fine-tuned-keyword',
    'warning',
    STRICT,
    STRICT_FINE_TUNED_ONLY,
    'does not support, for fine-tuned models,',
  ),
  // Keywords no source lists either way: not documented as supported, so best effort at most.
  rule.unlistedKeywords(
    'openai-strict/unlisted-keyword',
    'warning',
    STRICT,
    STRICT_LISTED,
    new Set([...STRICT_REFUSED, ...STRICT_FINE_TUNED_ONLY]),
    'does not document',
  ),
  // [supported-schemas] "format" is limited to these; [errors] the API refuses others.
  rule.formatAllowlist('openai-strict/string-format', 'error', STRICT, STRICT_FORMATS),
  // [transform] "Expected object schema but got boolean" (only `additionalProperties: false` passes).
  rule.objectSchemasOnly('openai-strict/schema-object', STRICT),
  // [supported-schemas] the supported types; a schema is a type, an `anyOf`, a `$ref`, or a literal.
  objectRule('openai-strict/type', 'error', (schema, node, report) => {
    const types = rule.nodeTypes(node);
    if (types === undefined) {
      const typeless = ['anyOf', '$ref', 'enum', 'const'].every(
        (keyword) => !Object.hasOwn(schema, keyword),
      );
      if (typeless) {
        report(
          node.pointer,
          `${STRICT} requires a \`type\` (or \`anyOf\`, \`$ref\`, \`enum\`, \`const\`).`,
        );
      }
      return;
    }
    const unsupported =
      types.length === 0 ? [schema.type] : types.filter((type) => !STRICT_TYPES.has(type));
    if (unsupported.length > 0) {
      report(
        keywordPointer(node, 'type'),
        `${STRICT} supports the types ${[...STRICT_TYPES].join(', ')}; found ${describeValue(schema.type)}.`,
      );
    }
  }),
  // [transform] "declares an array without `items`" and "uses tuple-form `items`".
  objectRule('openai-strict/array-items', 'error', (schema, node, report) => {
    if (Array.isArray(schema.items)) {
      report(keywordPointer(node, 'items'), `${STRICT} refuses tuple-form \`items\` (an array).`);
    } else if (rule.nodeTypes(node)?.includes('array') === true && schema.items === undefined) {
      report(node.pointer, `${STRICT} requires \`items\` on an array schema.`);
    }
  }),
  // [supported-schemas] "Definitions are supported", "Recursive schemas are supported" with `#`;
  // [errors] "reference can only point to definitions defined at the top level of the schema".
  rule.referenceTargets('openai-strict/ref-target', STRICT, {
    rootDefinitions: true,
    root: true,
    legacy: true,
  }),
  // [errors] "$ref cannot have keywords {'default', 'description', 'title'}"
  // (langchain-ai/langchainjs#11382, 2026-08-16; defog-ai/defog#244, 2026-03). [transform] keeps
  // annotation siblings; it does not call the API, so the API's answer wins.
  rule.referenceSiblings('openai-strict/ref-siblings', STRICT, () => false),
  // [supported-schemas] "Limits".
  {
    name: 'openai-strict/limits',
    severity: 'error',
    document(document, report) {
      let properties = 0;
      let nesting = 0;
      let stringLength = 0;
      let enumValues = 0;
      for (const node of document.nodes) {
        const schema = node.value;
        if (!isPlainObject(schema)) continue;
        if (describesObject(schema)) nesting = Math.max(nesting, node.objectDepth);
        const declared = schema.properties;
        if (declared !== null && typeof declared === 'object' && !Array.isArray(declared)) {
          for (const key of Object.keys(declared)) {
            properties++;
            stringLength += key.length;
          }
        }
        for (const keyword of ['$defs', 'definitions']) {
          const definitions = schema[keyword];
          if (definitions !== null && typeof definitions === 'object') {
            for (const key of Object.keys(definitions)) stringLength += key.length;
          }
        }
        if (Object.hasOwn(schema, 'const')) stringLength += literalLength(schema.const);
        if (Array.isArray(schema.enum)) {
          enumValues += schema.enum.length;
          let enumLength = 0;
          for (const value of schema.enum) enumLength += literalLength(value);
          stringLength += enumLength;
          const strings = schema.enum.every((value) => typeof value === 'string');
          if (
            strings &&
            schema.enum.length > OPENAI_STRICT_LIMITS.largeEnumValues &&
            enumLength > OPENAI_STRICT_LIMITS.largeEnumStringLength
          ) {
            report(
              keywordPointer(node, 'enum'),
              `${STRICT} allows at most ${OPENAI_STRICT_LIMITS.largeEnumStringLength} characters in a string enum of more than ${OPENAI_STRICT_LIMITS.largeEnumValues} values; found ${enumLength}.`,
            );
          }
        }
      }
      const exceeded: [string, number, number][] = [
        ['object properties', properties, OPENAI_STRICT_LIMITS.properties],
        ['levels of object nesting', nesting, OPENAI_STRICT_LIMITS.nesting],
        [
          'characters of property names, definition names, enum and const values',
          stringLength,
          OPENAI_STRICT_LIMITS.stringLength,
        ],
        ['enum values', enumValues, OPENAI_STRICT_LIMITS.enumValues],
      ];
      for (const [what, found, limit] of exceeded) {
        if (found > limit) report('', `${STRICT} allows at most ${limit} ${what}; found ${found}.`);
      }
    },
  },
];

/** The characters an enum or const value counts for: strings as written, numbers and booleans as text. */
function literalLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  return 0;
}
