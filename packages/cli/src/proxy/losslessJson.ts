import { randomBytes } from 'node:crypto';

/**
 * Parsing and writing JSON text without losing a number's source text. `JSON.parse` turns
 * `1e400` into `Infinity` (written back as `null`) and rounds a 64-bit integer id, so a message
 * that is parsed and written again would change. Here every number whose text `JSON.stringify`
 * would not give back is parsed as a placeholder string that carries its text, and written back
 * as that text. Numbers the pass never interprets (ids, `maximum`, `const`...) then keep their
 * bytes; the pass sees a string there, which it copies like any value.
 */

/** Starts every placeholder: a NUL (never in a number) and a nonce per process. */
const MARK = `\u0000${randomBytes(6).toString('hex')}:`;

/** The placeholder of a number, as JSON text. */
const PLACEHOLDER_TEXT = JSON.stringify(MARK).slice(0, -1);

/** A placeholder in `JSON.stringify` output, with the number's text as group 1. */
const PLACEHOLDER = numberBetween(PLACEHOLDER_TEXT, '"');

/**
 * A placeholder the core quoted in a string it wrote (a description that names a value with
 * `JSON.stringify`: `maximum: 1e400`), as that string appears in `JSON.stringify` output.
 */
const QUOTED_PLACEHOLDER = numberBetween(JSON.stringify(PLACEHOLDER_TEXT).slice(1, -1), '\\"');

/** Starts a request id sent as a string ({@link idAsString}); no number placeholder starts so. */
const ID_MARK = `${MARK}id:`;

/** An id sent as a string, in `JSON.stringify` output, with the number's text as group 1. */
const ID_PLACEHOLDER = numberBetween(JSON.stringify(ID_MARK).slice(0, -1), '"');

/** Text that opens a placeholder, a number's text (group 1) and what closes it, anywhere. */
function numberBetween(open: string, close: string): RegExp {
  return new RegExp(`${escapeRegExp(open)}([-+.0-9eE]+)${escapeRegExp(close)}`, 'g');
}

/**
 * Every number of JSON text outside a string stands after `:`, `,` or `[` and before `,`, `}` or
 * `]` (white space aside), so this finds them all without reading strings (it also finds text in
 * strings that looks the same, which only costs the exact scan below).
 */
const NUMBER_IN_PLACE = /[:,[]\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]])/g;

/**
 * Whether JSON text may hold a number `JSON.stringify` would write differently (an exponent, a
 * fraction ending in 0, `-0`, `1e-7`, a 64-bit integer...): a cheap search that skips the exact,
 * string-aware scan for the common text that has none.
 *
 * @param text JSON text.
 * @returns `false` only when every number outside strings is written as `JSON.stringify` would.
 */
function mayHoldNoncanonicalNumber(text: string): boolean {
  // A text that is a number, or starts with one, has it in no such place.
  const start = text.trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) return true;
  for (const match of text.matchAll(NUMBER_IN_PLACE)) {
    const token = match[1]!;
    if (String(Number(token)) !== token) return true;
  }
  return false;
}

/** Strings (skipped) and numbers of JSON text. */
const STRING_OR_NUMBER = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** What {@link parseLossless} returns. */
export interface LosslessParse {
  /** The parsed value. */
  value: unknown;
  /** Whether it holds placeholders (then write it with {@link stringifyLossless}). */
  placeholders: boolean;
}

/**
 * Parses JSON text, keeping the text of every number `JSON.stringify` would not give back.
 *
 * @param text JSON text.
 * @returns The value, and whether it holds placeholders. Throws a `SyntaxError` for text that is
 *   not JSON.
 */
export function parseLossless(text: string): LosslessParse {
  const marked = markText(text);
  return { value: JSON.parse(marked.text), placeholders: marked.placeholders };
}

/**
 * JSON text with every number `JSON.stringify` would write differently as the JSON text of its
 * placeholder string: what another reader (the MCP SDK's transports) then parses as
 * {@link parseLossless} would. Text that is not JSON comes back as it is or with numbers marked,
 * never with a throw.
 *
 * @param text JSON text.
 * @returns The marked text (the same string when it holds no such number).
 */
export function markNumbers(text: string): string {
  return markText(text).text;
}

function markText(text: string): { text: string; placeholders: boolean } {
  if (!mayHoldNoncanonicalNumber(text)) return { text, placeholders: false };
  let placeholders = false;
  const marked = text.replace(STRING_OR_NUMBER, (token) => {
    if (token.charCodeAt(0) === 0x22 || String(Number(token)) === token) return token;
    placeholders = true;
    return `${PLACEHOLDER_TEXT}${token}"`;
  });
  return { text: marked, placeholders };
}

/**
 * The value of JSON text as {@link parseLossless} reads it, for the core's decoder
 * (`parseJson`): the numbers of an argument sent as a JSON string keep their text, as those of
 * the message around it do. Whatever it returns is written with placeholders on (see
 * `StdioLineAdapter`: a client message the core rewrote is written so), never given to another
 * reader.
 *
 * @param text JSON text.
 * @returns The value. Throws a `SyntaxError` for text that is not JSON.
 */
export function parseLosslessValue(text: string): unknown {
  return parseLossless(text).value;
}

/**
 * Reads, in place, every placeholder of a number that has a JSON value as that number, as
 * `JSON.parse` reads it (`1.0` is 1, a 64-bit integer is rounded); only a number beyond any
 * (`1e400`) stays a placeholder. For a tool a profile rewrites: the core then judges its bounds,
 * lists its `enum` values and describes its `default` as the values they are, where a placeholder
 * would be a string to it (a `1.0` in an `enum` of numbers no number matches). The value must be
 * one of {@link parseLossless}'s own, not shared: it is changed.
 *
 * @param value A value from {@link parseLossless}.
 * @returns The value (a new one only when it is itself such a placeholder).
 */
export function readNumbers(value: unknown): unknown {
  const number = placeholderNumber(value);
  if (number !== undefined) return number;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const container = pending.pop();
    if (typeof container !== 'object' || container === null) continue;
    // Every key is an own data property of a parsed value (`__proto__` too, which then shadows
    // the inherited setter), so assigning to it writes that property.
    const record = container as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const read = placeholderNumber(item);
      if (read !== undefined) record[key] = read;
      else if (typeof item === 'object' && item !== null) pending.push(item);
    }
  }
  return value;
}

/** The number a placeholder stands for, when it is one and that number is finite. */
function placeholderNumber(value: unknown): number | undefined {
  if (typeof value !== 'string' || !value.startsWith(MARK)) return undefined;
  const number = Number(value.slice(MARK.length));
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Puts back, in JSON text written from values with placeholders, the text of each number, also
 * where the core quoted one in a string it wrote (a description's `maximum: 1e400`). Request ids
 * kept as strings ({@link idAsString}) stay strings.
 *
 * @param text `JSON.stringify` output.
 * @returns The text with every number as it came.
 */
export function restoreNumbers(text: string): string {
  return text.replace(PLACEHOLDER, '$1').replace(QUOTED_PLACEHOLDER, '$1');
}

/**
 * A request id as the remote proxy sends it: the placeholder of a number `JSON.parse` would
 * change (a 64-bit integer) becomes a string no writer toward the server turns back into a number,
 * so a server that reads ids as `JSON.parse` does answers with the id it got; toward the client,
 * {@link stringifyLossless} writes the number's text again. Any other id is returned as it is.
 *
 * @param id A request id from {@link parseLossless}.
 * @returns The id to send.
 */
export function idAsString(id: unknown): unknown {
  return typeof id === 'string' && id.startsWith(MARK) ? `${ID_MARK}${id.slice(MARK.length)}` : id;
}

/**
 * Writes a value as compact JSON text, putting back the number texts {@link parseLossless} kept
 * ({@link restoreNumbers}) and the ids sent as strings ({@link idAsString}).
 *
 * @param value A value from {@link parseLossless}, or built from one.
 * @param placeholders Whether it may hold placeholders.
 * @returns The JSON text. Throws what `JSON.stringify` throws (a value too deep, a text too long).
 */
export function stringifyLossless(value: unknown, placeholders: boolean): string {
  const text = JSON.stringify(value);
  return placeholders ? restoreNumbers(text).replace(ID_PLACEHOLDER, '$1') : text;
}
