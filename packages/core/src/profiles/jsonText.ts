import { PlainObject } from './plainObject.ts';

/** What {@link readJsonText} returns for a string that is not JSON. */
export const NOT_JSON = Symbol('not JSON');

/**
 * Property names met by one decoder's texts, kept to be used again (see {@link readJsonText}):
 * {@link KEY_SLOTS} slots, a name at the slot of its hash. Made by {@link newKeyCache}.
 */
export type KeyCache = string[];

/** Slots of a {@link KeyCache} (a power of two: a hash picks its slot by its low bits). */
const KEY_SLOTS = 64;

/** Characters of the longest name a {@link KeyCache} keeps. */
const MAX_CACHED_KEY = 32;

/**
 * A new, empty {@link KeyCache}, for one decoder to own.
 *
 * @returns The cache.
 */
export function newKeyCache(): KeyCache {
  return new Array<string>(KEY_SLOTS).fill('');
}

/**
 * The value of a JSON text, as `JSON.parse` gives it; {@link NOT_JSON} when `JSON.parse` refuses
 * it. Short texts `JSON.parse` takes longer to start on than to read are read here: a scalar
 * ({@link readScalar}), or an object or array of them ({@link readContainer}); every other text
 * goes to `JSON.parse`.
 *
 * @param text The text.
 * @param keys The reading decoder's {@link KeyCache}: an object's keys found there are the
 *   strings already stored as property names, which V8 stores at once (a new string it must first
 *   look up in its table of names, which costs more than reading the text). Only names are kept,
 *   never a value: what the cache holds changes no result.
 * @returns The value, or {@link NOT_JSON}.
 */
export function readJsonText(text: string, keys: KeyCache): unknown {
  const first = text.charCodeAt(0);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    if (text.length <= MAX_CONTAINER_TEXT) {
      const container = readContainer(text, keys);
      if (container !== NOT_READ) return container;
    }
  } else {
    const scalar = readScalar(text);
    if (scalar !== NOT_SCALAR) return scalar;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** What {@link readScalar} returns for any other text. */
const NOT_SCALAR = Symbol('not a scalar');

/**
 * Digits of the longest number read here, before and after the point. An integer of at most 15
 * digits is below 2^53, exact as it is written; and up to 20 significant digits the language has
 * `JSON.parse` and `Number` both round to the nearest double, so the two agree on any such
 * number.
 */
const MAX_NUMBER_DIGITS = 15;

/** Digits of the longest exponent read here. */
const MAX_EXPONENT_DIGITS = 3;

/** Characters of the longest number {@link readScalar} reads: its digits, signs, point and `e`. */
const MAX_NUMBER_TEXT = MAX_NUMBER_DIGITS + MAX_EXPONENT_DIGITS + 4;

/**
 * Characters of the longest string {@link readScalar} reads, quotes included: past it,
 * `JSON.parse`'s start-up is a small part of its work.
 */
const MAX_STRING_TEXT = 256;

/**
 * Characters of the longest object or array text {@link readContainer} reads: past it,
 * `JSON.parse`'s start-up is a small part of its work.
 */
const MAX_CONTAINER_TEXT = 2_048;

/** Objects and arrays {@link readContainer} reads inside one another; deeper: `JSON.parse`. */
const MAX_CONTAINER_DEPTH = 64;

/** A JSON string without escapes: no backslash, no control character, no quote inside. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON refuses them unescaped in a string.
const PLAIN_JSON_STRING = /^"[^"\\\u0000-\u001f]*"$/;

/** Character codes. */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const UPPER_E = 0x45;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LOWER_E = 0x65;
const LOWER_F = 0x66;
const LOWER_N = 0x6e;
const LOWER_T = 0x74;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The value of a JSON text that is exactly one scalar `JSON.parse` would give without surprise,
 * as it would give it: `null`, `true`, `false`, a string without escapes (at most
 * {@link MAX_STRING_TEXT} characters), a number of at most {@link MAX_NUMBER_DIGITS} digits;
 * {@link NOT_SCALAR} for any other text. Typeless values sent as JSON strings are mostly such
 * scalars, and reading them costs less than `JSON.parse` takes to start.
 */
function readScalar(text: string): unknown {
  switch (text) {
    case 'null':
      return null;
    case 'true':
      return true;
    case 'false':
      return false;
  }
  const first = text.charCodeAt(0);
  if (first === QUOTE) return readStringText(text);
  if (text.length > MAX_NUMBER_TEXT || (first !== MINUS && (first < ZERO || first > NINE))) {
    return NOT_SCALAR;
  }
  const end = numberEnd(text, 0);
  return end === text.length ? Number(text) : NOT_SCALAR;
}

/**
 * A JSON string without escapes is the characters between its quotes, as they are (lone
 * surrogates and U+2028 included). A backslash, a control character (which JSON refuses) or a
 * quote inside (the string would end early) leave the text to `JSON.parse`.
 */
function readStringText(text: string): unknown {
  if (text.length > MAX_STRING_TEXT || !PLAIN_JSON_STRING.test(text)) return NOT_SCALAR;
  return text.slice(1, -1);
}

/**
 * Where a JSON number starting at `start` ends: an optional minus, an integer part without a
 * leading zero (`0` stands alone), an optional fraction and exponent. -1 when the text there is
 * no such number, or one with more than {@link MAX_NUMBER_DIGITS} digits or
 * {@link MAX_EXPONENT_DIGITS} exponent digits (`Number` reads the others as `JSON.parse` does,
 * see {@link MAX_NUMBER_DIGITS}). What follows the number is not looked at.
 */
function numberEnd(text: string, start: number): number {
  const integerStart = text.charCodeAt(start) === MINUS ? start + 1 : start;
  let index = skipDigits(text, integerStart);
  let digits = index - integerStart;
  if (digits === 0 || (digits > 1 && text.charCodeAt(integerStart) === ZERO)) return -1;
  if (text.charCodeAt(index) === DOT) {
    const fractionStart = index + 1;
    index = skipDigits(text, fractionStart);
    if (index === fractionStart) return -1;
    digits += index - fractionStart;
  }
  const code = text.charCodeAt(index);
  if (code === LOWER_E || code === UPPER_E) {
    index++;
    const sign = text.charCodeAt(index);
    if (sign === PLUS || sign === MINUS) index++;
    const exponentStart = index;
    index = skipDigits(text, exponentStart);
    const exponentDigits = index - exponentStart;
    if (exponentDigits === 0 || exponentDigits > MAX_EXPONENT_DIGITS) return -1;
  }
  return digits > MAX_NUMBER_DIGITS ? -1 : index;
}

/** The index of the first character from `index` on that is not a digit (or the length). */
function skipDigits(text: string, index: number): number {
  let at = index;
  for (;;) {
    const code = text.charCodeAt(at);
    if (!(code >= ZERO && code <= NINE)) return at;
    at++;
  }
}

/** The index of the first character from `index` on that is not JSON whitespace. */
function skipSpace(text: string, index: number): number {
  let at = index;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== SPACE && code !== LINE_FEED && code !== CARRIAGE_RETURN && code !== TAB) {
      return at;
    }
    at++;
  }
}

/** What {@link readContainer} returns for a text it leaves to `JSON.parse`. */
const NOT_READ = Symbol('not read');

/**
 * Keys {@link readContainer} leaves to `JSON.parse`: `__proto__` and every name of
 * `Object.prototype`, where a store by assignment would not make an own data property as
 * `JSON.parse` does (an accessor, or a frozen prototype).
 */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Reads the frequent case of an object or array text as `JSON.parse` would: whitespace,
 * strings and keys without escapes (a backslash or a control character: {@link NOT_READ}),
 * numbers as {@link numberEnd} reads them, `true`, `false`, `null`, at most
 * {@link MAX_CONTAINER_DEPTH} containers deep, no key of `Object.prototype`. Anything else,
 * malformed text included, is {@link NOT_READ}, left to `JSON.parse`; a text read here is one
 * `JSON.parse` accepts, read to the same value (a repeated key keeps its first place and its
 * last value, as there). One loop with its own stack of open containers: no recursion; the
 * whitespace and string scans are written out in it, which V8 runs markedly faster than calls
 * to helpers (measured ~1.3× on the corpus texts).
 */
function readContainer(text: string, keys: KeyCache): unknown {
  // The open containers around `container`, each followed by the key it waits to store
  // `container` under.
  let outer: Array<Record<string, unknown> | unknown[] | string> | undefined;
  let container: Record<string, unknown> | unknown[] | undefined;
  let isArray = false;
  let key = '';
  let at = 0;
  let code = 0;
  for (;;) {
    // A value starts at `at`.
    code = text.charCodeAt(at);
    while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) {
      code = text.charCodeAt(++at);
    }
    let value: unknown;
    if (code === QUOTE) {
      const start = at + 1;
      for (;;) {
        code = text.charCodeAt(++at);
        if (code === QUOTE) break;
        // `NaN` (past the end) fails the comparison too.
        if (!(code >= SPACE) || code === BACKSLASH) return NOT_READ;
      }
      value = text.slice(start, at);
      at++;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const opensObject = code === OPEN_BRACE;
      code = text.charCodeAt(++at);
      while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) {
        code = text.charCodeAt(++at);
      }
      if (code === (opensObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        value = opensObject ? new PlainObject() : [];
        at++;
      } else {
        if (container !== undefined) {
          if (outer === undefined) outer = [];
          else if (outer.length >= 2 * MAX_CONTAINER_DEPTH) return NOT_READ;
          outer.push(container, key);
        }
        isArray = !opensObject;
        if (isArray) container = [];
        else {
          container = new PlainObject();
          const read = readKey(text, at, keys);
          if (read === undefined) return NOT_READ;
          key = read;
          at = valueStart(text, at, read);
          if (at < 0) return NOT_READ;
        }
        continue;
      }
    } else if (code === LOWER_T && text.startsWith('true', at)) {
      value = true;
      at += 4;
    } else if (code === LOWER_F && text.startsWith('false', at)) {
      value = false;
      at += 5;
    } else if (code === LOWER_N && text.startsWith('null', at)) {
      value = null;
      at += 4;
    } else {
      // A whole number of at most MAX_NUMBER_DIGITS digits is summed as it is read (exact below
      // 2^53); any other goes through numberEnd and Number.
      const start = at;
      if (code === MINUS) code = text.charCodeAt(++at);
      const digitsStart = at;
      let sum = 0;
      while (code >= ZERO && code <= NINE) {
        sum = sum * 10 + (code - ZERO);
        code = text.charCodeAt(++at);
      }
      const digits = at - digitsStart;
      if (
        digits > 0 &&
        digits <= MAX_NUMBER_DIGITS &&
        (digits === 1 || text.charCodeAt(digitsStart) !== ZERO) &&
        code !== DOT &&
        code !== LOWER_E &&
        code !== UPPER_E
      ) {
        value = start === digitsStart ? sum : -sum;
      } else {
        const end = numberEnd(text, start);
        if (end < 0) return NOT_READ;
        value = Number(text.slice(start, end));
        at = end;
      }
    }
    // Store the value, then close every container that ends after it.
    for (;;) {
      code = text.charCodeAt(at);
      while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) {
        code = text.charCodeAt(++at);
      }
      if (container === undefined) return at === text.length ? value : NOT_READ;
      if (isArray) (container as unknown[]).push(value);
      else (container as Record<string, unknown>)[key] = value;
      at++;
      if (code === COMMA) {
        if (!isArray) {
          code = text.charCodeAt(at);
          while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) {
            code = text.charCodeAt(++at);
          }
          const read = readKey(text, at, keys);
          if (read === undefined) return NOT_READ;
          key = read;
          at = valueStart(text, at, read);
          if (at < 0) return NOT_READ;
        }
        break;
      }
      if (code !== (isArray ? CLOSE_BRACKET : CLOSE_BRACE)) return NOT_READ;
      value = container;
      if (outer === undefined || outer.length === 0) container = undefined;
      else {
        key = outer.pop() as string;
        container = outer.pop() as Record<string, unknown> | unknown[];
        isArray = Array.isArray(container);
      }
    }
  }
}

/**
 * Reads `"key"` and the colon after it from `at` (whitespace before the colon allowed): the key,
 * or `undefined` when the text there is no such key or the key is one {@link INHERITED} names.
 * The value starts at {@link valueStart}: a key read here has no escape, so it has a character
 * per text character.
 */
function readKey(text: string, at: number, keys: KeyCache): string | undefined {
  if (text.charCodeAt(at) !== QUOTE) return undefined;
  const start = at + 1;
  let end = start;
  for (;;) {
    const code = text.charCodeAt(end);
    if (code === QUOTE) break;
    if (!(code >= SPACE) || code === BACKSLASH) return undefined;
    end++;
  }
  const length = end - start;
  // The slot of a name: its length, first and last characters (cheaper than hashing every one).
  const slot =
    (length * 7 + text.charCodeAt(start) * 3 + text.charCodeAt(end - 1)) & (KEY_SLOTS - 1);
  const known = keys[slot] as string;
  const key = text.slice(start, end);
  // The cached string, not the equal new one: see `keys` in `readJsonText`.
  if (key === known) return known;
  if (INHERITED.has(key)) return undefined;
  if (length <= MAX_CACHED_KEY) keys[slot] = key;
  return key;
}

/**
 * Where the value of the key {@link readKey} read at `at` starts: after its closing quote and the
 * colon (whitespace before the colon allowed); -1 when no colon follows. The colon right after
 * the quote, the common case, is found without a call.
 */
function valueStart(text: string, at: number, key: string): number {
  const next = at + key.length + 2;
  return text.charCodeAt(next) === COLON ? next + 1 : afterColon(text, next);
}

/** The index after the colon at or after `at` (whitespace before it); -1 when none follows. */
function afterColon(text: string, at: number): number {
  const colon = skipSpace(text, at);
  return text.charCodeAt(colon) === COLON ? colon + 1 : -1;
}
