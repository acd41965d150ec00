import type { CodecNode, JsonValue } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { isAmong, keySetOf } from '../utils/keyLists.ts';
import { compileGuard, type GuardTest } from './guards.ts';
import { NOT_JSON, newKeyCache, readJsonText } from './jsonText.ts';
import { PlainObject } from './plainObject.ts';
import {
  type CompiledProperties,
  compiledPerNode,
  compileProperties,
  IDENTITY,
  MALFORMED,
  mapArrayItems,
  mappedIndexOf,
  mapTupleItems,
  stringList,
  type ValueMap,
} from './valueMaps.ts';

/** Maps one wire value to the original shape (see {@link ValueMap}). */
export type Decoder = ValueMap;

const plainDecoderOf = compiledPerNode((node) => compile(node, false));
const repairDecoderOf = compiledPerNode((node) => compile(node, true));

/**
 * The decoder of a codec node, compiled on first use and kept per node object (a codec must not
 * be changed after it has been used to decode). A node that maps nothing compiles to
 * {@link IDENTITY}. Compiling never throws: a malformed position compiles to a decoder that does.
 *
 * @param node A codec node.
 * @param repair Whether strings holding JSON are parsed where an object or array is wanted.
 * @returns The decoder.
 */
export function decoderOf(node: CodecNode, repair: boolean): Decoder {
  return repair ? repairDecoderOf(node) : plainDecoderOf(node);
}

function compile(node: Exclude<CodecNode, null>, repair: boolean): Decoder {
  let decoder: Decoder;
  switch (node.kind) {
    case 'json':
      decoder = compileJson();
      break;
    case 'enum':
      decoder = compileEnum(node.pairs);
      break;
    case 'object':
      decoder = compileObject(node, repair);
      break;
    case 'entries': {
      const value = decoderOf(node.value, repair);
      decoder = function decodeEntries(wire: unknown): unknown {
        return entriesToObject(value, wire) ?? wire;
      };
      break;
    }
    case 'array':
      decoder = mapArrayItems(decoderOf(node.items, repair));
      break;
    case 'tuple':
      decoder = mapTupleItems(
        node.prefix.map((item) => decoderOf(item, repair)),
        decoderOf(node.items, repair),
      );
      break;
    case 'union':
      decoder = compileUnion(node.branches, repair);
      break;
    case 'wrap':
      decoder = compileWrap(node.property, decoderOf(node.value, repair));
      break;
    default:
      decoder = IDENTITY;
  }
  return repair && wantsContainer(node) ? withRepair(decoder) : decoder;
}

/** Parses a string holding JSON into an object or array before `decoder` runs (`repair`). */
function withRepair(decoder: Decoder): Decoder {
  const keys = newKeyCache();
  return function decodeRepaired(wire: unknown): unknown {
    if (typeof wire === 'string') {
      const parsed = readJsonText(wire, keys);
      if (parsed !== null && typeof parsed === 'object') return decoder(parsed);
    }
    return decoder(wire);
  };
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

/** The decoder of a `json` node: a string is read as JSON, with the node's own key cache. */
function compileJson(): Decoder {
  const keys = newKeyCache();
  return function decodeJson(wire: unknown): unknown {
    if (typeof wire !== 'string') return wire;
    const parsed = readJsonText(wire, keys);
    return parsed === NOT_JSON ? wire : parsed;
  };
}

function compileEnum(pairs: Array<[string, JsonValue]>): Decoder {
  // The first pair of a wire string wins, as a linear search would find it.
  const originals = new Map<string, JsonValue>();
  for (const [string, original] of pairs) {
    if (!originals.has(string)) originals.set(string, original);
  }
  return function decodeEnum(wire: unknown): unknown {
    if (typeof wire !== 'string') return wire;
    const original = originals.get(wire);
    return original === undefined && !originals.has(wire) ? wire : original;
  };
}

function compileUnion(
  branches: Extract<CodecNode, { kind: 'union' }>['branches'],
  repair: boolean,
): Decoder {
  const decoders = branches.map((branch) => decoderOf(branch.codec, repair));
  if (decoders.every((decoder) => decoder === IDENTITY)) return IDENTITY;
  const guards: GuardTest[] = branches.map((branch) => compileGuard(branch.wire));
  return function decodeUnion(wire: unknown): unknown {
    return decodeFirstMatch(guards, decoders, wire);
  };
}

/** Decodes with the decoder of the first branch whose guard matches (none: the value itself). */
function decodeFirstMatch(guards: GuardTest[], decoders: Decoder[], wire: unknown): unknown {
  for (let index = 0; index < guards.length; index++) {
    if ((guards[index] as GuardTest)(wire)) return (decoders[index] as Decoder)(wire);
  }
  return wire;
}

function compileWrap(property: string, value: Decoder): Decoder {
  return function decodeWrapped(wire: unknown): unknown {
    return isPlainObject(wire) && Object.hasOwn(wire, property) ? value(wire[property]) : wire;
  };
}

/**
 * `[{ key, value }]` → a new object, each value decoded; `undefined` when the array is not exactly
 * that (or repeats a key). Keys come from the wire: stored as own properties, `__proto__`
 * included.
 */
function entriesToObject(value: Decoder, wire: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(wire)) return undefined;
  const out: Record<string, unknown> = new PlainObject();
  for (let index = 0; index < wire.length; index++) {
    const entry: unknown = wire[index];
    if (!isPlainObject(entry)) return undefined;
    const key = entry.key;
    if (typeof key !== 'string' || !hasOnlyKeyAndValue(entry) || isOwn.call(out, key)) {
      return undefined;
    }
    const decoded = value === IDENTITY ? entry.value : value(entry.value);
    // A store of its own (not `setOwn`'s): V8 keeps one cache of object shapes per site.
    if (key === '__proto__') setOwn(out, key, decoded);
    else out[key] = decoded;
  }
  return out;
}

/**
 * Whether an object's own enumerable keys are exactly `key` and `value`: two own keys, each one
 * of them (own keys are distinct). One walk, whose own-key tests V8 optimizes inside `for...in`,
 * instead of a walk that counts them and a test of `value` apart.
 */
function hasOnlyKeyAndValue(object: object): boolean {
  let count = 0;
  for (const name in object) {
    if (!isOwn.call(object, name)) continue;
    if (name !== 'key' && name !== 'value') return false;
    count++;
  }
  return count === 2;
}

/**
 * `Object.prototype.hasOwnProperty`: the own-key test V8 optimizes inside `for...in`, and a
 * cheaper call than `Object.hasOwn` elsewhere (same answer for an object and a string key).
 */
const isOwn = Object.prototype.hasOwnProperty;

/** Keys of `Object.prototype`: a read of one on a wire object may find the inherited value. */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * An object node, compiled: what decoding one of its values reads. The decoding itself is done
 * by module functions that take this record, not by closures made per node: V8 runs the key
 * walks of one shared function markedly faster (measured ~35% on a copy) than the same walk in
 * a closure made for each node.
 */
interface CompiledObject {
  /** The listed properties. */
  properties: CompiledProperties;
  /** Whether each mapped key is a key of `Object.prototype` (read as an own key only). */
  mappedInherited: boolean[];
  /**
   * Keys whose `null` means absent, as listed and, where the list is long, as a set
   * ({@link keySetOf}, read by {@link isAmong}).
   */
  nullKeys: string[];
  nullMeansAbsent: ReadonlySet<string> | undefined;
  /** Keys dropped whatever they hold, as listed and, where the list is long, as a set. */
  ignoredKeys: string[];
  ignored: ReadonlySet<string> | undefined;
  /** The decoder of unlisted keys. */
  rest: Decoder;
  /** The wire property holding the other keys as entries, and their decoder (no `extra`: none). */
  extraProperty: string | undefined;
  extraValue: Decoder | undefined;
}

/**
 * An object node: drops `ignored` keys and `null` where it means absent, decodes listed
 * properties with their codec and the others with `rest`, merges the `extra` entries.
 */
function compileObject(node: Extract<CodecNode, { kind: 'object' }>, repair: boolean): Decoder {
  const properties = compileProperties(node.properties, (child) => decoderOf(child, repair));
  const nullKeys = stringList(node.nullMeansAbsent);
  const ignoredKeys = stringList(node.ignored);
  const rest = node.rest === undefined ? IDENTITY : decoderOf(node.rest, repair);
  const extra = node.extra;
  if (extra !== undefined && !isPlainObject(extra)) return MALFORMED;
  if (
    properties.mappedKeys.length === 0 &&
    nullKeys.length === 0 &&
    ignoredKeys.length === 0 &&
    rest === IDENTITY &&
    extra === undefined
  ) {
    return IDENTITY;
  }
  const compiled: CompiledObject = {
    properties,
    mappedInherited: properties.mappedKeys.map((key) => INHERITED.has(key)),
    nullKeys,
    nullMeansAbsent: keySetOf(nullKeys),
    ignoredKeys,
    ignored: keySetOf(ignoredKeys),
    rest,
    extraProperty: extra?.property,
    extraValue: extra === undefined ? undefined : decoderOf(extra.value, repair),
  };
  if (rest === IDENTITY && extra === undefined) {
    return function decodeObject(wire: unknown): unknown {
      return decodeShapedObject(compiled, wire);
    };
  }
  return function decodeObject(wire: unknown): unknown {
    return isPlainObject(wire) ? decodeAnyObject(compiled, wire) : wire;
  };
}

/**
 * The common case (no `rest` mapping, no `extra`): the codec's own key lists tell whether
 * anything changes, and the input comes back as it is when nothing does. A read may find a
 * value on the prototype chain: at worst that costs a copy, which takes own keys only.
 */
function decodeShapedObject(node: CompiledObject, wire: unknown): unknown {
  if (!isPlainObject(wire)) return wire;
  const { nullKeys, ignoredKeys } = node;
  for (let index = 0; index < nullKeys.length; index++) {
    if (wire[nullKeys[index] as string] === null) return copyObject(node, wire, 0, -1, undefined);
  }
  for (let index = 0; index < ignoredKeys.length; index++) {
    if (isOwn.call(wire, ignoredKeys[index] as string)) {
      return copyObject(node, wire, 0, -1, undefined);
    }
  }
  const { mappedKeys, mappedMaps } = node.properties;
  for (let index = 0; index < mappedKeys.length; index++) {
    const key = mappedKeys[index] as string;
    const value = wire[key];
    // An absent key reads as `undefined`, which every decoder maps to itself; a key of
    // `Object.prototype` counts only as an own key.
    if (value === undefined || (node.mappedInherited[index] && !isOwn.call(wire, key))) continue;
    const decoded = (mappedMaps[index] as Decoder)(value);
    if (decoded !== value) return copyObject(node, wire, index, index, decoded);
  }
  return wire;
}

/**
 * Copies an object once something in it changes: the keys in wire order, dropped ones left
 * out; the mapped keys from index `checked` on are decoded (those before it were found
 * unchanged), the one at `pending` (if any) is `pendingValue`, already decoded.
 */
function copyObject(
  node: CompiledObject,
  wire: Record<string, unknown>,
  checked: number,
  pending: number,
  pendingValue: unknown,
): Record<string, unknown> {
  const { properties, nullKeys, nullMeansAbsent, ignoredKeys, ignored } = node;
  if (checked >= properties.mappedKeys.length) return copyDropping(node, wire);
  const out: Record<string, unknown> = new PlainObject();
  // `for...in` with an own-key test walks the keys as `Object.keys` orders them, without
  // building that array.
  for (const key in wire) {
    if (!isOwn.call(wire, key)) continue;
    let value = wire[key];
    if (isAmong(ignoredKeys, ignored, key)) continue;
    if (value === null && isAmong(nullKeys, nullMeansAbsent, key)) continue;
    const mapped = mappedIndexOf(properties, key);
    if (mapped >= checked) {
      value = mapped === pending ? pendingValue : (properties.mappedMaps[mapped] as Decoder)(value);
    }
    if (key === '__proto__') setOwn(out, key, value);
    else out[key] = value;
  }
  return out;
}

/** {@link copyObject} when no value is left to decode: only the dropped keys go. */
function copyDropping(
  node: CompiledObject,
  wire: Record<string, unknown>,
): Record<string, unknown> {
  const { nullKeys, nullMeansAbsent, ignoredKeys, ignored } = node;
  const out: Record<string, unknown> = new PlainObject();
  for (const key in wire) {
    if (!isOwn.call(wire, key)) continue;
    const value = wire[key];
    if (
      (value === null && isAmong(nullKeys, nullMeansAbsent, key)) ||
      isAmong(ignoredKeys, ignored, key)
    ) {
      continue;
    }
    if (key === '__proto__') setOwn(out, key, value);
    else out[key] = value;
  }
  return out;
}

/** Any other object: one walk over its keys, copied at the first change. */
function decodeAnyObject(node: CompiledObject, wire: Record<string, unknown>): unknown {
  const { properties, nullKeys, nullMeansAbsent, ignoredKeys, ignored } = node;
  const { rest, extraProperty, extraValue } = node;
  const keys = Object.keys(wire);
  let out: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const value = wire[key];
    const dropped =
      key === extraProperty ||
      isAmong(ignoredKeys, ignored, key) ||
      (value === null && isAmong(nullKeys, nullMeansAbsent, key));
    if (dropped) {
      out ??= copyPrefix(wire, keys, index);
      continue;
    }
    const decoder = properties.listed.get(key) ?? rest;
    const decoded = decoder === IDENTITY ? value : decoder(value);
    if (out !== undefined) setOwn(out, key, decoded);
    else if (decoded !== value) {
      out = copyPrefix(wire, keys, index);
      setOwn(out, key, decoded);
    }
  }
  if (extraValue !== undefined && isOwn.call(wire, extraProperty as string)) {
    const others = entriesToObject(extraValue, wire[extraProperty as string]);
    if (others === undefined) return wire;
    out ??= copyPrefix(wire, keys, keys.length);
    for (const key of Object.keys(others)) {
      // A key sent both as a property and as an entry cannot be one object: left to the validator.
      if (isOwn.call(out, key)) return wire;
      setOwn(out, key, others[key]);
    }
  }
  return out ?? wire;
}

/** A copy of the first `count` keys of an object, none of which changes. */
function copyPrefix(
  wire: Record<string, unknown>,
  keys: readonly string[],
  count: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = new PlainObject();
  for (let index = 0; index < count; index++) {
    const key = keys[index] as string;
    setOwn(out, key, wire[key]);
  }
  return out;
}
