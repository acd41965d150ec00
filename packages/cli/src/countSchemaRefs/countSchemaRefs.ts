/** Keywords whose value is one subschema. */
const SINGLE_SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'items',
] as const;

/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/** Keywords whose value is an object of subschemas. */
const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  '$defs',
  'definitions',
] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Counts the `$ref` keywords that stand in schema positions of a JSON Schema. A `$ref` inside a
 * data value (`default`, `examples`, `const`, `enum`, unknown keywords) or a property named
 * `$ref` is not a reference and is not counted. Walks without recursion.
 *
 * @param schema A JSON Schema (any value is accepted; non-schemas count 0).
 * @returns The number of string-valued `$ref` keywords in schema positions.
 */
export function countSchemaRefs(schema: unknown): number {
  let count = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node)) continue;
    if (typeof node.$ref === 'string') count += 1;
    for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
      if (Object.hasOwn(node, keyword) && isObject(node[keyword])) stack.push(node[keyword]);
    }
    for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
      const value = node[keyword];
      if (Object.hasOwn(node, keyword) && Array.isArray(value)) stack.push(...value);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const value = node[keyword];
      if (!Object.hasOwn(node, keyword) || !isObject(value)) continue;
      // `dependencies` mixes subschemas and arrays of property names; isObject skips the arrays.
      for (const subschema of Object.values(value)) stack.push(subschema);
    }
  }
  return count;
}
