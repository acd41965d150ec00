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
const PLACEHOLDER = new RegExp(`${escapeRegExp(PLACEHOLDER_TEXT)}([-+.0-9eE]+)"`, 'g');

/**
 * A cheap test that finds every text that may hold a number `JSON.stringify` would write
 * differently: an exponent, a fraction ending in 0, six leading zeros in a fraction (written as
 * `1e-7`), sixteen significant digits or more (rounded), or `-0`. Texts inside strings match too;
 * that only costs the full scan below.
 */
const MAYBE_NONCANONICAL = /\d[eE]|\.\d*0(?!\d)|\.0{6}|\d(?:\.?\d){15}|-0(?![.\d])/;

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
  if (!MAYBE_NONCANONICAL.test(text)) return { value: JSON.parse(text), placeholders: false };
  let placeholders = false;
  const marked = text.replace(STRING_OR_NUMBER, (token) => {
    if (token.charCodeAt(0) === 0x22 || String(Number(token)) === token) return token;
    placeholders = true;
    return `${PLACEHOLDER_TEXT}${token}"`;
  });
  return { value: JSON.parse(marked), placeholders };
}

/**
 * Writes a value as compact JSON text, putting back the number texts {@link parseLossless} kept.
 *
 * @param value A value from {@link parseLossless}, or built from one.
 * @param placeholders Whether it may hold placeholders.
 * @returns The JSON text. Throws what `JSON.stringify` throws (a value too deep, a text too long).
 */
export function stringifyLossless(value: unknown, placeholders: boolean): string {
  const text = JSON.stringify(value);
  return placeholders ? text.replace(PLACEHOLDER, '$1') : text;
}
