import { matchesGuard } from '../profiles/guards.ts';
import { isPassive } from '../profiles/passive.ts';
import type { Codec, CodecNode } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { deepEqual } from '../utils/deepEqual.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';

/**
 * Maps arguments in the original shape to the wire shape a provider profile listed: the inverse
 * of `decodeArguments` (for a client that replays calls, and for tests of the round trip). Total
 * like decoding: what it cannot map passes through unchanged.
 *
 * @param codec The codec `toProviderSchema` returned with the wire schema.
 * @param args The arguments in the original shape.
 * @returns The arguments in the wire shape.
 */
export function encodeArguments(codec: Codec, args: unknown): unknown {
  try {
    const root = isPlainObject(codec) ? (codec.root as CodecNode | undefined) : undefined;
    return encode(root ?? null, args);
  } catch {
    return args;
  }
}

function encode(node: CodecNode, value: unknown): unknown {
  if (isPassive(node)) return value;
  const codec = node as Exclude<CodecNode, null>;
  switch (codec.kind) {
    case 'json':
      return JSON.stringify(value) ?? value;
    case 'enum': {
      const pair = codec.pairs.find(([, original]) => deepEqual(original, value));
      return pair === undefined ? value : pair[0];
    }
    case 'object':
      return encodeObject(codec, value);
    case 'entries':
      return isPlainObject(value) ? encodeEntries(codec.value, value, Object.keys(value)) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => encode(codec.items, item)) : value;
    case 'tuple':
      return Array.isArray(value)
        ? value.map((item, index) =>
            encode(index < codec.prefix.length ? codec.prefix[index]! : codec.items, item),
          )
        : value;
    case 'union': {
      const branch = codec.branches.find((option) => matchesGuard(option.original, value));
      return branch === undefined ? value : encode(branch.codec, value);
    }
    case 'wrap': {
      const out: Record<string, unknown> = {};
      setOwn(out, codec.property, encode(codec.value, value));
      return out;
    }
    default:
      return value;
  }
}

function encodeObject(node: Extract<CodecNode, { kind: 'object' }>, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  const properties = node.properties;
  const others: string[] = [];
  for (const key of Object.keys(value)) {
    const listed = properties !== undefined && Object.hasOwn(properties, key);
    if (node.extra !== undefined && !listed) {
      others.push(key);
      continue;
    }
    setOwn(out, key, encode(listed ? properties[key]! : (node.rest ?? null), value[key]));
  }
  for (const key of [...(node.nullMeansAbsent ?? []), ...(node.absentSentAsNull ?? [])]) {
    if (!Object.hasOwn(value, key)) setOwn(out, key, null);
  }
  if (node.extra !== undefined)
    setOwn(out, node.extra.property, encodeEntries(node.extra.value, value, others));
  return out;
}

function encodeEntries(
  node: CodecNode,
  value: Record<string, unknown>,
  keys: readonly string[],
): unknown[] {
  return keys.map((key) => ({ key, value: encode(node, value[key]) }));
}
