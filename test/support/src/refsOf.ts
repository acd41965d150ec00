/**
 * Every `$ref` value in a schema, in document order (found in its JSON text, so `$ref`-looking
 * data counts too).
 *
 * @param schema A JSON Schema.
 * @returns The `$ref` strings.
 */
export function refsOf(schema: unknown): string[] {
  return [...JSON.stringify(schema).matchAll(/"\$ref":"((?:[^"\\]|\\.)*)"/g)].map(
    (match) => JSON.parse(`"${match[1]}"`) as string,
  );
}
