import { isPlainObject } from '../utils/isPlainObject.ts';
import { someReference } from '../utils/references.ts';
import type { Finalizer } from './types.ts';

/**
 * The `rootId: 'drop'` option: the root's `$id` (and a draft-04 root's `id`) left out where
 * nothing left in the output resolves against it. A self-contained tool schema only names itself
 * with it, and a consumer that registers schemas by `$id` (Ajv, the MCP SDK's validator, which
 * reuses the schema it compiled first for an `$id`) judges a second tool that shares it, or the
 * same tool listed again after a change, by the first one. Same instances: every reference left
 * is a fragment of this document (`#/$defs/…`, `#`, an anchor), found the same with or without a
 * base URI; a reference to anything else (another document, a relative URI, the `$id` itself)
 * keeps it. An `$id` the root moved into a resource of its own (`objectRoot`) is not the root's.
 *
 * @param schema The output so far (the pass's own: changed in place).
 * @param context The call's context.
 * @returns The output, without its root identifier where it needs none.
 */
export const dropRootIdFinalizer: Finalizer = (schema, context) => {
  if (context.options.rootId !== 'drop' || !isPlainObject(schema)) return schema;
  // Validators read `$id` whatever the dialect (Ajv does); `id` names the root only in draft-04.
  const keys = context.dialect === 'draft-04' ? ['$id', 'id'] : ['$id'];
  const named = keys.filter((key) => typeof schema[key] === 'string');
  if (named.length === 0 || someReference(schema, (uri) => !uri.startsWith('#'))) return schema;
  for (const key of named) delete schema[key];
  return schema;
};
