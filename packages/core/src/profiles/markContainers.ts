import type { CodecNode } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';

/**
 * How deep the marks go: past it a position gets none (decoding leaves it as it is). Models send
 * an object or array as a JSON string near the top of their arguments; the bound keeps the walk
 * short on a hostile, deeply nested schema.
 */
const MAX_MARK_DEPTH = 32;

/**
 * The codec of a wire schema whose values travel as they are (`mcp`, `openai`, `anthropic`): it
 * maps nothing, and marks where the schema wants an object or an array, so that decoding with
 * `repair` parses a string holding JSON there. A position is marked where every value it accepts
 * but `null` is an object (or an array): `type: "object"` (or `["object", "null"]`), or a union
 * (`anyOf`, `oneOf`) whose branches besides `null` are (inside several such branches, nothing is
 * marked). Where a string is also accepted, it is not marked: the string is a value there. `$ref`s (left only on cycles) are not followed.
 *
 * @param schema The wire schema.
 * @returns The codec's root: `null` where nothing is marked.
 */
export function markContainers(schema: unknown): CodecNode {
  return mark(schema, 0);
}

/** The marks of one position (see {@link markContainers}). */
function mark(schema: unknown, depth: number): CodecNode {
  const container = depth < MAX_MARK_DEPTH ? containerSchema(schema) : undefined;
  if (container === undefined) return null;
  const { kind, schema: wants } = container;
  if (kind === 'array') return markArray(wants, depth + 1);
  const node: Extract<CodecNode, { kind: 'object' }> = { kind: 'object' };
  if (isPlainObject(wants.properties)) {
    const properties: Record<string, CodecNode> = {};
    let marked = false;
    for (const key of Object.keys(wants.properties)) {
      const child = mark(wants.properties[key], depth + 1);
      if (child === null) continue;
      setOwn(properties, key, child);
      marked = true;
    }
    if (marked) node.properties = properties;
  }
  const rest = mark(wants.additionalProperties, depth + 1);
  if (rest !== null) node.rest = rest;
  return node;
}

/** The marks of an array position: its items, or a tuple's (2020-12 or draft-07 form). */
function markArray(schema: Record<string, unknown>, depth: number): CodecNode {
  const { prefixItems, items, additionalItems } = schema;
  if (Array.isArray(prefixItems) || Array.isArray(items)) {
    const prefix = (Array.isArray(prefixItems) ? prefixItems : (items as unknown[])).map((item) =>
      mark(item, depth),
    );
    const rest = mark(Array.isArray(prefixItems) ? items : additionalItems, depth);
    return { kind: 'tuple', prefix, items: rest };
  }
  return { kind: 'array', items: mark(items, depth) };
}

/**
 * The container a schema wants besides `null`, with the schema that describes it (a union's one
 * other branch), or undefined.
 */
function containerSchema(
  schema: unknown,
): { kind: 'object' | 'array'; schema: Record<string, unknown> } | undefined {
  if (!isPlainObject(schema)) return undefined;
  if (Object.hasOwn(schema, 'type')) {
    const kind = containerType(schema.type);
    return kind === undefined ? undefined : { kind, schema };
  }
  const branches = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined;
  if (branches === undefined) return undefined;
  const others = branches.filter((branch) => !(isPlainObject(branch) && branch.type === 'null'));
  if (others.length === 1) return containerSchema(others[0]);
  // Several branches of one container kind: the position is marked, what is inside is not (which
  // branch a value takes is the validator's to say).
  const kinds = new Set(others.map((branch) => containerSchema(branch)?.kind));
  const [kind] = kinds;
  return kinds.size === 1 && kind !== undefined ? { kind, schema: {} } : undefined;
}

/** `object` or `array` when a `type` allows that and nothing else but `null`. */
function containerType(type: unknown): 'object' | 'array' | undefined {
  if (type === 'object' || type === 'array') return type;
  if (!Array.isArray(type)) return undefined;
  const others = type.filter((name) => name !== 'null');
  return others.length === 1 && (others[0] === 'object' || others[0] === 'array')
    ? others[0]
    : undefined;
}
