import { type Decoder, decoderOf } from '../profiles/decoder.ts';
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
    // A `null` root (nothing maps) needs no table: `decoderOf` answers it at once.
    if (options === undefined && typeof root === 'object' && root !== null) {
      return rootDecoderOf(codec, root)(wireArguments);
    }
    return decoderOf(root ?? null, options?.repair === true, options?.parseJson)(wireArguments);
  } catch {
    return wireArguments;
  }
}

/** A codec's root node, and the decoder compiled for it without options. */
interface RootDecoder {
  root: CodecNode;
  decoder: Decoder;
}

/**
 * Per codec object, the decoder of its root without options: the codec's own small table is
 * looked up rather than the table of every compiled node (measured ~4% of `decodeArguments` on
 * the validator tools, where each call decodes with another codec than the last).
 */
const rootDecoders = new WeakMap<object, RootDecoder>();

/**
 * The decoder without options of a codec's root: the one {@link decoderOf} gives for that node,
 * kept per codec object as long as the codec holds that same root (a root read again that is
 * another node is compiled, or found, as before).
 */
function rootDecoderOf(codec: object, root: CodecNode): Decoder {
  const known = rootDecoders.get(codec);
  if (known !== undefined && known.root === root) return known.decoder;
  const decoder = decoderOf(root, false);
  rootDecoders.set(codec, { root, decoder });
  return decoder;
}
