import { visitSchemas } from '@toolschema/core/adapter';

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
  visitSchemas(schema, (node) => {
    if (typeof node.$ref === 'string') count += 1;
  });
  return count;
}
