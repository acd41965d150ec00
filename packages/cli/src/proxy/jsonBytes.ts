/**
 * Reading the structure of JSON text as UTF-8 bytes without building values: where a value ends,
 * where a member's key and value are. Structure (brackets, commas, colons, numbers, literals,
 * white space as `JSON.parse` reads it) is checked; the inside of strings is not (an escape, a
 * control character): the proxy parses every byte it does not already know with `JSON.parse`
 * anyway, so this only has to find where each string ends. Loops only, no recursion: depth costs
 * no stack.
 */

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_9 = 0x39;
const LOWER_E = 0x65;
const UPPER_E = 0x45;

const LITERALS = [Buffer.from('true'), Buffer.from('false'), Buffer.from('null')];

/**
 * Skips white space.
 *
 * @param bytes JSON text.
 * @param at Where to start.
 * @returns The index of the first byte that is not white space (the length at the end).
 */
export function skipWhitespace(bytes: Uint8Array, at: number): number {
  let index = at;
  for (;;) {
    const byte = bytes[index];
    if (byte !== SPACE && byte !== LINE_FEED && byte !== CARRIAGE_RETURN && byte !== TAB) {
      return index;
    }
    index++;
  }
}

/**
 * Skips a string: finds its closing quote (the next quote not escaped) with a native search, so a
 * long description costs little. What is inside is not checked (see the module comment).
 *
 * @param bytes JSON text.
 * @param at The index of its opening quote.
 * @returns The index after its closing quote, or -1 when there is no string there.
 */
export function skipString(bytes: Uint8Array, at: number): number {
  if (bytes[at] !== QUOTE) return -1;
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

function skipDigits(bytes: Uint8Array, at: number): number {
  let index = at;
  for (;;) {
    const byte = bytes[index];
    if (byte === undefined || byte < DIGIT_0 || byte > DIGIT_9) return index;
    index++;
  }
}

/** Skips a number or a literal; -1 when there is none. */
function skipScalar(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === MINUS || (first !== undefined && first >= DIGIT_0 && first <= DIGIT_9)) {
    let index = first === MINUS ? at + 1 : at;
    const lead = bytes[index];
    if (lead === DIGIT_0) index++;
    else if (lead !== undefined && lead >= DIGIT_1 && lead <= DIGIT_9)
      index = skipDigits(bytes, index);
    else return -1;
    if (bytes[index] === DOT) {
      const end = skipDigits(bytes, index + 1);
      if (end === index + 1) return -1;
      index = end;
    }
    if (bytes[index] === LOWER_E || bytes[index] === UPPER_E) {
      index++;
      if (bytes[index] === PLUS || bytes[index] === MINUS) index++;
      const end = skipDigits(bytes, index);
      if (end === index) return -1;
      index = end;
    }
    return index;
  }
  for (const literal of LITERALS) {
    if (first !== literal[0]) continue;
    for (let offset = 1; offset < literal.length; offset++) {
      if (bytes[at + offset] !== literal[offset]) return -1;
    }
    return at + literal.length;
  }
  return -1;
}

/**
 * Reads a member's key and the colon after it.
 *
 * @param bytes JSON text.
 * @param at The index of the key's opening quote.
 * @returns The index of the key's closing quote + 1 (`keyEnd`) and of the value's first byte
 *   (`value`), or `undefined` when there is no key and colon there.
 */
export function readKey(
  bytes: Uint8Array,
  at: number,
): { keyEnd: number; value: number } | undefined {
  const keyEnd = skipString(bytes, at);
  if (keyEnd === -1) return undefined;
  const colon = skipWhitespace(bytes, keyEnd);
  if (bytes[colon] !== COLON) return undefined;
  return { keyEnd, value: skipWhitespace(bytes, colon + 1) };
}

/**
 * Skips one JSON value, checking its grammar.
 *
 * @param bytes JSON text.
 * @param at The index of the value's first byte (no white space before it).
 * @returns The index after the value, or -1 when there is no valid value there.
 */
export function skipValue(bytes: Uint8Array, at: number): number {
  // The open containers: true for an object, false for an array.
  const open: boolean[] = [];
  let index = at;
  for (;;) {
    // A value starts at index.
    const first = bytes[index];
    if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      const inner = skipWhitespace(bytes, index + 1);
      const isObject = first === OPEN_BRACE;
      if (bytes[inner] === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) index = inner + 1;
      else {
        open.push(isObject);
        if (!isObject) {
          index = inner;
          continue;
        }
        const member = readKey(bytes, inner);
        if (member === undefined) return -1;
        index = member.value;
        continue;
      }
    } else if (first === QUOTE) {
      index = skipString(bytes, index);
      if (index === -1) return -1;
    } else {
      index = skipScalar(bytes, index);
      if (index === -1) return -1;
    }
    // A value ended at index: close what it ends, or go on to the next one.
    for (;;) {
      if (open.length === 0) return index;
      const isObject = open[open.length - 1]!;
      index = skipWhitespace(bytes, index);
      const next = bytes[index];
      if (next === COMMA) {
        index = skipWhitespace(bytes, index + 1);
        if (isObject) {
          const member = readKey(bytes, index);
          if (member === undefined) return -1;
          index = member.value;
        }
        break;
      }
      if (next !== (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) return -1;
      open.pop();
      index++;
    }
  }
}

/** Where the `tools` array of a `tools/list` answer is, as found by {@link findToolsArray}. */
export interface ToolsArray {
  /** The index of its `[`. */
  open: number;
  /** The index of its `]`. */
  close: number;
  /** Each element's first byte and the index after its last, in order. */
  elements: Array<[start: number, end: number]>;
}

/**
 * Finds the `result.tools` array of a JSON-RPC response written as one object: each top-level
 * member is read (so `result` must be there once, an object, with `tools` in it once, an array),
 * and every value but the tools is checked by the grammar. A key written with escapes is read as
 * `JSON.parse` would read it.
 *
 * @param bytes The message's text.
 * @param skipElement Where the element of the array that starts at an index ends (-1 when it is
 *   not valid JSON): the caller may know the element's text already.
 * @returns Where the array and its elements are, or `undefined` when the text is not such an
 *   answer (another shape, `method` or `result` or `tools` more than once, a grammar error).
 */
export function findToolsArray(
  bytes: Uint8Array,
  skipElement: (at: number) => number,
): ToolsArray | undefined {
  let found: ToolsArray | undefined;
  let sawResult = false;
  const end = readMembers(bytes, skipWhitespace(bytes, 0), (key, at) => {
    if (key === 'method' || (key === 'result' && sawResult)) return -1;
    if (key !== 'result') return skipValue(bytes, at);
    sawResult = true;
    if (bytes[at] !== OPEN_BRACE) return -1;
    return readMembers(bytes, at, (innerKey, innerAt) => {
      if (innerKey !== 'tools') return skipValue(bytes, innerAt);
      if (found !== undefined || bytes[innerAt] !== OPEN_BRACKET) return -1;
      const array = readElements(bytes, innerAt, skipElement);
      if (array === undefined) return -1;
      found = array;
      return array.close + 1;
    });
  });
  if (end === -1 || skipWhitespace(bytes, end) !== bytes.length) return undefined;
  return found;
}

/**
 * Reads an object's members, handing each key (decoded) and its value's index to `onMember`,
 * which returns where the value ends (-1 to stop).
 *
 * @returns The index after the object, or -1.
 */
function readMembers(
  bytes: Uint8Array,
  at: number,
  onMember: (key: string, at: number) => number,
): number {
  if (bytes[at] !== OPEN_BRACE) return -1;
  let index = skipWhitespace(bytes, at + 1);
  if (bytes[index] === CLOSE_BRACE) return index + 1;
  for (;;) {
    const member = readKey(bytes, index);
    if (member === undefined) return -1;
    const key = decodeKey(bytes, index, member.keyEnd);
    const valueEnd = onMember(key, member.value);
    if (valueEnd === -1) return -1;
    index = skipWhitespace(bytes, valueEnd);
    if (bytes[index] === CLOSE_BRACE) return index + 1;
    if (bytes[index] !== COMMA) return -1;
    index = skipWhitespace(bytes, index + 1);
  }
}

/** A key's text (quotes included, already checked) as a string. */
function decodeKey(bytes: Uint8Array, start: number, end: number): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  return text.includes('\\') ? (JSON.parse(text) as string) : text.slice(1, -1);
}

/** Reads an array's elements with `skipElement`; `undefined` on a grammar error. */
function readElements(
  bytes: Uint8Array,
  at: number,
  skipElement: (at: number) => number,
): ToolsArray | undefined {
  const elements: Array<[number, number]> = [];
  let index = skipWhitespace(bytes, at + 1);
  if (bytes[index] === CLOSE_BRACKET) return { open: at, close: index, elements };
  for (;;) {
    const end = skipElement(index);
    if (end === -1) return undefined;
    elements.push([index, end]);
    index = skipWhitespace(bytes, end);
    if (bytes[index] === CLOSE_BRACKET) return { open: at, close: index, elements };
    if (bytes[index] !== COMMA) return undefined;
    index = skipWhitespace(bytes, index + 1);
  }
}
