import { ToolSchemaError } from '../ToolSchemaError/index.ts';

/**
 * Values a JavaScript schema object may hold that JSON cannot: every reader of the input (both
 * roads, the data copies) refuses them the same way, with a `ToolSchemaError` `invalid-schema`
 * and the pointer where they stand, instead of letting `JSON.stringify` turn a `Date` into `{}`
 * or `NaN` into `null` silently. What `JSON.stringify` drops without changing meaning
 * (`undefined`, functions, symbols as values) stays dropped.
 */

/**
 * Tells whether an object (not an array) is one JSON can hold as it is: a plain object, or an
 * object whose own enumerable keys are all JSON sees (a class instance, an object of another
 * realm). A `Date`, `Map`, `Set`, `RegExp`, boxed primitive or typed array is not.
 *
 * @param value An object, not null, not an array.
 * @returns Whether it is a JSON object.
 */
export function isJsonObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) return true;
  return Object.prototype.toString.call(value) === '[object Object]';
}

/**
 * Tells whether `JSON.stringify` leaves a value out: `undefined`, a function or a symbol. Under
 * an object key the key is then absent; in an array, it reads as `null`.
 *
 * @param value Any value.
 * @returns Whether JSON has no such value.
 */
export function isAbsentInJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * Names what a value is when JSON cannot hold it: `a Date`, `NaN`, `a bigint`. Containers are
 * judged by themselves, not by their contents.
 *
 * @param value Any value.
 * @returns A short description, or `undefined` for a value JSON holds (or drops harmlessly).
 */
export function describeNonJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? undefined : String(value);
    case 'bigint':
      return 'a bigint';
    case 'object': {
      if (value === null || Array.isArray(value) || isJsonObject(value)) return undefined;
      const tag = Object.prototype.toString.call(value).slice(8, -1);
      return `a ${tag === 'Object' ? 'non-plain object' : tag}`;
    }
    default:
      return undefined;
  }
}

/**
 * The error for a value JSON cannot hold.
 *
 * @param what What it is (from {@link describeNonJson}).
 * @param pointer Where it stands, when known.
 * @returns The error to throw.
 */
export function nonJsonError(what: string, pointer?: string): ToolSchemaError {
  return new ToolSchemaError(
    'invalid-schema',
    `The schema holds ${what}, which JSON cannot hold${pointer === undefined ? '' : ` (at ${pointer === '' ? 'the root' : pointer})`}.`,
    pointer,
  );
}

/**
 * Gives an error from reading the input the pointer where it happened: a `ToolSchemaError`
 * that has none gets it; anything else (a getter that throws, a revoked `Proxy`) becomes a
 * `ToolSchemaError` `invalid-schema` with the original as its cause.
 *
 * @param error What was thrown.
 * @param pointer Where the reader was.
 * @returns The error to throw.
 */
export function inputError(error: unknown, pointer: string): ToolSchemaError {
  if (error instanceof ToolSchemaError) {
    if (error.pointer !== undefined) return error;
    return new ToolSchemaError(error.code, error.message, pointer, { cause: error.cause });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ToolSchemaError(
    'invalid-schema',
    `Reading the schema at ${pointer === '' ? 'the root' : pointer} threw: ${reason.slice(0, 200)}`,
    pointer,
    { cause: error },
  );
}
