import { nonObjectRoot, notAnObjectRoot, toObjectRoot } from '../toObjectRoot/index.ts';
import type { Diagnostic, JsonSchema } from '../types/index.ts';

/**
 * Makes the root an object schema and never throws, for schemas ingested from elsewhere (another
 * server's `tools/list`): where {@link toObjectRoot} can give the root `type: "object"` it does
 * (tool arguments are always objects, so nothing a client sends is lost); where the root can
 * never be an object it becomes a permissive object schema with a `root-not-object` diagnostic.
 *
 * @param schema The dereferenced root (not mutated).
 * @param diagnostics Where the fallback is reported.
 * @returns An object schema with `type: "object"`.
 */
export function ensureObjectRoot(
  schema: unknown,
  diagnostics: Diagnostic[],
): Record<string, unknown> {
  if (schema === false) return { type: 'object', not: {} };
  if (schema !== true && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
    diagnostics.push({
      code: 'root-not-object',
      pointer: '',
      message: 'The root is not a schema; it became a permissive object schema.',
    });
    return { type: 'object' };
  }
  const what = nonObjectRoot(schema as JsonSchema);
  if (what === undefined) return toObjectRoot(schema as JsonSchema);
  const root = schema as Record<string, unknown>;
  diagnostics.push({
    code: 'root-not-object',
    pointer: Object.hasOwn(root, 'type') ? '/type' : '',
    message: `${notAnObjectRoot(what)} It became a permissive object schema.`,
  });
  const fallback: Record<string, unknown> = {};
  if (typeof root.$schema === 'string') fallback.$schema = root.$schema;
  fallback.type = 'object';
  for (const key of ['title', 'description']) {
    if (Object.hasOwn(root, key)) fallback[key] = root[key];
  }
  return fallback;
}
