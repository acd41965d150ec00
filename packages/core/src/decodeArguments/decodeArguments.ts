import { matchesGuard } from '../profiles/guards.ts';
import { isPassive } from '../profiles/passive.ts';
import type { Codec, CodecNode, DecodeOptions } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';

/**
 * Maps a model's arguments from the wire shape a provider profile listed back to the original
 * shape, for the original validator to judge: JSON strings parsed, string enums mapped back,
 * `{ key, value }` entries made an object again, `null` of an optional property made absent.
 * Total: any value in, never a throw, never a write to a prototype (keys such as `__proto__`
 * become own properties); what it cannot map is passed through for the validator to reject. The
 * input is not mutated; unchanged parts may be shared with it.
 *
 * @param codec The codec `toProviderSchema` returned with the wire schema.
 * @param wireArguments The arguments as the model sent them.
 * @param options `repair: true` parses a string holding JSON where an object or array is wanted.
 * @returns The arguments in the original shape.
 */
export function decodeArguments(
  codec: Codec,
  wireArguments: unknown,
  options: DecodeOptions = {},
): unknown {
  try {
    const root = isPlainObject(codec) ? (codec.root as CodecNode | undefined) : undefined;
    return decode(root ?? null, wireArguments, options.repair === true);
  } catch {
    return wireArguments;
  }
}

function decode(node: CodecNode, value: unknown, repair: boolean): unknown {
  if (node === null) return value;
  let wire = value;
  if (repair && typeof wire === 'string' && wantsContainer(node)) {
    const parsed = parseJson(wire);
    if (parsed !== null && typeof parsed === 'object') wire = parsed;
  }
  if (!repair && isPassive(node)) return wire;
  switch (node.kind) {
    case 'json': {
      if (typeof wire !== 'string') return wire;
      const parsed = parseJson(wire);
      return parsed === NOT_JSON ? wire : parsed;
    }
    case 'enum': {
      if (typeof wire !== 'string') return wire;
      const pair = node.pairs.find(([string]) => string === wire);
      return pair === undefined ? wire : pair[1];
    }
    case 'object':
      return decodeObject(node, wire, repair);
    case 'entries':
      return decodeEntries(node.value, wire, repair) ?? wire;
    case 'array':
      return Array.isArray(wire) ? wire.map((item) => decode(node.items, item, repair)) : wire;
    case 'tuple':
      return Array.isArray(wire)
        ? wire.map((item, index) =>
            decode(index < node.prefix.length ? node.prefix[index]! : node.items, item, repair),
          )
        : wire;
    case 'union': {
      const branch = node.branches.find((option) => matchesGuard(option.wire, wire));
      return branch === undefined ? wire : decode(branch.codec, wire, repair);
    }
    case 'wrap':
      return isPlainObject(wire) && Object.hasOwn(wire, node.property)
        ? decode(node.value, wire[node.property], repair)
        : wire;
    default:
      return wire;
  }
}

function decodeObject(
  node: Extract<CodecNode, { kind: 'object' }>,
  wire: unknown,
  repair: boolean,
): unknown {
  if (!isPlainObject(wire)) return wire;
  const out: Record<string, unknown> = {};
  const properties = node.properties;
  for (const key of Object.keys(wire)) {
    if (node.extra !== undefined && key === node.extra.property) continue;
    if (node.ignored?.includes(key)) continue;
    const value = wire[key];
    if (value === null && node.nullMeansAbsent?.includes(key)) continue;
    const listed = properties !== undefined && Object.hasOwn(properties, key);
    const codec = listed ? properties[key]! : (node.rest ?? null);
    setOwn(out, key, decode(codec, value, repair));
  }
  if (node.extra !== undefined && Object.hasOwn(wire, node.extra.property)) {
    const others = decodeEntries(node.extra.value, wire[node.extra.property], repair);
    if (others === undefined) return wire;
    for (const key of Object.keys(others)) {
      // A key sent both as a property and as an entry cannot be one object: left to the validator.
      if (Object.hasOwn(out, key)) return wire;
      setOwn(out, key, others[key]);
    }
  }
  return out;
}

/** `[{ key, value }]` → an object, or `undefined` when the array is not exactly that (or repeats a key). */
function decodeEntries(
  node: CodecNode,
  wire: unknown,
  repair: boolean,
): Record<string, unknown> | undefined {
  if (!Array.isArray(wire)) return undefined;
  const out: Record<string, unknown> = {};
  for (const entry of wire) {
    if (!isPlainObject(entry) || typeof entry.key !== 'string' || !Object.hasOwn(entry, 'value'))
      return undefined;
    if (Object.keys(entry).length !== 2 || Object.hasOwn(out, entry.key)) return undefined;
    setOwn(out, entry.key, decode(node, entry.value, repair));
  }
  return out;
}

/** Whether the original wants an object or an array at this node. */
function wantsContainer(node: Exclude<CodecNode, null>): boolean {
  switch (node.kind) {
    case 'object':
    case 'entries':
    case 'array':
    case 'tuple':
    case 'wrap':
      return true;
    case 'union':
      return node.branches.some(
        (branch) =>
          branch.wire.types?.some((type) => type === 'object' || type === 'array') ?? false,
      );
    default:
      return false;
  }
}

/** What {@link parseJson} returns for a string that is not JSON. */
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
