import { escapePointerToken } from '../utils/pointer.ts';
import { KeywordKind, keywordKind } from '../vocabulary/index.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Where a subschema stands: the object or array that holds it, its key there, and the keyword it
 * stands under (the key itself where the container is the schema object).
 */
export type SubschemaPlace = (
  container: SchemaObject | unknown[],
  key: string | number,
  keyword: string,
) => void;

/**
 * The JSON Pointer of a subschema place (see {@link SubschemaPlace}) under its schema object's.
 *
 * @param pointer The schema object's pointer.
 * @param node The schema object.
 * @param container The object or array holding the subschema.
 * @param key Its key there.
 * @param keyword The keyword it stands under.
 * @returns The subschema's pointer.
 */
export function subschemaPointer(
  pointer: string,
  node: SchemaObject,
  container: SchemaObject | unknown[],
  key: string | number,
  keyword: string,
): string {
  const at = `${pointer}/${escapePointerToken(keyword)}`;
  if (container === node) return at;
  return `${at}/${typeof key === 'number' ? key : escapePointerToken(key)}`;
}

/**
 * Calls `place` for every subschema position directly inside a schema object, as the applicator
 * vocabulary defines them (`properties/*`, `items`, `allOf/*`, `$defs/*`...). Values of data
 * keywords (`const`, `default`, `x-*`, unknown keywords) are never subschemas. The value at a
 * place may still be anything: the caller checks it.
 *
 * @param node The schema object.
 * @param place Receives the container, the key and the keyword of each subschema.
 */
export function forEachSubschema(node: SchemaObject, place: SubschemaPlace): void {
  for (const keyword of Object.keys(node)) {
    forEachSubschemaUnder(node, keyword, keywordKind(keyword), place);
  }
}

/**
 * Calls `place` for every subschema position under one keyword of a schema object, given the
 * keyword's kind: what {@link forEachSubschema} does for each key, for a walk that already scans
 * a node's keys and knows each one's kind.
 *
 * @param node The schema object.
 * @param keyword One of its keys.
 * @param kind The keyword's kind (`keywordKind(keyword)`).
 * @param place Receives the container, the key and the keyword of each subschema.
 */
export function forEachSubschemaUnder(
  node: SchemaObject,
  keyword: string,
  kind: KeywordKind,
  place: SubschemaPlace,
): void {
  const value = node[keyword];
  switch (kind) {
    case KeywordKind.Schema:
      place(node, keyword, keyword);
      break;
    case KeywordKind.SchemaOrArray:
    case KeywordKind.SchemaArray:
      if (Array.isArray(value)) {
        for (let position = 0; position < value.length; position++) place(value, position, keyword);
      } else {
        place(node, keyword, keyword);
      }
      break;
    case KeywordKind.SchemaMap:
    case KeywordKind.SchemaOrDataMap:
    case KeywordKind.Definitions:
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) place(value as SchemaObject, name, keyword);
      }
      break;
    default:
  }
}

/**
 * Visits every schema object of a JSON Schema that stands in a schema position, the root first,
 * without recursion (any depth). `$defs` and `definitions` are visited too; data values are not,
 * so a `$ref` inside `default` or a property named `$ref` is never mistaken for a reference.
 *
 * @param schema A JSON Schema (any value; booleans and non-schemas have no objects to visit).
 * @param visit Called once per schema object.
 */
export function visitSchemas(schema: unknown, visit: (node: SchemaObject) => void): void {
  walkSchemas(schema, (node, push) => {
    visit(node);
    forEachSubschema(node, push);
  });
}

/**
 * The walk of {@link visitSchemas} for a visit that lists each node's subschemas itself, through
 * `push` (`forEachSubschema`, or `forEachSubschemaUnder` from a scan of the node's keys it makes
 * anyway): a node's subschemas are visited only as its visit lists them.
 *
 * @param schema A JSON Schema (any value).
 * @param visit Called once per schema object; lists its subschemas to visit.
 */
export function walkSchemas(
  schema: unknown,
  visit: (node: SchemaObject, push: SubschemaPlace) => void,
): void {
  const stack: unknown[] = [schema];
  const push: SubschemaPlace = (container, key) => {
    stack.push((container as SchemaObject)[key as string]);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    visit(node as SchemaObject, push);
  }
}
