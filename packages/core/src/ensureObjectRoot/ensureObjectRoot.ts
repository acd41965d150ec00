import { setOwn } from '../cloneJson/index.ts';
import type { Diagnostic } from '../types/index.ts';

/**
 * Makes the root an object schema, as tool input schemas must be: adds `type: "object"` to a
 * typeless root (tool arguments are always objects, so nothing a client sends is lost), narrows
 * a type list that includes `"object"`, and replaces any other root by a permissive object with
 * a `root-not-object` diagnostic. Never throws.
 *
 * @param schema The dereferenced root (owned by the caller; may be reused).
 * @param diagnostics Where the fallback is reported.
 * @returns An object schema with `type: "object"`.
 */
export function ensureObjectRoot(
  schema: unknown,
  diagnostics: Diagnostic[],
): Record<string, unknown> {
  if (schema === true) return { type: 'object' };
  if (schema === false) return { type: 'object', not: {} };
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    diagnostics.push({
      code: 'root-not-object',
      pointer: '',
      message: 'The root is not a schema; it became a permissive object schema.',
    });
    return { type: 'object' };
  }
  const root = schema as Record<string, unknown>;
  const type = root.type;
  if (type === 'object') return root;
  if (type === undefined) return withType(root);
  if (Array.isArray(type) && type.includes('object')) {
    root.type = 'object';
    return root;
  }
  diagnostics.push({
    code: 'root-not-object',
    pointer: '/type',
    message: `The root has type ${JSON.stringify(type)}, but tool arguments are an object; it became a permissive object schema.`,
  });
  const fallback: Record<string, unknown> = {};
  if (typeof root.$schema === 'string') fallback.$schema = root.$schema;
  fallback.type = 'object';
  for (const key of ['title', 'description']) {
    if (Object.hasOwn(root, key)) fallback[key] = root[key];
  }
  return fallback;
}

/** Puts `type` right after `$schema`/`$id`, where a reader looks for it. */
function withType(root: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['$schema', '$id']) if (Object.hasOwn(root, key)) out[key] = root[key];
  out.type = 'object';
  for (const key of Object.keys(root)) setOwn(out, key, root[key]);
  return out;
}
