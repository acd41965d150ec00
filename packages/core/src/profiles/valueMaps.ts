import type { CodecNode } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { keyIndexOf } from '../utils/keyLists.ts';

/**
 * A compiled codec position in one direction (wire → original for decoding, back for encoding).
 * Returns the value itself when nothing in it maps, and copies only the objects and arrays on the
 * way to what changes (the rest is shared).
 */
export type ValueMap = (value: unknown) => unknown;

/** The map of a position that maps nothing: parents test for it and skip the call. */
export const IDENTITY: ValueMap = (value) => value;

/**
 * Maps every item of an array with `items`.
 *
 * @param items The map of each item.
 * @returns The array's map ({@link IDENTITY} when `items` is).
 */
export function mapArrayItems(items: ValueMap): ValueMap {
  if (items === IDENTITY) return IDENTITY;
  return function mapArray(value: unknown): unknown {
    return mapItems(NO_PREFIX, items, value);
  };
}

/**
 * Maps the item at index `i` of an array with `prefix[i]`, the rest with `items`.
 *
 * @param prefix The maps of the first items.
 * @param items The map of the items after them.
 * @returns The tuple's map ({@link IDENTITY} when every map is).
 */
export function mapTupleItems(prefix: readonly ValueMap[], items: ValueMap): ValueMap {
  if (items === IDENTITY && prefix.every((map) => map === IDENTITY)) return IDENTITY;
  return function mapTuple(value: unknown): unknown {
    return mapItems(prefix, items, value);
  };
}

const NO_PREFIX: readonly ValueMap[] = [];

/**
 * The items of an array mapped (`prefix[i]` at index `i`, `items` after), copied at the first
 * change; holes stay holes (an absent item maps to itself). One module function for every array
 * node, which V8 runs faster than a loop in a closure per node (see `CompiledObject` in
 * `decoder.ts`).
 */
function mapItems(prefix: readonly ValueMap[], items: ValueMap, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  let out: unknown[] | undefined;
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    const mapped = (index < prefix.length ? (prefix[index] as ValueMap) : items)(item);
    if (mapped !== item) {
      out ??= value.slice();
      out[index] = mapped;
    }
  }
  return out ?? value;
}

/**
 * The map of a malformed codec position: it throws, so `decodeArguments` / `encodeArguments`
 * return the whole arguments unchanged.
 */
export const MALFORMED: ValueMap = () => {
  throw new TypeError('Malformed codec.');
};

/**
 * Makes `mapOf(node)`: the map of a codec node, compiled by `compile` on first use and kept per
 * node object (a codec must not be changed after it has been used). `null` and non-object nodes
 * are the identity, `undefined` is malformed (as the codec interpreter read them), and compiling
 * never throws: a node whose compiling throws maps with {@link MALFORMED}.
 *
 * @param compile Compiles one node (it calls `mapOf` for its children).
 * @returns `mapOf`, with its own cache.
 */
export function compiledPerNode(
  compile: (node: Exclude<CodecNode, null>) => ValueMap,
): (node: CodecNode) => ValueMap {
  const compiled = new WeakMap<object, ValueMap>();
  const compiling = new Set<object>();
  const mapOf = (node: CodecNode): ValueMap => {
    if (node === null) return IDENTITY;
    if (typeof node !== 'object') return node === undefined ? MALFORMED : IDENTITY;
    const known = compiled.get(node);
    if (known !== undefined) return known;
    // A node met again while it compiles (only in a hand-built, cyclic codec) forwards to its
    // finished map at call time.
    if (compiling.has(node)) return (value) => mapOf(node)(value);
    compiling.add(node);
    let map: ValueMap;
    try {
      map = compile(node);
    } catch {
      map = MALFORMED;
    } finally {
      compiling.delete(node);
    }
    compiled.set(node, map);
    return map;
  };
  return mapOf;
}

/** The listed properties of an object codec node, compiled (see {@link compileProperties}). */
export interface CompiledProperties {
  /** Every listed key with its map: a listed key never takes `rest`, even an identity one. */
  listed: Map<string, ValueMap>;
  /** The listed keys whose map is not the identity, in codec order. */
  mappedKeys: string[];
  /** Their maps, at the same indexes. */
  mappedMaps: ValueMap[];
  /** The index of each of them in `mappedKeys`. */
  mappedIndex: Map<string, number>;
}

/**
 * Compiles the `properties` of an object codec node.
 *
 * @param properties The node's `properties` (absent: none).
 * @param mapOf The map of a child node.
 * @returns The compiled properties. Throws a `TypeError` when `properties` is no plain object.
 */
export function compileProperties(
  properties: unknown,
  mapOf: (node: CodecNode, key: string) => ValueMap,
): CompiledProperties {
  const compiled: CompiledProperties = {
    listed: new Map(),
    mappedKeys: [],
    mappedMaps: [],
    mappedIndex: new Map(),
  };
  if (properties === undefined) return compiled;
  if (!isPlainObject(properties)) throw new TypeError('Malformed codec properties.');
  for (const key of Object.keys(properties)) {
    const map = mapOf(properties[key] as CodecNode, key);
    compiled.listed.set(key, map);
    if (map === IDENTITY) continue;
    compiled.mappedIndex.set(key, compiled.mappedKeys.length);
    compiled.mappedKeys.push(key);
    compiled.mappedMaps.push(map);
  }
  return compiled;
}

/**
 * Where a key is among the mapped keys of an object node.
 *
 * @param properties The node's compiled properties.
 * @param key A key of a value.
 * @returns Its index in `mappedKeys`, or -1 when it is not mapped.
 */
export function mappedIndexOf(properties: CompiledProperties, key: string): number {
  return keyIndexOf(properties.mappedKeys, properties.mappedIndex, key);
}

/** The strings of a codec key list (`undefined` and malformed entries give none). */
export function stringList(list: unknown): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new TypeError('Malformed codec key list.');
  return list.filter((key): key is string => typeof key === 'string');
}
