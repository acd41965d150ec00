import type { CodecNode, JsonType } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { localReferenceResolver } from '../utils/pointer.ts';
import { guardTypesOf, mayAcceptNull } from './guards.ts';
import { isNullSchema } from './nullable.ts';

/**
 * How deep the marks go: past it a position gets none (decoding leaves it as it is). Models send
 * an object or array as a JSON string near the top of their arguments; the bound keeps the walk
 * short on a hostile, deeply nested schema.
 */
const MAX_MARK_DEPTH = 32;

/** What {@link markRepairs} marks besides containers, and where it must not. */
export interface RepairMarking {
  /**
   * Whether optional properties that refuse `null` are listed (`strayNull`): only where the
   * wire schema's `properties` are the original's.
   */
  strayNull: boolean;
  /**
   * Properties of the root object (under a wrapped root, of the object it wraps) that get no
   * marks at all: a merged root union's properties that a branch leaves open, where the wire's
   * schema is not the only one a value may meet.
   */
  unsure: readonly string[];
}

/** The marking of one call: the options read once, and how the wire's `$ref`s resolve. */
interface Marking {
  /** {@link RepairMarking.strayNull}. */
  strayNull: boolean;
  /** {@link RepairMarking.unsure}, as a set: a merge of 10⁴ branches may narrow as many names. */
  unsure: ReadonlySet<string>;
  /** What a `$ref` of the wire schema points to (`undefined`: nowhere). */
  resolve: (ref: string) => unknown;
}

/** Whether a property gets no marks: one of the root's `unsure` ones. */
function isUnsure(key: string, depth: number, marking: Marking): boolean {
  return depth === 0 && marking.unsure.has(key);
}

/**
 * A profile's codec with the marks `repair` reads (`decodeArguments` with `repair`):
 *
 * - where the wire schema wants an object or an array, a string holding JSON is parsed. A
 *   position is marked where every value the wire accepts but `null` is an object (or an array):
 *   `type: "object"` (or `["object", "null"]`), or a union (`anyOf`, `oneOf`) whose branches
 *   besides `null` are (inside several such branches, nothing is marked). Where a string is also
 *   accepted, it is not marked: the string is a value there. Inside a union whose branches take
 *   types no other branch takes, the branch a value's type names is marked (see `markUnion`).
 * - with `strayNull`, an optional property whose schema refuses `null` is listed in its
 *   object's `strayNull`: a `null` there is dropped, read as the property left out (what a model
 *   sends when it was told that optional means nullable). Only where the wire is the original
 *   schema (a profile that fixes the root alone): a profile that rewrites may give a type to a
 *   schema that names none (`profile-type-inferred`), and then the wire refuses a `null` the
 *   original accepts.
 *
 * A merged root union's properties that some branch leaves open get neither (`unsure`): that
 * branch takes a string or `null` there; where the codec maps such a property, its object lists
 * it in `unrepaired`, so that its own objects and arrays are not repaired either. `$ref`s (left only on cycles) are not followed for
 * marks, only to tell whether a property refuses `null` (a cycle's target may). Where the codec
 * already maps, its nodes are
 * kept and marks are added below them (objects, arrays, tuples, entries, a wrapped root);
 * unions, JSON strings and enums are left as they are. The codec is not changed: nodes that gain
 * marks are copied.
 *
 * @param node The profile's codec node for the wire schema (`null`: it maps nothing).
 * @param schema The wire schema.
 * @param marking What to mark besides containers, and where not to.
 * @returns The node with the marks.
 */
export function markRepairs(node: CodecNode, schema: unknown, marking: RepairMarking): CodecNode {
  const resolve = localReferenceResolver(schema);
  const unsure = new Set(marking.unsure);
  return withMarks(node, schema, 0, { strayNull: marking.strayNull, unsure, resolve });
}

/** The marks of one position, kept with what its codec node maps (see {@link markRepairs}). */
function withMarks(node: CodecNode, schema: unknown, depth: number, marking: Marking): CodecNode {
  if (node === null) return mark(schema, depth, marking);
  if (depth >= MAX_MARK_DEPTH) return node;
  const wants = containerSchema(schema)?.schema ?? {};
  switch (node.kind) {
    case 'object':
      return objectWithMarks(node, wants, depth, marking);
    case 'array': {
      const items = withMarks(node.items, wants.items, depth + 1, marking);
      return items === node.items ? node : { ...node, items };
    }
    case 'tuple': {
      const prefixSchemas = Array.isArray(wants.prefixItems) ? wants.prefixItems : [];
      const prefix = node.prefix.map((item, index) =>
        withMarks(item, prefixSchemas[index], depth + 1, marking),
      );
      const items = withMarks(node.items, wants.items, depth + 1, marking);
      const same =
        items === node.items && prefix.every((item, index) => item === node.prefix[index]);
      return same ? node : { ...node, prefix, items };
    }
    case 'entries': {
      // `[{ key, value }]`: the value's schema is the items' `value` property.
      const entry = isPlainObject(wants.items) ? wants.items : {};
      const values = isPlainObject(entry.properties) ? entry.properties.value : undefined;
      const value = withMarks(node.value, values, depth + 1, marking);
      return value === node.value ? node : { ...node, value };
    }
    case 'wrap': {
      const properties = isPlainObject(wants.properties) ? wants.properties : {};
      const value = withMarks(node.value, properties[node.property], depth, marking);
      return value === node.value ? node : { ...node, value };
    }
    default:
      return node;
  }
}

/** An object node with the marks of its properties and of the values of unlisted keys. */
function objectWithMarks(
  node: Extract<CodecNode, { kind: 'object' }>,
  wants: Record<string, unknown>,
  depth: number,
  marking: Marking,
): CodecNode {
  let properties = node.properties;
  let changed = false;
  let unrepaired: string[] | undefined;
  if (isPlainObject(wants.properties)) {
    for (const key of Object.keys(wants.properties)) {
      // The entries of unlisted keys and placeholders are the node's own to decode.
      if (key === node.extra?.property || node.ignored?.includes(key) === true) continue;
      const child =
        properties !== undefined && Object.hasOwn(properties, key)
          ? (properties[key] as CodecNode)
          : null;
      if (isUnsure(key, depth, marking)) {
        // The codec's own objects and arrays there would repair too: they are told not to.
        if (child !== null) {
          unrepaired ??= [];
          unrepaired.push(key);
        }
        continue;
      }
      const marked = withMarks(child, wants.properties[key], depth + 1, marking);
      if (marked === child) continue;
      if (!changed) properties = { ...properties };
      setOwn(properties as Record<string, CodecNode>, key, marked);
      changed = true;
    }
  }
  // With `extra`, unlisted keys travel as entries under a property of their own.
  const rest =
    node.extra === undefined
      ? withMarks(node.rest ?? null, wants.additionalProperties, depth + 1, marking)
      : (node.rest ?? null);
  if (!changed && rest === (node.rest ?? null) && unrepaired === undefined) return node;
  const copy = { ...node };
  if (properties !== undefined) copy.properties = properties;
  if (rest !== null) copy.rest = rest;
  if (unrepaired !== undefined) copy.unrepaired = unrepaired;
  return copy;
}

/**
 * The optional properties of an object schema whose schema surely refuses `null` ({@link
 * mayAcceptNull}, a `$ref` followed; an OpenAPI `nullable: true` counts as taking it), in listing
 * order; `undefined` where there are none.
 */
function strayNullKeys(
  schema: Record<string, unknown>,
  depth: number,
  marking: Marking,
): string[] | undefined {
  if (!isPlainObject(schema.properties)) return undefined;
  // A set: an object may list thousands of properties and as many required names.
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  let keys: string[] | undefined;
  for (const key of Object.keys(schema.properties)) {
    const property = schema.properties[key];
    if (required.has(key) || !isPlainObject(property) || property.nullable === true) continue;
    if (isUnsure(key, depth, marking)) continue;
    if (mayAcceptNull(property, marking.resolve)) continue;
    keys ??= [];
    keys.push(key);
  }
  return keys;
}

/** The marks of one position (see {@link markRepairs}). */
function mark(schema: unknown, depth: number, marking: Marking): CodecNode {
  if (depth >= MAX_MARK_DEPTH) return null;
  const container = containerSchema(schema);
  if (container === undefined) return markUnion(schema, depth, marking);
  const { kind, schema: wants } = container;
  if (kind === 'array') return markArray(wants, depth + 1, marking);
  const node: Extract<CodecNode, { kind: 'object' }> = { kind: 'object' };
  if (isPlainObject(wants.properties)) {
    const properties: Record<string, CodecNode> = {};
    let marked = false;
    for (const key of Object.keys(wants.properties)) {
      if (isUnsure(key, depth, marking)) continue;
      const child = mark(wants.properties[key], depth + 1, marking);
      if (child === null) continue;
      setOwn(properties, key, child);
      marked = true;
    }
    if (marked) node.properties = properties;
  }
  const rest = mark(wants.additionalProperties, depth + 1, marking);
  if (rest !== null) node.rest = rest;
  if (marking.strayNull) {
    const strayNull = strayNullKeys(wants, depth, marking);
    if (strayNull !== undefined) node.strayNull = strayNull;
  }
  return node;
}

/**
 * The marks of a union (`anyOf` or `oneOf`) whose branches besides `null` take types no other
 * branch takes (`integer` counted as a `number`): a value's type then names the one branch that
 * may accept it, and that branch's marks apply (`{ list: "[\"a\"]" }` where the object branch of
 * `anyOf: [object, string]` wants an array). A union node of every such branch, each guarded by
 * its types, so a string stays a string where a branch takes one. `null` where no branch marks
 * anything, or where two branches share a type (which branch a value takes is the validator's
 * to say), or a branch's types are unknown (a `$ref`, a schema without `type`).
 */
function markUnion(schema: unknown, depth: number, marking: Marking): CodecNode {
  if (!isPlainObject(schema)) return null;
  const { anyOf, oneOf } = schema;
  const branches = Array.isArray(anyOf) ? anyOf : oneOf;
  if (!Array.isArray(branches) || (Array.isArray(anyOf) && Array.isArray(oneOf))) return null;
  const taken = new Set<JsonType>();
  const marked: Array<{ types: JsonType[]; codec: CodecNode }> = [];
  let marks = false;
  for (const branch of branches) {
    if (isNullSchema(branch)) continue;
    const types = guardTypesOf(branch)?.filter((type) => type !== 'null');
    if (types === undefined) return null;
    for (const type of types) {
      const kind = type === 'integer' ? 'number' : type;
      if (taken.has(kind)) return null;
      taken.add(kind);
    }
    // A level of its own: unions nested in unions stop at the depth bound too. A value reaches a
    // branch already of its type: a branch's marks count only where they reach inside it.
    const inside = mark(branch, depth + 1, marking);
    const codec = inside !== null && marksInside(inside) ? inside : null;
    marks ||= codec !== null;
    marked.push({ types, codec });
  }
  if (!marks) return null;
  return {
    kind: 'union',
    branches: marked.map(({ types, codec }) => ({
      wire: { types: [...types] },
      original: { types: [...types] },
      codec,
    })),
  };
}

/** Whether a node of marks repairs something inside a value that is already an object or array. */
function marksInside(node: Exclude<CodecNode, null>): boolean {
  switch (node.kind) {
    case 'object':
      return (
        node.properties !== undefined || node.rest !== undefined || node.strayNull !== undefined
      );
    case 'array':
      return node.items !== null;
    case 'tuple':
      return node.items !== null || node.prefix.some((item) => item !== null);
    default:
      return true;
  }
}

/** The marks of an array position: its items, or a tuple's (2020-12 or draft-07 form). */
function markArray(schema: Record<string, unknown>, depth: number, marking: Marking): CodecNode {
  const { prefixItems, items, additionalItems } = schema;
  if (Array.isArray(prefixItems) || Array.isArray(items)) {
    const prefix = (Array.isArray(prefixItems) ? prefixItems : (items as unknown[])).map((item) =>
      mark(item, depth, marking),
    );
    const rest = mark(Array.isArray(prefixItems) ? items : additionalItems, depth, marking);
    return { kind: 'tuple', prefix, items: rest };
  }
  return { kind: 'array', items: mark(items, depth, marking) };
}

/**
 * The container a schema wants besides `null` (the types its guard allows, {@link
 * guardTypesOf}), with the schema that describes it: the schema itself, or a union's one branch
 * besides `null`; a union of several such branches is marked without what is inside (which
 * branch a value takes is the validator's to say).
 */
function containerSchema(
  schema: unknown,
): { kind: 'object' | 'array'; schema: Record<string, unknown> } | undefined {
  if (!isPlainObject(schema)) return undefined;
  const types = guardTypesOf(schema)?.filter((type) => type !== 'null');
  const kind = types?.length === 1 ? types[0] : undefined;
  if (kind !== 'object' && kind !== 'array') return undefined;
  if (Object.hasOwn(schema, 'type')) return { kind, schema };
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
  const others = Array.isArray(branches) ? branches.filter((branch) => !isNullSchema(branch)) : [];
  const only = others.length === 1 ? containerSchema(others[0]) : undefined;
  return { kind, schema: only?.kind === kind ? only.schema : {} };
}
