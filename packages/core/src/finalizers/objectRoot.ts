import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic, JsonSchema } from '../types/index.ts';
import { previewJson } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { someReference } from '../utils/references.ts';
import type { Finalizer } from './types.ts';

/**
 * The root policy: MCP sends tool arguments as a JSON object, so a tool input schema needs an
 * object root. One module for the three ways to apply it: {@link describeNonObjectRoot} tells why
 * a root cannot be one, {@link requireObjectRoot} narrows a root or throws (a tool being
 * defined), {@link forceObjectRoot} narrows a root or falls back with a diagnostic and never
 * throws (a schema taken from elsewhere; the `root: 'object'` option, see
 * {@link objectRootFinalizer}).
 */

/** What the root admits: objects, nothing that could be an object, or cannot be told. */
type Verdict = { kind: 'object' } | { kind: 'unknown' } | { kind: 'other'; what: string };

const OBJECT: Verdict = { kind: 'object' };
const UNKNOWN: Verdict = { kind: 'unknown' };

/** Keywords that only constrain objects: a typeless schema with one of them means an object. */
export const OBJECT_KEYWORDS: readonly string[] = [
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
];

/**
 * Tells what a root describes when it can never be an object (`type "array"`, `nothing (the
 * schema is \`false\`)`, ...), as the explanation of a `root-not-object` error or diagnostic.
 *
 * @param schema A self-contained JSON Schema.
 * @returns What it describes instead of an object, or `undefined` when it can describe one.
 */
export function describeNonObjectRoot(schema: JsonSchema): string | undefined {
  const verdict = classify(schema, schema, new Set(), 0);
  return verdict.kind === 'other' ? verdict.what : undefined;
}

/** The first sentence of every `root-not-object` message. */
function notAnObjectRoot(what: string): string {
  return `A tool input schema must describe an object at its root (MCP sends tool arguments as a JSON object), but this one describes ${what}.`;
}

/**
 * Gives a tool input schema an object root, as MCP requires (`type: "object"`). A typeless root
 * that can describe an object gets `type: "object"`; a `type` list that includes `"object"`
 * becomes `"object"`. Both only narrow the schema to objects, and MCP never sends anything else as
 * tool arguments. A root that can never be an object is a mistake in the tool definition, so it
 * throws instead of producing a tool nobody can call.
 *
 * @param schema A self-contained JSON Schema (the result of the dereference pass; not mutated).
 * @returns The schema with `type: "object"` at its root (a new root object).
 * @throws ToolSchemaError with code `root-not-object` when the root cannot describe an object.
 */
export function requireObjectRoot(schema: JsonSchema): Record<string, unknown> {
  const what = describeNonObjectRoot(schema);
  if (what !== undefined) {
    throw new ToolSchemaError(
      'root-not-object',
      `${notAnObjectRoot(what)} Wrap the arguments in an object schema.`,
      '',
    );
  }
  // `false` describes nothing, so it threw above.
  return withObjectType(schema as true | Record<string, unknown>);
}

/** A root that can describe an object, with `type: "object"` (a new root object). */
function withObjectType(schema: true | Record<string, unknown>): Record<string, unknown> {
  if (schema === true) {
    return { type: 'object' };
  }
  if (schema.type === 'object') {
    return { ...schema };
  }
  // Rebuilt so `type` comes right after `$schema` and `$id`, where readers look for it.
  const { $schema, $id, type: _replacedType, ...rest } = schema;
  const head: Record<string, unknown> = {};
  if ($schema !== undefined) head.$schema = $schema;
  if ($id !== undefined) head.$id = $id;
  return { ...head, type: 'object', ...rest };
}

/**
 * Makes the root an object schema and never throws, for schemas ingested from elsewhere (another
 * server's `tools/list`): where {@link requireObjectRoot} can give the root `type: "object"` it
 * does (tool arguments are always objects, so nothing a client sends is lost); where the root
 * can never be an object it becomes a permissive object schema with a `root-not-object`
 * diagnostic.
 *
 * @param schema The dereferenced root (not mutated).
 * @param diagnostics Where the fallback is reported.
 * @returns An object schema with `type: "object"`.
 */
export function forceObjectRoot(
  schema: unknown,
  diagnostics: Diagnostic[],
): Record<string, unknown> {
  if (schema === false) return { type: 'object', not: {} };
  if (schema !== true && !isPlainObject(schema)) {
    diagnostics.push({
      code: 'root-not-object',
      pointer: '',
      message: 'The root is not a schema; it became a permissive object schema.',
    });
    return { type: 'object' };
  }
  const what = describeNonObjectRoot(schema);
  if (what === undefined) return withObjectType(schema as true | Record<string, unknown>);
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

/**
 * `root: 'object'`: gives the output an object root with {@link forceObjectRoot}. Nothing to do
 * with `root: 'any'`.
 *
 * @param schema The output so far.
 * @param context The call's context.
 * @returns The output with its root policy applied.
 */
export const objectRootFinalizer: Finalizer = (schema, context) => {
  if (context.options.root !== 'object') return schema;
  // The output is the pass's own: a root that already is an object schema needs no copy.
  if (
    isPlainObject(schema) &&
    (isObjectAsIs(schema) ||
      (schema.type === 'object' && describeNonObjectRoot(schema) === undefined))
  )
    return schema;
  // A document kept whole still refers to its root where it did: narrowed in place, the root
  // would narrow those references too (`child: { $ref: "#" }` under `type: ["object",
  // "string"]` would refuse a string child). The root goes in a resource of its own, which every
  // such reference then means, under an object root.
  if (
    context.keptWhole &&
    isPlainObject(schema) &&
    describeNonObjectRoot(schema) === undefined &&
    mayReferToRoot(schema)
  )
    return embedRoot(schema);
  return forceObjectRoot(schema, context.diagnostics);
};

/**
 * The `$id` of a root moved into a resource of its own ({@link embedRoot}) where it had none:
 * references inside it resolve against it as they resolved against the document before.
 */
const EMBEDDED_ROOT_ID = 'urn:toolschema:root';

/**
 * Whether a document may refer to its root: the root names itself (`$id`, an anchor), or a
 * reference is anything but a JSON Pointer below the root (`#`, an anchor, a URI).
 */
function mayReferToRoot(root: Record<string, unknown>): boolean {
  for (const key of ['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor']) {
    if (Object.hasOwn(root, key)) return true;
  }
  return someReference(root, (uri) => !uri.startsWith('#/'));
}

/**
 * An object root over a document's root moved into a resource of its own (its `$id`, or {@link
 * EMBEDDED_ROOT_ID}), so that what referred to the root (`#`, its anchors, its `$id`) still finds
 * it whole: `{ type: "object", allOf: [{ $id, ...root }] }`, `$schema`, `title` and
 * `description` kept at the top. The embedded root carries no dynamic anchor into the new outer
 * resource, so dynamic references resolve as before.
 */
function embedRoot(root: Record<string, unknown>): Record<string, unknown> {
  const { $schema, ...rest } = root;
  const embedded: Record<string, unknown> = Object.hasOwn(rest, '$id')
    ? rest
    : { $id: EMBEDDED_ROOT_ID, ...rest };
  const outer: Record<string, unknown> = {};
  if ($schema !== undefined) outer.$schema = $schema;
  outer.type = 'object';
  for (const key of ['title', 'description']) {
    if (Object.hasOwn(root, key)) outer[key] = root[key];
  }
  outer.allOf = [embedded];
  return outer;
}

/** Keywords beside `type: "object"` that can make a root describe something else. */
const NARROWING_KEYWORDS: ReadonlySet<string> = new Set([
  'const',
  'enum',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
]);

/**
 * The commonest root, `type: "object"` with nothing that could say otherwise: it describes
 * objects, told without the full verdict. Every `toProviderSchema` call asks this of its root:
 * one scan of the root's few keys costs less than asking for each of the six by name.
 */
function isObjectAsIs(node: Record<string, unknown>): boolean {
  if (node.type !== 'object') return false;
  for (const key in node) if (NARROWING_KEYWORDS.has(key)) return false;
  return true;
}

/**
 * How deep {@link classify} reads the subschemas that decide a root: past it, the verdict is
 * unknown, which only narrows the root to objects (MCP sends nothing else) and gives up the early
 * `root-not-object` error. The pass takes schemas 100,000 levels deep; a recursion that followed
 * them would overflow the stack.
 */
const MAX_VERDICT_DEPTH = 256;

/**
 * What a schema describes at the root: an object, something that never is one, or unknown.
 *
 * @param schema The schema (a root, or a subschema that applies to the root's instance).
 * @param root The root, whose definitions a kept `$ref` points into.
 * @param followed The `$ref`s already followed (a cycle reads as unknown).
 * @param depth How many subschemas deep `schema` stands.
 * @returns The verdict.
 */
function classify(
  schema: unknown,
  root: JsonSchema,
  followed: Set<string>,
  depth: number,
): Verdict {
  if (depth > MAX_VERDICT_DEPTH) return UNKNOWN;
  if (schema === true) {
    return UNKNOWN;
  }
  if (schema === false) {
    return { kind: 'other', what: 'nothing (the schema is `false`)' };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return UNKNOWN;
  }
  const node = schema as Record<string, unknown>;
  if (isObjectAsIs(node)) return OBJECT;
  // Every part below applies at once (they are conjunctive), so one non-object part decides.
  const parts: Verdict[] = [];
  if ('type' in node) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    parts.push(
      types.includes('object') ? OBJECT : { kind: 'other', what: `type ${previewJson(node.type)}` },
    );
  }
  if ('const' in node) {
    parts.push(
      isPlainObject(node.const)
        ? OBJECT
        : { kind: 'other', what: `const ${previewJson(node.const)}` },
    );
  }
  if (Array.isArray(node.enum)) {
    parts.push(
      node.enum.some(isPlainObject)
        ? OBJECT
        : { kind: 'other', what: `enum ${previewJson(node.enum)}` },
    );
  }
  if (typeof node.$ref === 'string') {
    parts.push(classifyRef(node.$ref, root, followed, depth + 1));
  }
  if (Array.isArray(node.allOf)) {
    // A loop, not a spread: an `allOf` of 200,000 members would overflow the call's arguments.
    for (const member of node.allOf) parts.push(classify(member, root, followed, depth + 1));
  }
  for (const keyword of ['anyOf', 'oneOf']) {
    const members = node[keyword];
    if (Array.isArray(members) && members.length > 0) {
      parts.push(
        either(
          keyword,
          members.map((member) => classify(member, root, followed, depth + 1)),
        ),
      );
    }
  }
  if (OBJECT_KEYWORDS.some((keyword) => keyword in node)) {
    parts.push(OBJECT);
  }
  return (
    parts.find((part) => part.kind === 'other') ??
    parts.find((part) => part.kind === 'object') ??
    UNKNOWN
  );
}

/** A union admits objects when one of its members does. */
function either(keyword: string, members: Verdict[]): Verdict {
  if (members.some((member) => member.kind === 'object')) {
    return OBJECT;
  }
  if (members.every((member) => member.kind === 'other')) {
    const whats = members.map((member) => (member.kind === 'other' ? member.what : ''));
    return { kind: 'other', what: `${keyword} of ${whats.join(', ')}` };
  }
  return UNKNOWN;
}

/** Follows a local `$ref` (left only where a cycle needs it) into the root's definitions. */
function classifyRef(ref: string, root: JsonSchema, followed: Set<string>, depth: number): Verdict {
  if (followed.has(ref) || typeof root !== 'object') {
    return UNKNOWN;
  }
  followed.add(ref);
  if (ref === '#') {
    return UNKNOWN;
  }
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? root[match[1] as string] : undefined;
  if (!match || typeof defs !== 'object' || defs === null) {
    return UNKNOWN;
  }
  const name = decodeURIComponent(match[2] as string)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~');
  return Object.hasOwn(defs, name)
    ? classify((defs as Record<string, unknown>)[name], root, followed, depth)
    : UNKNOWN;
}
