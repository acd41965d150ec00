import { encoderOf } from '../profiles/encoder.ts';
import type { Codec, CodecNode } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { measureJson } from '../utils/measureJson.ts';

/**
 * Maps arguments in the original shape to the wire shape a provider profile listed: the inverse
 * of `decodeArguments` (for a client that replays calls, and for tests of the round trip). Total
 * like decoding: what it cannot map passes through unchanged. Like decoding, it never changes
 * its input, copies only what changes (the same arguments come back when nothing maps), and
 * compiles the codec on first use (a codec must not be changed once used). Arguments whose JSON
 * would hold more than two million objects and arrays (a JavaScript value sharing its objects)
 * pass through unchanged.
 *
 * @param codec The codec `toProviderSchema` returned with the wire schema.
 * @param args The arguments in the original shape.
 * @returns The arguments in the wire shape.
 */
export function encodeArguments(codec: Codec, args: unknown): unknown {
  try {
    const root = isPlainObject(codec) ? (codec.root as CodecNode | undefined) : undefined;
    if (root === undefined || root === null) return args;
    // Measured once, before any work: a JavaScript value that shares its objects expands to an
    // exponential JSON text, which the encoder would write; past the bound the measure throws
    // and the arguments pass through. Work is then linear in the JSON the arguments stand for.
    measureJson(args);
    return encoderOf(root)(args);
  } catch {
    return args;
  }
}
