import { draft202012Shape } from './draft202012Shape.ts';
import { findUnsupportedRegexFeature } from './regexFeatures.ts';
import * as rule from './ruleFactories.ts';
import { describeValue, keywordPointer, objectRule, type SchemaRule } from './SchemaRule.ts';

// Sources:
// [tool-use] Claude docs, "Tool use → Implement tool use" (`input_schema`),
//   https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use
// [limitations] Claude docs, "Structured outputs → JSON Schema limitations" (shared by
//   `output_config.format` and `strict: true` tools),
//   https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations
// [transform] @anthropic-ai/sdk 1.17.0, src/lib/transform-json-schema.ts `transformJSONSchema` (since
//   1.14.0 it changed in one place: a `$ref` keeps the `description` beside it, which no strict wire
//   schema has: cycles are unrolled).
// [errors] API errors quoted in public threads, cited where used.

const ANTHROPIC = 'Claude tool use (`input_schema`)';
const STRICT = 'Claude strict tool use';

/** `anthropic`: `input_schema` of a tool without `strict`. */
export const ANTHROPIC_RULES: readonly SchemaRule[] = [
  // [errors] "tools.0.custom.input_schema.type: Field required"; [tool-use] the API's
  // `InputSchema` is `{ type: 'object', properties?, required? }`.
  rule.rootTypeObject('anthropic/root-type-object', ANTHROPIC),
  // [errors] "input_schema does not support oneOf, allOf, or anyOf at the top level"
  // (nspady/google-calendar-mcp#39, anthropics/claude-code#5319, 2025-08).
  rule.rootKeywords('anthropic/root-combinator', ANTHROPIC, ['oneOf', 'allOf', 'anyOf']),
  // [errors] "JSON schema is invalid. It must match JSON Schema draft 2020-12": the meta-schema
  // is applied whatever `$schema` says.
  draft202012Shape('anthropic/draft-2020-12', ANTHROPIC),
  // [errors] a `$schema` of draft-07 caused 500s (anthropics/anthropic-sdk-python#1001, 2025-07);
  // the schema is read as 2020-12 anyway.
  objectRule('anthropic/schema-dialect', 'warning', (schema, node, report) => {
    if (!Object.hasOwn(schema, '$schema')) return;
    if (schema.$schema === 'https://json-schema.org/draft/2020-12/schema') return;
    report(
      keywordPointer(node, '$schema'),
      `${ANTHROPIC} reads every schema as draft 2020-12; found \`$schema\` ${describeValue(schema.$schema)}.`,
    );
  }),
];

/** [limitations] "Supported: ... string formats". */
export const STRICT_FORMATS: ReadonlySet<string> = rule.keywordSet(
  'date-time time date duration email hostname uri ipv4 ipv6 uuid',
);

/** [limitations] "Numerical constraints (such as minimum, maximum, multipleOf)" are not supported. */
const NUMERIC_CONSTRAINTS = rule.keywordSet(
  'minimum maximum exclusiveMinimum exclusiveMaximum multipleOf',
);

/** [limitations] "String constraints (minLength, maxLength)" are not supported. */
const STRING_CONSTRAINTS = new Set(['minLength', 'maxLength']);

/** [limitations] array constraints beyond `minItems` 0 or 1 are not supported. */
const ARRAY_CONSTRAINTS = rule.keywordSet('maxItems uniqueItems contains minContains maxContains');

/** [limitations] the supported keywords (and what [transform] keeps). */
const STRICT_LISTED = rule.keywordSet(
  '$defs $id $ref $schema additionalProperties allOf anyOf const default definitions ' +
    'description enum format items minItems pattern properties required title type',
);

/**
 * Assertion and applicator keywords of 2020-12 off the supported list: refused ("If you use an
 * unsupported feature, you'll receive a 400 error"). [transform] turns `oneOf` into `anyOf`.
 */
const STRICT_REFUSED = rule.keywordSet(
  'oneOf not if then else prefixItems additionalItems patternProperties propertyNames ' +
    'dependentRequired dependentSchemas dependencies unevaluatedItems unevaluatedProperties ' +
    'minProperties maxProperties $dynamicRef $recursiveRef',
);

/** `anthropic-strict`: `strict: true` tools (and structured outputs). */
export const ANTHROPIC_STRICT_RULES: readonly SchemaRule[] = [
  ...ANTHROPIC_RULES,
  // [limitations] "`additionalProperties` must be set to `false` for objects"; [errors] Bedrock:
  // "For 'object' type, 'additionalProperties' must be explicitly set to false".
  rule.closedObjects('anthropic-strict/additional-properties-false', STRICT),
  // [limitations] "Recursive schemas" are not supported.
  rule.cyclicReference('anthropic-strict/recursion', STRICT, false),
  // [limitations] "external `$ref` not supported"; references resolve inside the schema.
  rule.referenceTargets('anthropic-strict/ref-target', STRICT, {
    rootDefinitions: false,
    root: true,
    legacy: true,
  }),
  rule.listedKeywords(
    'anthropic-strict/numeric-constraint',
    'error',
    STRICT,
    NUMERIC_CONSTRAINTS,
    'refuses',
  ),
  rule.listedKeywords(
    'anthropic-strict/string-length',
    'error',
    STRICT,
    STRING_CONSTRAINTS,
    'refuses',
  ),
  rule.listedKeywords(
    'anthropic-strict/array-constraint',
    'error',
    STRICT,
    ARRAY_CONSTRAINTS,
    'refuses',
  ),
  // [limitations] array `minItems`: "only values 0 and 1 supported".
  objectRule('anthropic-strict/min-items', 'error', (schema, node, report) => {
    if (!Object.hasOwn(schema, 'minItems')) return;
    if (schema.minItems === 0 || schema.minItems === 1) return;
    report(
      keywordPointer(node, 'minItems'),
      `${STRICT} supports \`minItems\` 0 or 1 only; found ${describeValue(schema.minItems)}.`,
    );
  }),
  rule.formatAllowlist('anthropic-strict/string-format', 'error', STRICT, STRICT_FORMATS),
  // [limitations] regular expressions: no backreferences, lookaround or word boundaries.
  objectRule('anthropic-strict/pattern', 'error', (schema, node, report) => {
    const pattern = schema.pattern;
    if (typeof pattern !== 'string') return;
    const feature = findUnsupportedRegexFeature(pattern);
    if (feature !== undefined) {
      report(keywordPointer(node, 'pattern'), `${STRICT} refuses ${feature} in \`pattern\`.`);
    }
  }),
  // [limitations] `enum` of "strings, numbers, bools, or nulls only" ("complex enum types" are
  // not supported); [transform] keeps `const` only when primitive.
  objectRule('anthropic-strict/literal-values', 'error', (schema, node, report) => {
    const isPrimitive = (value: unknown) => value === null || typeof value !== 'object';
    if (Array.isArray(schema.enum) && !schema.enum.every(isPrimitive)) {
      report(
        keywordPointer(node, 'enum'),
        `${STRICT} takes \`enum\` values as strings, numbers, booleans or null.`,
      );
    }
    if (Object.hasOwn(schema, 'const') && !isPrimitive(schema.const)) {
      report(
        keywordPointer(node, 'const'),
        `${STRICT} takes a \`const\` string, number, boolean or null.`,
      );
    }
  }),
  // [limitations] "`allOf` (with limitations - `allOf` with `$ref` not supported)".
  objectRule('anthropic-strict/all-of-ref', 'error', (schema, node, report) => {
    if (node.keyword !== 'allOf' || schema.$ref === undefined) return;
    report(keywordPointer(node, '$ref'), `${STRICT} refuses \`$ref\` inside \`allOf\`.`);
  }),
  rule.listedKeywords(
    'anthropic-strict/unsupported-keyword',
    'error',
    STRICT,
    STRICT_REFUSED,
    'refuses',
  ),
  // Annotations and unknown keywords off the supported list (`examples`, `nullable`, `readOnly`,
  // `x-*`): constrain nothing, so at most ignored.
  rule.unlistedKeywords(
    'anthropic-strict/unlisted-keyword',
    'warning',
    STRICT,
    STRICT_LISTED,
    new Set([
      ...STRICT_REFUSED,
      ...NUMERIC_CONSTRAINTS,
      ...STRING_CONSTRAINTS,
      ...ARRAY_CONSTRAINTS,
    ]),
    'does not list (ignored or refused)',
  ),
  // [transform] "JSON schema must have a type defined if anyOf/oneOf/allOf/enum/const are not
  // used" (the SDK's strict helpers throw before sending).
  objectRule('anthropic-strict/type', 'error', (schema, node, report) => {
    const typed = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref'].some((keyword) =>
      Object.hasOwn(schema, keyword),
    );
    if (!typed) {
      report(
        node.pointer,
        `${STRICT} requires a \`type\` (or \`anyOf\`, \`allOf\`, \`enum\`, \`const\`, \`$ref\`).`,
      );
    }
  }),
  // [transform] reads every subschema as an object; a boolean schema has no type.
  rule.objectSchemasOnly('anthropic-strict/schema-object', STRICT),
];
