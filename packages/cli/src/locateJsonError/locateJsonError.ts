/** Where JSON text stops being valid, and why. Lines and columns count from 1. */
export interface JsonErrorLocation {
  /** Offset into the text, in UTF-16 code units (string index). */
  offset: number;
  /** Line number, from 1. */
  line: number;
  /** Column number, from 1, in UTF-16 code units. */
  column: number;
  /** What the scanner expected or found, for humans. */
  reason: string;
}

/** What the scanner expects next. */
type Expect =
  | 'value'
  | 'value-or-close'
  | 'key-or-close'
  | 'key'
  | 'colon'
  | 'comma-or-close'
  | 'end';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX = /^[0-9a-fA-F]{4}$/;

/**
 * Finds the first syntax error in a JSON text (RFC 8259), with its line and column. `JSON.parse`
 * says where only for some errors, and the wording differs across Node versions; this scanner
 * gives a position for every error. It checks syntax only and never recurses, so any nesting depth
 * is fine.
 *
 * @param text The JSON text.
 * @returns The location of the first error, or `undefined` when the text is valid JSON.
 */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const stack: ('{' | '[')[] = [];
  let expect: Expect = 'value';
  let index = 0;

  const fail = (offset: number, reason: string): JsonErrorLocation => {
    const { line, column } = lineAndColumn(text, offset);
    return { offset, line, column, reason };
  };
  const afterValue = (): Expect => (stack.length === 0 ? 'end' : 'comma-or-close');
  const describe = (offset: number): string =>
    offset >= text.length
      ? 'unexpected end of input'
      : `unexpected ${JSON.stringify(text[offset])}`;

  for (;;) {
    while (index < text.length && WHITESPACE.has(text[index]!)) index += 1;
    const char = text[index];
    switch (expect) {
      case 'end':
        if (char === undefined) return undefined;
        return fail(index, `${describe(index)} after the end of the JSON value`);
      case 'colon':
        if (char !== ':') return fail(index, `${describe(index)}, expected ':'`);
        index += 1;
        expect = 'value';
        break;
      case 'comma-or-close': {
        const top = stack[stack.length - 1];
        const close = top === '{' ? '}' : ']';
        if (char === ',') {
          index += 1;
          expect = top === '{' ? 'key' : 'value';
        } else if (char === close) {
          index += 1;
          stack.pop();
          expect = afterValue();
        } else {
          return fail(index, `${describe(index)}, expected ',' or '${close}'`);
        }
        break;
      }
      case 'key-or-close':
      case 'key':
        if (expect === 'key-or-close' && char === '}') {
          index += 1;
          stack.pop();
          expect = afterValue();
          break;
        }
        if (char !== '"') return fail(index, `${describe(index)}, expected a property name`);
        {
          const end = scanString(text, index);
          if (typeof end !== 'number') return fail(end.offset, end.reason);
          index = end;
        }
        expect = 'colon';
        break;
      case 'value':
      case 'value-or-close': {
        if (expect === 'value-or-close' && char === ']') {
          index += 1;
          stack.pop();
          expect = afterValue();
          break;
        }
        if (char === '{' || char === '[') {
          stack.push(char);
          index += 1;
          expect = char === '{' ? 'key-or-close' : 'value-or-close';
          break;
        }
        let end: number | { offset: number; reason: string };
        if (char === '"') end = scanString(text, index);
        else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) {
          end = scanNumber(text, index);
        } else {
          const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, index));
          if (literal === undefined) return fail(index, `${describe(index)}, expected a value`);
          end = index + literal.length;
        }
        if (typeof end !== 'number') return fail(end.offset, end.reason);
        index = end;
        expect = afterValue();
        break;
      }
    }
  }
}

/** Scans a string starting at its opening quote; returns the index after the closing quote. */
function scanString(text: string, start: number): number | { offset: number; reason: string } {
  let index = start + 1;
  for (;;) {
    const char = text[index];
    if (char === undefined) return { offset: index, reason: 'unterminated string' };
    if (char === '"') return index + 1;
    if (char === '\\') {
      const escaped = text[index + 1];
      if (escaped === 'u') {
        if (!HEX.test(text.slice(index + 2, index + 6))) {
          return { offset: index, reason: 'bad \\u escape in string' };
        }
        index += 6;
        continue;
      }
      if (escaped === undefined || !ESCAPES.has(escaped)) {
        return { offset: index, reason: 'bad escape in string' };
      }
      index += 2;
      continue;
    }
    if (char.charCodeAt(0) < 0x20) {
      return { offset: index, reason: 'control character in string (escape it)' };
    }
    index += 1;
  }
}

/** Scans a number starting at its first character; returns the index after it. */
function scanNumber(text: string, start: number): number | { offset: number; reason: string } {
  let index = start;
  const digits = (): number => {
    const from = index;
    while (index < text.length && text[index]! >= '0' && text[index]! <= '9') index += 1;
    return index - from;
  };
  if (text[index] === '-') index += 1;
  if (text[index] === '0') index += 1;
  else if (digits() === 0) return { offset: index, reason: 'expected a digit' };
  if (text[index] === '.') {
    index += 1;
    if (digits() === 0)
      return { offset: index, reason: 'expected a digit after the decimal point' };
  }
  if (text[index] === 'e' || text[index] === 'E') {
    index += 1;
    if (text[index] === '+' || text[index] === '-') index += 1;
    if (digits() === 0) return { offset: index, reason: 'expected a digit in the exponent' };
  }
  return index;
}

/** Converts a string offset into a 1-based line and column. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  let newline = text.indexOf('\n');
  while (newline !== -1 && newline < offset) {
    line += 1;
    lineStart = newline + 1;
    newline = text.indexOf('\n', lineStart);
  }
  return { line, column: offset - lineStart + 1 };
}
