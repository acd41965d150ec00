import type { Dialect } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { arrayIndex, resolvePointer } from '../utils/pointer.ts';
import {
  idKeyword as idKeywordOf,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from '../vocabulary/index.ts';

type SchemaObject = Record<string, unknown>;

/** Where a local JSON Pointer leads, for the single walk. */
export interface PointedSchema {
  /** The schema there: an object of the input, or a boolean. */
  value: SchemaObject | boolean;
  /** It is an entry of the root `$defs`/`definitions` (`#/$defs/Name`). */
  definition: boolean;
}

/**
 * Follows JSON Pointer tokens from the root of a document to a schema, the way the index's
 * resolver does: through the subschema keywords of each schema object on the way (so an invalid
 * subschema there leads nowhere), then through raw JSON where the pointer leaves them
 * (`#/components/schemas/X`). Where the index could answer differently, it answers nothing: a
 * subschema with its own `$id` on the way or at the end (another resource), or keywords beside a
 * draft-07 `$ref` other than its definitions (the index reads those its own way).
 *
 * @param root The document root; its own `$id` names the document and is allowed.
 * @param tokens The unescaped pointer tokens.
 * @param dialect The dialect in force.
 * @returns The schema there, or `undefined` when there is none or the index must decide.
 */
export function followSchemaPointer(
  root: SchemaObject,
  tokens: readonly string[],
  dialect: Dialect,
): PointedSchema | undefined {
  const siblingsApply = refHasSiblings(dialect);
  const idKeyword = idKeywordOf(dialect);
  const hasIdentity = (schema: SchemaObject): boolean =>
    Object.hasOwn(schema, idKeyword) || (idKeyword !== '$id' && Object.hasOwn(schema, '$id'));
  let current: SchemaObject = root;
  let position = 0;
  while (position < tokens.length) {
    if (current !== root && hasIdentity(current)) return undefined;
    const token = tokens[position]!;
    if (!Object.hasOwn(current, token) || token === '$ref') break;
    const value = current[token];
    const kind = keywordKind(token);
    if (!siblingsApply && kind !== KeywordKind.Definitions && typeof current.$ref === 'string') {
      return undefined;
    }
    let next: unknown;
    if (
      kind === KeywordKind.Schema ||
      (kind === KeywordKind.SchemaOrArray && !Array.isArray(value))
    ) {
      next = value;
      position += 1;
    } else if (
      (kind === KeywordKind.SchemaArray || kind === KeywordKind.SchemaOrArray) &&
      Array.isArray(value)
    ) {
      const token = tokens[position + 1];
      if (token === undefined) break;
      const item = arrayIndex(token);
      if (item === -1 || item >= value.length) return undefined;
      next = value[item];
      position += 2;
    } else if (
      (kind === KeywordKind.SchemaMap ||
        kind === KeywordKind.SchemaOrDataMap ||
        kind === KeywordKind.Definitions) &&
      isPlainObject(value)
    ) {
      const name = tokens[position + 1];
      if (name === undefined) break;
      if (!Object.hasOwn(value, name)) return undefined;
      next = value[name];
      if (kind === KeywordKind.SchemaOrDataMap && Array.isArray(next)) return undefined;
      position += 2;
    } else {
      break;
    }
    if (typeof next === 'boolean' && position === tokens.length) {
      return { value: next, definition: false };
    }
    if (!isPlainObject(next)) return undefined;
    current = next;
  }
  if (position === tokens.length) {
    if (hasIdentity(current)) return undefined;
    const definition =
      tokens.length === 2 &&
      current !== root &&
      keywordKind(tokens[0]!) === KeywordKind.Definitions;
    return { value: current, definition };
  }
  // The rest of the pointer leaves the schema keywords: read the raw JSON from here.
  const found = resolvePointer(current, tokens.slice(position));
  if (!found.found) return undefined;
  if (typeof found.value === 'boolean') return { value: found.value, definition: false };
  if (!isPlainObject(found.value)) return undefined;
  return { value: found.value, definition: false };
}
