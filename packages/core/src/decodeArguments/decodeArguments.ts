import { decoderOf } from '../profiles/decoder.ts';
import type { Codec, CodecNode, DecodeOptions } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';

/**
 * Maps a model's arguments from the wire shape a provider profile listed back to the original
 * shape, for the original validator to judge: JSON strings parsed, string enums mapped back,
 * `{ key, value }` entries made an object again, `null` of an optional property made absent.
 * Total: any value in, never a throw, never a write to a prototype (keys such as `__proto__`
 * become own properties); what it cannot map is passed through for the validator to reject.
 *
 * The input is never mutated, and it is shared where nothing maps: an object or array is copied
 * only when something in it changes, and the arguments come back as they are (the same object)
 * when nothing does. A caller that mutates the result must copy it first.
 *
 * The codec is compiled on first use and the compiled form kept per codec node object: a codec
 * must not be changed after it has been used (build a new one instead).
 *
 * @param codec The codec `toProviderSchema` returned with the wire schema.
 * @param wireArguments The arguments as the model sent them.
 * @param options `repair: true` parses a string holding JSON where an object or array is wanted;
 *   `parseJson` reads the text of JSON strings instead of `JSON.parse`'s reading (a proxy that
 *   must keep numbers' text; see {@link DecodeOptions}, a throw from it means "not JSON").
 * @returns The arguments in the original shape.
 */
export function decodeArguments(
  codec: Codec,
  wireArguments: unknown,
  options?: DecodeOptions,
): unknown {
  try {
    const root = isPlainObject(codec) ? (codec.root as CodecNode | undefined) : undefined;
    return decoderOf(root ?? null, options?.repair === true, options?.parseJson)(wireArguments);
  } catch {
    return wireArguments;
  }
}
