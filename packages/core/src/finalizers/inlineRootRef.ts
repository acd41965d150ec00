import type { Dialect, JsonSchema } from '../types/index.ts';
import { cloneTree, setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { annotateReference, mergeReference } from '../utils/mergeReference.ts';
import { isAnnotation, refHasSiblings } from '../vocabulary/index.ts';
import type { Finalizer, KeptCycles } from './types.ts';

/** Root keywords that belong to the document, not to the schema the root `$ref` names. */
const DOCUMENT_KEYWORDS = ['$schema', '$id'];

/**
 * A root that is a `$ref` to a definition on a cycle, as a recursive root model lists it
 * (Pydantic's `{ "$ref": "#/$defs/Node", "$defs": ... }`, an ArkType type whose scope recurses
 * through it): the road keeps the `$ref`, since the definition is on a cycle, and a model would
 * see a tool whose root names no parameter. The root gets one copy of the definition instead,
 * merged with the keywords beside the `$ref` as a `$ref` is anywhere else, and the definition
 * stays in `$defs` for the recursion inside. Same instances: every kept `$ref` points into
 * `$defs`, never at the root, so the root is read once.
 *
 * @param schema The output so far.
 * @param context The call's context.
 * @returns The output with its root `$ref` inlined, or as it was.
 */
export const inlineRootRefFinalizer: Finalizer = (schema, context) => {
  const { cycles, dialect } = context;
  if (cycles === undefined) return schema;
  let root = schema;
  // A definition that is itself a `$ref` to another (an alias) leaves a `$ref` at the root: the
  // next one is inlined too, each definition once.
  const inlined = new Set<string>();
  for (let next = inlineOnce(root, cycles, dialect, inlined); next !== root; ) {
    root = next;
    next = inlineOnce(root, cycles, dialect, inlined);
  }
  return root;
};

/** The root with the definition its `$ref` names inlined once, or the root as it was. */
function inlineOnce(
  schema: JsonSchema,
  cycles: KeptCycles,
  dialect: Dialect,
  inlined: Set<string>,
): JsonSchema {
  if (!isPlainObject(schema) || typeof schema.$ref !== 'string') return schema;
  const { defsKeyword } = cycles;
  const prefix = `#/${defsKeyword}/`;
  const defs = schema[defsKeyword];
  const name = schema.$ref.startsWith(prefix) ? schema.$ref.slice(prefix.length) : undefined;
  if (
    name === undefined ||
    inlined.has(name) ||
    !cycles.names.has(name) ||
    !isPlainObject(defs) ||
    !Object.hasOwn(defs, name)
  ) {
    return schema;
  }
  inlined.add(name);
  const head: Record<string, unknown> = {};
  const siblings: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    if (key === '$ref' || key === defsKeyword) continue;
    if (DOCUMENT_KEYWORDS.includes(key)) head[key] = schema[key];
    else setOwn(siblings, key, schema[key]);
  }
  // Where keywords beside `$ref` do not apply (draft-07 and older), only annotations may stay.
  const siblingsApply = refHasSiblings(dialect);
  if (!siblingsApply && Object.keys(siblings).some((key) => !isAnnotation(key))) return schema;
  const target = cloneTree(defs[name]);
  // A definition with document keywords of its own, or its own definitions, keeps its `$ref`.
  if (
    isPlainObject(target) &&
    [...DOCUMENT_KEYWORDS, defsKeyword].some((key) => Object.hasOwn(target, key))
  ) {
    return schema;
  }
  const body = siblingsApply
    ? mergeReference(siblings, target)
    : annotateReference(siblings, target);
  if (!isPlainObject(body)) return schema;
  const root: Record<string, unknown> = { ...head };
  for (const key of Object.keys(body)) setOwn(root, key, body[key]);
  root[defsKeyword] = defs;
  return root;
}
