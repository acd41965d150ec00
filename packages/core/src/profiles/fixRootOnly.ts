import type { Codec, Diagnostic } from '../types/index.ts';
import { visitSchemas } from '../visitSchemas/index.ts';
import { mergeAllOf } from './mergeAllOf.ts';
import type { Recipe } from './recipe.ts';
import { isPlainObjectRoot, mergeRootUnion, wrapRoot } from './rootObject.ts';

type SchemaObject = Record<string, unknown>;

/**
 * The rewrite of the lenient profiles (`openai`, `anthropic`), which accept the self-contained
 * schema but for its root: `$schema` removed, a root union merged into one object (or the root
 * wrapped), a root `allOf` merged, and draft-07 tuples and draft-04 bounds written in 2020-12
 * (Anthropic validates every schema against the 2020-12 meta-schema).
 *
 * @param root The self-contained schema (owned; rewritten in place).
 * @param recipe The profile's rules.
 * @param diagnostics Where the root fix is reported.
 * @returns The wire schema and the codec (the identity, or the unwrapping of the root).
 */
export function fixRootOnly(
  root: SchemaObject,
  recipe: Recipe,
  diagnostics: Diagnostic[],
): { schema: SchemaObject; codec: Codec } {
  let schema = mergeRootUnion(root, diagnostics);
  delete schema.$schema;
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged = mergeAllOf([rest, ...allOf]);
    if (merged !== undefined && merged.schema !== false && merged.described.length === 0)
      schema = merged.schema;
  }
  modernize(schema);
  if (isPlainObjectRoot(schema)) return { schema, codec: { version: 1, root: null } };
  const { $defs, definitions, ...inner } = schema;
  const wrapped = wrapRoot(inner, { version: 1, root: null }, recipe, diagnostics);
  if ($defs !== undefined) wrapped.schema.$defs = $defs;
  if (definitions !== undefined) wrapped.schema.definitions = definitions;
  return wrapped;
}

/** Writes draft-07 tuples and draft-04 exclusive bounds the 2020-12 way, in place. */
function modernize(schema: SchemaObject): void {
  visitSchemas(schema, (node) => {
    if (Array.isArray(node.items)) {
      node.prefixItems = node.items;
      if (node.additionalItems !== undefined) node.items = node.additionalItems;
      else delete node.items;
      delete node.additionalItems;
    }
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof node[exclusive] !== 'boolean') continue;
      if (node[exclusive] === true && typeof node[bound] === 'number') {
        node[exclusive] = node[bound];
        delete node[bound];
      } else {
        delete node[exclusive];
      }
    }
  });
}
