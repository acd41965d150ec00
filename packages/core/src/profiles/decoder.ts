import type { CodecNode, JsonValue } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { SCANNED_KEYS } from '../utils/keyLists.ts';
import {
  type CompiledGuard,
  compileGuard,
  compileWellFormedGuard,
  type GuardTest,
  guardsOverlap,
  isWellFormed,
  passesGuard,
} from './guards.ts';
import { NOT_JSON, newKeyCache, readJsonText } from './jsonText.ts';
import { PlainObject } from './plainObject.ts';
import {
  type CompiledProperties,
  compiledPerNode,
  compileProperties,
  IDENTITY,
  MALFORMED,
  mapArrayItems,
  mapTupleItems,
  stringList,
  type ValueMap,
} from './valueMaps.ts';

/** Maps one wire value to the original shape (see {@link ValueMap}). */
export type Decoder = ValueMap;

/** How a decoder reads a JSON string's text (`DecodeOptions.parseJson`). */
export type JsonParser = (text: string) => unknown;

const plainDecoderOf = compiledPerNode((node) => compile(node, false, undefined));
const repairDecoderOf = compiledPerNode((node) => compile(node, true, undefined));

/** The decoders compiled for a parser of the caller's: without and with `repair`. */
interface ParserDecoders {
  plain: (node: CodecNode) => Decoder;
  repair: (node: CodecNode) => Decoder;
}

/**
 * The compiled decoders of each parser a caller gave, kept as long as the parser lives (a
 * decoder reads JSON text with its parser, so one compiled for another cannot be shared).
 */
const decodersPerParser = new WeakMap<JsonParser, ParserDecoders>();

/**
 * The decoder of a codec node, compiled on first use and kept per node object (a codec must not
 * be changed after it has been used to decode), and per parser when the caller gave one
 * (`DecodeOptions.parseJson`: a decoder reads JSON text with its parser, so one compiled for
 * another cannot be shared). A node that maps nothing compiles to {@link IDENTITY}. Compiling
 * never throws: a malformed position compiles to a decoder that does.
 *
 * @param node A codec node.
 * @param repair Whether strings holding JSON are parsed where an object or array is wanted.
 * @param parseJson How the text of a JSON string is read (a throw: it is not JSON); `undefined`
 *   for {@link readJsonText}.
 * @returns The decoder.
 */
export function decoderOf(
  node: CodecNode,
  repair: boolean,
  parseJson: JsonParser | undefined = undefined,
): Decoder {
  if (parseJson === undefined) return repair ? repairDecoderOf(node) : plainDecoderOf(node);
  let decoders = decodersPerParser.get(parseJson);
  if (decoders === undefined) {
    decoders = {
      plain: compiledPerNode((child) => compile(child, false, parseJson)),
      repair: compiledPerNode((child) => compile(child, true, parseJson)),
    };
    decodersPerParser.set(parseJson, decoders);
  }
  return repair ? decoders.repair(node) : decoders.plain(node);
}

/**
 * Compiles a codec node; `parseJson` (the caller's parser, or `undefined` for
 * {@link readJsonText}) is passed to every node below, as `repair` is.
 */
function compile(
  node: Exclude<CodecNode, null>,
  repair: boolean,
  parseJson: JsonParser | undefined,
): Decoder {
  let decoder: Decoder;
  switch (node.kind) {
    case 'json':
      decoder = compileJson(textReaderOf(parseJson));
      break;
    case 'enum':
      decoder = compileEnum(node.pairs);
      break;
    case 'object':
      decoder = compileObject(node, repair, parseJson);
      break;
    case 'entries': {
      const value = decoderOf(node.value, repair, parseJson);
      const read = repair ? textReaderOf(parseJson) : undefined;
      decoder = function decodeEntries(wire: unknown): unknown {
        return entriesToObject(value, wire, read) ?? wire;
      };
      break;
    }
    case 'array':
      decoder = mapArrayItems(decoderOf(node.items, repair, parseJson));
      break;
    case 'tuple':
      decoder = mapTupleItems(
        node.prefix.map((item) => decoderOf(item, repair, parseJson)),
        decoderOf(node.items, repair, parseJson),
      );
      break;
    case 'union':
      decoder = compileUnion(node.branches, repair, parseJson);
      break;
    case 'wrap':
      decoder = compileWrap(node.property, decoderOf(node.value, repair, parseJson));
      break;
    default:
      decoder = IDENTITY;
  }
  return repair && wantsContainer(node) ? withRepair(decoder, textReaderOf(parseJson)) : decoder;
}

/** Reads the text of a JSON string: its value, or {@link NOT_JSON}. */
type TextReader = (text: string) => unknown;

/**
 * The reader of one compiled node: {@link readJsonText} with a key cache of the node's own, or the
 * caller's parser (`DecodeOptions.parseJson`), whose throw means the text is not JSON.
 */
function textReaderOf(parseJson: JsonParser | undefined): TextReader {
  if (parseJson === undefined) {
    const keys = newKeyCache();
    return (text) => readJsonText(text, keys);
  }
  return (text) => {
    try {
      return parseJson(text);
    } catch {
      return NOT_JSON;
    }
  };
}

/** Parses a string holding JSON into an object or array before `decoder` runs (`repair`). */
function withRepair(decoder: Decoder, read: TextReader): Decoder {
  return function decodeRepaired(wire: unknown): unknown {
    if (typeof wire === 'string') {
      const parsed = read(wire);
      if (parsed !== null && typeof parsed === 'object') return decoder(parsed);
    }
    return decoder(wire);
  };
}

/**
 * Whether the original wants an object or an array at this node, and not a string: a union with
 * a branch that accepts a string (or any type) takes a string holding JSON as that string.
 */
export function wantsContainer(node: Exclude<CodecNode, null>): boolean {
  switch (node.kind) {
    case 'object':
    case 'entries':
    case 'array':
    case 'tuple':
    case 'wrap':
      return true;
    case 'union':
      return (
        node.branches.some(
          (branch) =>
            branch.wire.types?.some((type) => type === 'object' || type === 'array') ?? false,
        ) && node.branches.every((branch) => branch.wire.types?.includes('string') === false)
      );
    default:
      return false;
  }
}

/** The decoder of a `json` node: a string is read as JSON; one it cannot read passes as it came. */
function compileJson(read: TextReader): Decoder {
  return function decodeJson(wire: unknown): unknown {
    if (typeof wire !== 'string') return wire;
    const parsed = read(wire);
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
  parseJson: JsonParser | undefined,
): Decoder {
  const repairs = repair ? branchesRepaired(branches) : undefined;
  const decoders = branches.map((branch, index) =>
    decoderOf(branch.codec, repairs?.[index] === true, parseJson),
  );
  if (decoders.every((decoder) => decoder === IDENTITY)) return IDENTITY;
  const tested = branchesThatDecide(branches, decoders);
  const testedDecoders = tested.map((index) => decoders[index] as Decoder);
  const wires = tested.map((index) => branchAt(branches, index).wire);
  if (wires.every((guard) => isWellFormed(guard))) {
    const compiled = wires.map(compileWellFormedGuard);
    return function decodeUnion(wire: unknown): unknown {
      return decodeFirstPass(compiled, testedDecoders, wire);
    };
  }
  const guards: GuardTest[] = wires.map(compileGuard);
  return function decodeUnion(wire: unknown): unknown {
    return decodeFirstMatch(guards, testedDecoders, wire);
  };
}

/**
 * Pairs of original guards {@link branchesRepaired} may compare: past them, the remaining
 * branches are not repaired, so a union of thousands of branches does not compile in quadratic
 * time.
 */
const REPAIR_PAIRS = 1_024;

/**
 * Which of a union's branches may repair inside (`repair`): those whose original no other
 * branch's original can share a value with. A value decodes through the branch its wire form
 * matches, but the validator may accept it through another: where that other branch takes it as
 * it came (`{}` beside a tuple that holds a record), parsing a string inside would change a call
 * the original accepts.
 */
function branchesRepaired(branches: Extract<CodecNode, { kind: 'union' }>['branches']): boolean[] {
  // A guard that is not well formed (a codec from elsewhere) may share anything.
  const wellFormed = branches.every((branch) => isWellFormed(branch.original));
  const repaired = branches.map(() => wellFormed);
  let pairs = REPAIR_PAIRS;
  // Each pair once; a pair past the budget counts as sharing.
  for (let left = 0; wellFormed && left < branches.length; left++) {
    for (let right = left + 1; right < branches.length; right++) {
      if (!repaired[left] && !repaired[right]) continue;
      const { original } = branchAt(branches, left);
      if (pairs-- <= 0 || guardsOverlap(original, branchAt(branches, right).original)) {
        repaired[left] = false;
        repaired[right] = false;
      }
    }
  }
  return repaired;
}

/**
 * Pairs of guards a union's compiling may compare ({@link branchesThatDecide}): past them, the
 * remaining branches are all tested, so a union of thousands of branches does not compile in
 * quadratic time.
 */
const GUARD_PAIRS = 64;

/**
 * The indexes of the branches whose guard a decode tests, in order. A branch that maps nothing
 * returns the value as it is, as no match at all does: it needs a test only while a later branch
 * that maps something could match the same value (the first match wins), and not when their
 * guards are well formed and cannot both match ({@link guardsOverlap}). A tagged union then tests
 * its mapping branches only: `{ kind: 'email' }` is not tried against each branch before the
 * one of `kind: 'webhook'`.
 */
function branchesThatDecide(
  branches: Extract<CodecNode, { kind: 'union' }>['branches'],
  decoders: readonly Decoder[],
): number[] {
  const every = branches.map((_, index) => index);
  // A guard that is not well formed is tested as it reads (it may throw): then every branch is.
  if (!branches.every((branch) => isWellFormed(branch.wire))) return every;
  let pairs = GUARD_PAIRS;
  const decides = (index: number): boolean => {
    if (decoders[index] !== IDENTITY) return true;
    const guard = branchAt(branches, index).wire;
    for (let later = index + 1; later < branches.length; later++) {
      if (decoders[later] === IDENTITY) continue;
      if (pairs-- <= 0 || guardsOverlap(guard, branchAt(branches, later).wire)) return true;
    }
    return false;
  };
  return every.filter(decides);
}

/** A union's branch at an index (within bounds). */
function branchAt(
  branches: Extract<CodecNode, { kind: 'union' }>['branches'],
  index: number,
): Extract<CodecNode, { kind: 'union' }>['branches'][number] {
  return branches[index] as Extract<CodecNode, { kind: 'union' }>['branches'][number];
}

/** Decodes with the decoder of the first branch whose guard matches (none: the value itself). */
function decodeFirstMatch(guards: GuardTest[], decoders: Decoder[], wire: unknown): unknown {
  for (let index = 0; index < guards.length; index++) {
    if ((guards[index] as GuardTest)(wire)) {
      const decoder = decoders[index] as Decoder;
      return decoder === IDENTITY ? wire : decoder(wire);
    }
  }
  return wire;
}

/**
 * {@link decodeFirstMatch} over well-formed guards, compiled: `passesGuard` is called directly,
 * one call target V8 can inline, rather than a closure per guard.
 */
function decodeFirstPass(guards: CompiledGuard[], decoders: Decoder[], wire: unknown): unknown {
  for (let index = 0; index < guards.length; index++) {
    if (passesGuard(guards[index] as CompiledGuard, wire)) {
      const decoder = decoders[index] as Decoder;
      return decoder === IDENTITY ? wire : decoder(wire);
    }
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
 *
 * @param value The decoder of each entry's value.
 * @param wire The entries as sent.
 * @param read With `repair`, the reader of an entry sent as a string holding its JSON (a model
 *   that lost track of the schema sends `["{\"key\":\"a\",\"value\":1}"]` as it sends a
 *   stringified object anywhere else); `undefined` without.
 */
function entriesToObject(
  value: Decoder,
  wire: unknown,
  read: TextReader | undefined,
): Record<string, unknown> | undefined {
  if (!Array.isArray(wire)) return undefined;
  const out: Record<string, unknown> = new PlainObject();
  for (let index = 0; index < wire.length; index++) {
    let entry: unknown = wire[index];
    if (read !== undefined && typeof entry === 'string') entry = read(entry);
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

/**
 * Every key an object node drops or decodes, once each, packed in one array as three slots per
 * key: the key, when it is dropped ({@link DROPPED}, {@link NULL_DROPPED}), its decoder
 * ({@link IDENTITY}: kept as it is). A walk over a value's keys finds each of them in one search
 * ({@link watchedAt}) rather than one per list of the codec, and reads all it needs of a key
 * from this one array: three arrays side by side (each with its backing store) in a record were
 * seven objects to load per decoded object instead of two, and they miss the processor's cache
 * when each call decodes with other nodes than the last (measured ~5% of `decodeArguments` on
 * the validator tools).
 */
type WatchedKeys = unknown[];

/** Slots per key of {@link WatchedKeys}: the key, its drops, its decoder. */
const WATCHED_SLOTS = 3;

/**
 * Where each key of a {@link WatchedKeys} is (its first slot), kept only for a list longer than
 * {@link SCANNED_KEYS} keys (a shorter one is scanned: see `keyIndexOf`).
 */
type WatchedIndex = ReadonlyMap<string, number> | undefined;

/**
 * An object node, compiled: what decoding one of its values reads. The decoding itself is done
 * by module functions that take these, not by closures made per node: V8 runs the key walks of
 * one shared function markedly faster (measured ~35% on a copy) than the same walk in a closure
 * made for each node.
 */
interface CompiledObject {
  /** The listed properties. */
  properties: CompiledProperties;
  /** The keys the node drops or decodes. */
  watched: WatchedKeys;
  /** Where each of them is in `watched`, past {@link SCANNED_KEYS} of them. */
  watchedIndex: WatchedIndex;
  /** The decoder of unlisted keys. */
  rest: Decoder;
  /** The wire property holding the other keys as entries, and their decoder (no `extra`: none). */
  extraProperty: string | undefined;
  extraValue: Decoder | undefined;
  /** With `repair`, the reader of entries sent as strings holding JSON (see {@link entriesToObject}). */
  extraRead: TextReader | undefined;
}

/** A watched key dropped whatever it holds (`ignored`). */
const DROPPED = 1;

/** A watched key dropped when it holds `null` (`nullMeansAbsent`; `strayNull` with `repair`). */
const NULL_DROPPED = 2;

/**
 * An object node: drops `ignored` keys and `null` where it means absent, decodes listed
 * properties with their codec and the others with `rest`, merges the `extra` entries.
 */
function compileObject(
  node: Extract<CodecNode, { kind: 'object' }>,
  repair: boolean,
  parseJson: JsonParser | undefined,
): Decoder {
  // Values `repair` leaves as they came decode as without it.
  const unrepaired = new Set(repair ? stringList(node.unrepaired) : []);
  const properties = compileProperties(node.properties, (child, key) =>
    decoderOf(child, repair && !unrepaired.has(key), parseJson),
  );
  // A stray `null` is dropped only when asked to repair: without it, the validator judges it.
  const nullKeys = repair
    ? [...stringList(node.nullMeansAbsent), ...stringList(node.strayNull)]
    : stringList(node.nullMeansAbsent);
  const ignoredKeys = stringList(node.ignored);
  const rest = node.rest === undefined ? IDENTITY : decoderOf(node.rest, repair, parseJson);
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
  const watched: WatchedKeys = [];
  const offsets = new Map<string, number>();
  for (const key of ignoredKeys) watchKey(watched, offsets, key, DROPPED, IDENTITY);
  for (const key of nullKeys) watchKey(watched, offsets, key, NULL_DROPPED, IDENTITY);
  for (const [index, key] of properties.mappedKeys.entries()) {
    watchKey(watched, offsets, key, 0, properties.mappedMaps[index] as Decoder);
  }
  const watchedIndex = offsets.size > SCANNED_KEYS ? offsets : undefined;
  const compiled: CompiledObject = {
    properties,
    watched,
    watchedIndex,
    rest,
    extraProperty: extra?.property,
    extraValue: extra === undefined ? undefined : decoderOf(extra.value, repair, parseJson),
    extraRead: extra !== undefined && repair ? textReaderOf(parseJson) : undefined,
  };
  if (rest === IDENTITY && extra === undefined) {
    return function decodeObject(wire: unknown): unknown {
      return decodeShapedObject(watched, watchedIndex, wire);
    };
  }
  return function decodeObject(wire: unknown): unknown {
    return isPlainObject(wire) ? decodeAnyObject(compiled, wire) : wire;
  };
}

/**
 * Adds what an object node does with a key to its watched keys (`decoder`: unless the identity);
 * `offsets` tells where each key already watched is.
 */
function watchKey(
  watched: WatchedKeys,
  offsets: Map<string, number>,
  key: string,
  drops: number,
  decoder: Decoder,
): void {
  let at = offsets.get(key);
  if (at === undefined) {
    at = watched.push(key, 0, IDENTITY) - WATCHED_SLOTS;
    offsets.set(key, at);
  }
  watched[at + 1] = (watched[at + 1] as number) | drops;
  if (decoder !== IDENTITY) watched[at + 2] = decoder;
}

/** Where a key is in an object node's watched keys (its first slot), or -1 when it is not. */
function watchedAt(watched: WatchedKeys, index: WatchedIndex, key: string): number {
  if (index !== undefined) return index.get(key) ?? -1;
  for (let at = 0; at < watched.length; at += WATCHED_SLOTS) {
    if (watched[at] === key) return at;
  }
  return -1;
}

/** Whether an object node drops a value (`at`: where its key is among the watched keys). */
function dropsAt(watched: WatchedKeys, at: number, value: unknown): boolean {
  const drops = watched[at + 1] as number;
  return (drops & DROPPED) !== 0 || (value === null && (drops & NULL_DROPPED) !== 0);
}

/** The decoder of a watched key (`at`: where it is among the watched keys). */
function decoderAt(watched: WatchedKeys, at: number): Decoder {
  return watched[at + 2] as Decoder;
}

/**
 * The common case (no `rest` mapping, no `extra`): one walk over the object's own keys tells
 * whether anything changes, and the input comes back as it is when nothing does. The walk reads
 * each value where `for...in` stands (a load V8 makes from the object's enumeration cache), not
 * by a keyed load per listed key, which on the many object shapes a server meets goes through
 * V8's generic lookup each time.
 */
function decodeShapedObject(watched: WatchedKeys, index: WatchedIndex, wire: unknown): unknown {
  if (!isPlainObject(wire)) return wire;
  let position = 0;
  for (const key in wire) {
    if (!isOwn.call(wire, key)) continue;
    const at = watchedAt(watched, index, key);
    if (at >= 0) {
      const value = wire[key];
      if (dropsAt(watched, at, value)) {
        return copyObject(watched, index, wire, position, NOT_DECODED);
      }
      const decoder = decoderAt(watched, at);
      if (decoder !== IDENTITY) {
        const decoded = decoder(value);
        if (decoded !== value) return copyObject(watched, index, wire, position, decoded);
      }
    }
    position++;
  }
  return wire;
}

/** What {@link copyObject} is given when the key where the walk stopped is to be read again. */
const NOT_DECODED = Symbol('not decoded');

/**
 * Copies an object once something in it changes, the keys in wire order, dropped ones left out:
 * the first `unchanged` own keys as they are (the walk found them so), the next one with
 * `pendingValue` when it was already decoded ({@link NOT_DECODED}: it is read again), the others
 * dropped or decoded.
 */
function copyObject(
  watched: WatchedKeys,
  index: WatchedIndex,
  wire: Record<string, unknown>,
  unchanged: number,
  pendingValue: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = new PlainObject();
  let position = 0;
  // `for...in` with an own-key test walks the keys as `Object.keys` orders them, without
  // building that array.
  for (const key in wire) {
    if (!isOwn.call(wire, key)) continue;
    let value = wire[key];
    if (position === unchanged && pendingValue !== NOT_DECODED) {
      value = pendingValue;
    } else if (position >= unchanged) {
      const at = watchedAt(watched, index, key);
      if (at >= 0) {
        if (dropsAt(watched, at, value)) continue;
        const decoder = decoderAt(watched, at);
        if (decoder !== IDENTITY) value = decoder(value);
      }
    }
    position++;
    if (key === '__proto__') setOwn(out, key, value);
    else out[key] = value;
  }
  return out;
}

/** Any other object: one walk over its keys, copied at the first change. */
function decodeAnyObject(node: CompiledObject, wire: Record<string, unknown>): unknown {
  const { properties, watched, watchedIndex, rest, extraProperty, extraValue } = node;
  const keys = Object.keys(wire);
  let out: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const value = wire[key];
    const at = watchedAt(watched, watchedIndex, key);
    if (key === extraProperty || (at >= 0 && dropsAt(watched, at, value))) {
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
    const others = entriesToObject(
      extraValue,
      repairedList(node.extraRead, wire[extraProperty as string]),
      node.extraRead,
    );
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

/**
 * With `repair` (a reader), a string holding a JSON array read as that array; anything else as it
 * came. The `extra` entries are a property of their object's wire, so no decoder of their own
 * repairs them as a stringified `entries` node is.
 */
function repairedList(read: TextReader | undefined, wire: unknown): unknown {
  if (read === undefined || typeof wire !== 'string') return wire;
  const parsed = read(wire);
  return Array.isArray(parsed) ? parsed : wire;
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
