import type { Diagnostic } from '../types/index.ts';

/**
 * Bounds on what `dereference` reports, so that a hostile schema cannot make its diagnostics
 * larger than its output (a pointer 200,000 levels deep is 1.2 MB; hundreds of them, hundreds of
 * MB written to a log).
 */

/** A pointer longer than this keeps its first and last {@link POINTER_END_CHARS}, joined by `…`. */
export const MAX_POINTER_CHARS = 512;
/** Characters a truncated pointer keeps at each end. */
export const POINTER_END_CHARS = 256;
/** A message longer than this is cut there, with `…` and how much was left out. */
export const MAX_MESSAGE_CHARS = 1_000;
/** Diagnostics of one code listed in full; the rest become one summary of that code. */
export const MAX_DIAGNOSTICS_PER_CODE = 20;

/**
 * Bounds a call's diagnostics: every pointer and message capped (see {@link MAX_POINTER_CHARS},
 * {@link MAX_MESSAGE_CHARS}), and past {@link MAX_DIAGNOSTICS_PER_CODE} of one code, the rest of
 * that code replaced by one summary diagnostic (the pointer of the first one left out, the
 * count in its message) where the first one left out stood.
 *
 * @param diagnostics The diagnostics, in order.
 * @returns The bounded list (the same array when nothing needed a bound).
 */
export function boundDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const counts = new Map<string, number>();
  let changed = false;
  for (const diagnostic of diagnostics) {
    counts.set(diagnostic.code, (counts.get(diagnostic.code) ?? 0) + 1);
    if (
      diagnostic.pointer.length > MAX_POINTER_CHARS ||
      diagnostic.message.length > MAX_MESSAGE_CHARS
    ) {
      changed = true;
    }
  }
  for (const count of counts.values()) if (count > MAX_DIAGNOSTICS_PER_CODE) changed = true;
  if (!changed) return diagnostics;
  const seen = new Map<string, number>();
  const bounded: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const position = (seen.get(diagnostic.code) ?? 0) + 1;
    seen.set(diagnostic.code, position);
    if (position <= MAX_DIAGNOSTICS_PER_CODE) {
      bounded.push(boundOne(diagnostic));
    } else if (position === MAX_DIAGNOSTICS_PER_CODE + 1) {
      const more = counts.get(diagnostic.code)! - MAX_DIAGNOSTICS_PER_CODE;
      bounded.push({
        code: diagnostic.code,
        pointer: boundPointer(diagnostic.pointer),
        message: `${more} more ${diagnostic.code} diagnostics left out (the first ${MAX_DIAGNOSTICS_PER_CODE} are listed; this pointer is the first one left out).`,
      });
    }
  }
  return bounded;
}

function boundOne(diagnostic: Diagnostic): Diagnostic {
  const pointer = boundPointer(diagnostic.pointer);
  const message = boundMessage(diagnostic.message);
  if (pointer === diagnostic.pointer && message === diagnostic.message) return diagnostic;
  return { code: diagnostic.code, pointer, message };
}

/**
 * Caps a pointer at about {@link MAX_POINTER_CHARS}: its first and last
 * {@link POINTER_END_CHARS} characters joined by `…` (no longer a pointer to follow, but it says
 * where the path starts and ends).
 *
 * @param pointer An RFC 6901 pointer.
 * @returns The pointer, or its capped form.
 */
export function boundPointer(pointer: string): string {
  if (pointer.length <= MAX_POINTER_CHARS) return pointer;
  return `${pointer.slice(0, POINTER_END_CHARS)}…${pointer.slice(-POINTER_END_CHARS)}`;
}

/**
 * A message cut at {@link MAX_MESSAGE_CHARS}, saying how much was left out.
 *
 * @param message A message.
 * @returns The message, or its bounded form.
 */
export function boundMessage(message: string): string {
  if (message.length <= MAX_MESSAGE_CHARS) return message;
  return `${message.slice(0, MAX_MESSAGE_CHARS)}… (${message.length - MAX_MESSAGE_CHARS} characters left out)`;
}

/**
 * A short, safe rendering of an input value for a message: a string quoted (up to 100
 * characters), a scalar as JSON writes it, a container by its kind. Never walks a container, so
 * a deep or cyclic value cannot overflow the stack.
 *
 * @param value Any value.
 * @returns The rendering.
 */
export function previewValue(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  }
  if (Array.isArray(value)) return value.length === 0 ? '[]' : 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

/**
 * Like {@link previewValue}, but a flat array of scalars is written out as JSON (up to 200
 * characters): `["string","null"]` says more than `an array`.
 *
 * @param value Any value.
 * @returns The rendering.
 */
export function previewJson(value: unknown): string {
  if (Array.isArray(value) && value.length <= 50) {
    const flat = value.every(
      (item) => item === null || (typeof item !== 'object' && typeof item !== 'bigint'),
    );
    if (flat) {
      const text = JSON.stringify(value);
      if (text.length <= 200) return text;
    }
  }
  return typeof value === 'number' ? JSON.stringify(value) : previewValue(value);
}

/**
 * The `annotation-ref-dropped` diagnostic, worded once for both roads of `dereference`: a keyword
 * no dialect defines whose value holds a `$ref` was left out of the output.
 *
 * @param keyword The keyword.
 * @param pointer Where it stands in the input.
 * @param ref The first string `$ref` found in its value.
 * @returns The diagnostic.
 */
export function annotationRefDropped(keyword: string, pointer: string, ref: string): Diagnostic {
  return {
    code: 'annotation-ref-dropped',
    pointer,
    message: `The keyword ${previewValue(keyword)} is defined by no JSON Schema dialect, so it asserts nothing; it was left out because its value holds $ref ${previewValue(ref)}, which would dangle for clients that follow every $ref (the output keeps no definitions but those a cycle needs).`,
  };
}

/**
 * Orders diagnostics by pointer (UTF-16 code units): an order both roads of `dereference` can
 * give, whatever order each reads the document in.
 *
 * @param first A diagnostic.
 * @param second Another.
 * @returns A negative number, zero or a positive number, as `Array.prototype.sort` expects.
 */
export function byPointer(first: Diagnostic, second: Diagnostic): number {
  return first.pointer < second.pointer ? -1 : first.pointer > second.pointer ? 1 : 0;
}

/** How many names {@link quoteNames} quotes before it only counts the rest. */
const QUOTED_NAMES = 5;

/**
 * Property names as a diagnostic's sentence quotes them: the first five as JSON strings, then a
 * count of the rest (`"a", "b" and 3 more`).
 *
 * @param names The names.
 * @returns The quoted list.
 */
export function quoteNames(names: readonly string[]): string {
  const quoted = names.slice(0, QUOTED_NAMES).map((name) => JSON.stringify(name));
  const more = names.length > QUOTED_NAMES ? ` and ${names.length - QUOTED_NAMES} more` : '';
  return `${quoted.join(', ')}${more}`;
}
