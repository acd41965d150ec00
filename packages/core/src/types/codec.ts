import type { JsonValue } from './types.ts';

/**
 * The JSON types a {@link CodecGuard} tells apart (`integer` is a number with no fraction).
 */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/**
 * What a value must look like to belong to one branch of a union, on one side of the codec (the
 * wire or the original). A guard is a necessary condition: every value the branch accepts matches
 * it, so guards that cannot both match tell the branches apart.
 */
export interface CodecGuard {
  /** The JSON types the branch accepts; absent: any. */
  types?: JsonType[];
  /** The only values the branch accepts (`enum`/`const`); absent: any. */
  values?: JsonValue[];
  /** Keys an object must have. */
  required?: string[];
  /** The only keys an object may have (a closed object); absent: any. */
  keys?: string[];
  /** Per key, the only values that key may hold when present (a discriminator). */
  tags?: Array<[string, JsonValue[]]>;
  /**
   * Per key, the JSON types that key's value may have when present. Listed where they are all
   * the branch's properties assert, so that its guard holds the whole branch (see `tags`).
   */
  keyTypes?: Array<[string, JsonType[]]>;
}

/**
 * How one schema position maps between the wire shape (what the provider's model sends) and the
 * original shape (what the validator judges). `null`: the same on both sides.
 */
export type CodecNode =
  | null
  /** A JSON-encoded string on the wire; the parsed value in the original. */
  | { kind: 'json' }
  /** A string enum on the wire; `pairs` maps a wire string to the original value. */
  | { kind: 'enum'; pairs: Array<[string, JsonValue]> }
  /**
   * An object on both sides. `properties`: codecs of the properties that need one (markers
   * included). `nullMeansAbsent`: optional properties sent as `null` when absent (the original
   * does not accept `null` there). `absentSentAsNull`: optional properties whose original accepts
   * `null`: absent is sent as `null` and `null` stays `null`. `extra`: the wire property holding
   * the other keys as `[{ key, value }]`, with the codec of their values. `rest`: the codec of
   * the values of unlisted keys, where the wire keeps `additionalProperties`. `ignored`: wire
   * properties that stand for nothing in the original (a placeholder where the provider refuses
   * an object without properties): decoding drops them whatever they hold. `strayNull`:
   * optional properties whose schema refuses `null`: only with `repair`, decoding drops a `null`
   * there (a model's way to leave them out); without it, they map nothing. `unrepaired`:
   * properties whose values `repair` leaves as they came, their codec applied as without it (a
   * merged root union's properties that some branch leaves open: a string there may be the
   * value).
   */
  | {
      kind: 'object';
      properties?: { [key: string]: CodecNode };
      nullMeansAbsent?: string[];
      absentSentAsNull?: string[];
      extra?: { property: string; value: CodecNode };
      rest?: CodecNode;
      ignored?: string[];
      strayNull?: string[];
      unrepaired?: string[];
    }
  /** An array of `{ key, value }` on the wire; an object (a record) in the original. */
  | { kind: 'entries'; value: CodecNode }
  /** An array on both sides; every item maps with `items`. */
  | { kind: 'array'; items: CodecNode }
  /** An array on both sides whose item at index `i` maps with `prefix[i]`, the rest with `items`. */
  | { kind: 'tuple'; prefix: CodecNode[]; items: CodecNode }
  /** A union: the first branch whose guard matches (wire side to decode, original to encode). */
  | { kind: 'union'; branches: Array<{ wire: CodecGuard; original: CodecGuard; codec: CodecNode }> }
  /** The original value sits under one property of a wire object (a root that is no object). */
  | { kind: 'wrap'; property: string; value: CodecNode };

/**
 * Maps a tool's arguments between the wire shape a provider profile lists and the original shape
 * the validator judges. Plain JSON (a proxy can keep one per tool), deterministic, and small:
 * only the positions that change (and the objects and arrays above them) have a node.
 * `decodeArguments` compiles a codec on first use and keeps the compiled form per node object:
 * a codec must not be changed once it has been used (build or parse a new one instead).
 */
export interface Codec {
  /** The codec format. */
  version: 1;
  /** The mapping of the arguments object. */
  root: CodecNode;
}

/** Options of `decodeArguments`. */
export interface DecodeOptions {
  /**
   * Repair what models send when they lose track of a schema, where the codec marks it
   * (`toProviderSchema`'s `repair` option): parse a string that holds JSON where the schema wants
   * an object or an array, and drop a `null` where an optional property refuses it (`strayNull`).
   * Default `false`.
   */
  repair?: boolean;
  /**
   * How the text of a value the wire sent as a JSON string is read (a typeless value, a
   * `dict[str, Any]` entry's value, a cycle's tail...), and, with `repair`, the text of a string
   * repaired into an object or array. It must return the JSON value of the text; a throw means
   * the text is not JSON, and the string is then passed on as it came (decoding stays total).
   * Default: `JSON.parse`'s reading, which turns every number into a double. A proxy that writes
   * the decoded arguments as JSON text for another process (a Python server keeps integers past
   * 2^53 exact and tells `1.0` from `1`) passes a parser that keeps the text of such numbers, as
   * it does for the rest of the message. Decoders are compiled and kept per codec node and per
   * parser: pass the same function for each call, not a new closure.
   */
  parseJson?: (text: string) => unknown;
}
