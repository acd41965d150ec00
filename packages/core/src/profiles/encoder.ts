import type { CodecNode, JsonValue } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { deepEqual } from '../utils/deepEqual.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { compileGuard, type GuardTest } from './guards.ts';
import {
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

/** Maps one original value to the wire shape (see {@link ValueMap}). */
export type Encoder = ValueMap;

/**
 * The encoder of a codec node, compiled on first use and kept per node object (a codec must not
 * be changed after it has been used). Compiling never throws: a malformed position compiles to
 * an encoder that does.
 */
export const encoderOf: (node: CodecNode) => Encoder = compiledPerNode(compile);

function compile(node: Exclude<CodecNode, null>): Encoder {
  switch (node.kind) {
    case 'json':
      return encodeJson;
    case 'enum':
      return compileEnum(node.pairs);
    case 'object':
      return compileObject(node);
    case 'entries': {
      const value = encoderOf(node.value);
      return function encodeRecord(original: unknown): unknown {
        return isPlainObject(original)
          ? encodeEntries(value, original, Object.keys(original))
          : original;
      };
    }
    case 'array':
      return mapArrayItems(encoderOf(node.items));
    case 'tuple':
      return mapTupleItems(
        node.prefix.map((item) => encoderOf(item)),
        encoderOf(node.items),
      );
    case 'union':
      return compileUnion(node.branches);
    case 'wrap': {
      const { property } = node;
      const value = encoderOf(node.value);
      return function encodeWrapped(original: unknown): unknown {
        const out: Record<string, unknown> = {};
        setOwn(out, property, value(original));
        return out;
      };
    }
    default:
      return IDENTITY;
  }
}

function encodeJson(value: unknown): unknown {
  return JSON.stringify(value) ?? value;
}

function compileEnum(pairs: Array<[string, JsonValue]>): Encoder {
  // A scalar original is found by a map (the first pair wins, as a linear search would find it);
  // an object or array original by deep equality, in order.
  const scalars = new Map<unknown, string>();
  const containers: Array<[string, JsonValue]> = [];
  for (const [string, original] of pairs) {
    if (original !== null && typeof original === 'object') containers.push([string, original]);
    else if (!scalars.has(original)) scalars.set(original, string);
  }
  return function encodeEnum(value: unknown): unknown {
    if (value === null || typeof value !== 'object') {
      // `deepEqual` compares scalars with `===`: NaN matches nothing.
      if (Number.isNaN(value)) return value;
      const string = scalars.get(value);
      return string === undefined ? value : string;
    }
    for (let index = 0; index < containers.length; index++) {
      const [string, original] = containers[index] as [string, JsonValue];
      if (deepEqual(original, value)) return string;
    }
    return value;
  };
}

function compileUnion(branches: Extract<CodecNode, { kind: 'union' }>['branches']): Encoder {
  const encoders = branches.map((branch) => encoderOf(branch.codec));
  if (encoders.every((encoder) => encoder === IDENTITY)) return IDENTITY;
  const guards: GuardTest[] = branches.map((branch) => compileGuard(branch.original));
  return function encodeUnion(value: unknown): unknown {
    for (let index = 0; index < guards.length; index++) {
      if ((guards[index] as GuardTest)(value)) return (encoders[index] as Encoder)(value);
    }
    return value;
  };
}

/** The keys of an object as `[{ key, value }]`, each value encoded. */
function encodeEntries(
  value: Encoder,
  original: Record<string, unknown>,
  keys: readonly string[],
): unknown[] {
  const entries: unknown[] = new Array(keys.length);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    entries[index] = { key, value: value(original[key]) };
  }
  return entries;
}

/**
 * An object node: listed properties encoded with their codec, the others with `rest` (or, with
 * `extra`, gathered as `[{ key, value }]` under its property), absent optional properties sent
 * as null: the wire's own `null` where null means absent, else (absent and null merged) null as
 * the property's codec writes it, which is not always `null` (a string enum spells it `"null"`).
 */
function compileObject(node: Extract<CodecNode, { kind: 'object' }>): Encoder {
  const properties = compileProperties(node.properties, encoderOf);
  const { listed, mappedKeys, mappedMaps: mappedEncoders } = properties;
  const absentKeys = stringList(node.nullMeansAbsent);
  const nullKeys = [...absentKeys, ...stringList(node.absentSentAsNull)];
  // The first `absentKeyCount` keys are those whose wire null means absent.
  const absentKeyCount = absentKeys.length;
  const rest = node.rest === undefined ? IDENTITY : encoderOf(node.rest);
  const extra = node.extra;
  if (extra !== undefined && !isPlainObject(extra)) return MALFORMED;
  const extraEncoder = extra === undefined ? undefined : encoderOf(extra.value);
  if (
    mappedKeys.length === 0 &&
    node.nullMeansAbsent === undefined &&
    node.absentSentAsNull === undefined &&
    node.ignored === undefined &&
    rest === IDENTITY &&
    extra === undefined
  ) {
    return IDENTITY;
  }

  /**
   * The wire object, built key by key as the original lists them. The mapped keys before index
   * `checked` were found unchanged; the one at `pending` (if any) is `pendingValue`, encoded.
   */
  const build = (
    original: Record<string, unknown>,
    checked: number,
    pending: number,
    pendingValue: unknown,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const others: string[] = [];
    const keys = Object.keys(original);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      const encoder = listed.get(key);
      if (extra !== undefined && encoder === undefined) {
        others.push(key);
        continue;
      }
      const value = original[key];
      const mapped = mappedIndexOf(properties, key);
      if (mapped >= 0) {
        if (mapped < checked) setOwn(out, key, value);
        else setOwn(out, key, mapped === pending ? pendingValue : (encoder as Encoder)(value));
        continue;
      }
      const use = encoder ?? rest;
      setOwn(out, key, use === IDENTITY ? value : use(value));
    }
    for (let index = 0; index < nullKeys.length; index++) {
      const key = nullKeys[index] as string;
      if (Object.hasOwn(original, key)) continue;
      const encoder = index < absentKeyCount ? undefined : listed.get(key);
      setOwn(out, key, encoder === undefined || encoder === IDENTITY ? null : encoder(null));
    }
    if (extra !== undefined) {
      setOwn(out, extra.property, encodeEntries(extraEncoder as Encoder, original, others));
    }
    return out;
  };

  // Where the wire object is always a new one (entries gathered, or values of unlisted keys
  // mapped), it is built at once; else only when something changes.
  if (extra !== undefined || rest !== IDENTITY) {
    return function encodeObject(original: unknown): unknown {
      return isPlainObject(original) ? build(original, 0, -1, undefined) : original;
    };
  }
  return function encodeObject(original: unknown): unknown {
    if (!isPlainObject(original)) return original;
    for (let index = 0; index < nullKeys.length; index++) {
      if (!Object.hasOwn(original, nullKeys[index] as string)) {
        return build(original, 0, -1, undefined);
      }
    }
    for (let index = 0; index < mappedKeys.length; index++) {
      const key = mappedKeys[index] as string;
      if (!Object.hasOwn(original, key)) continue;
      const value = original[key];
      const encoded = (mappedEncoders[index] as Encoder)(value);
      if (encoded !== value) return build(original, index, index, encoded);
    }
    return original;
  };
}
