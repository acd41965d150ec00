import { ToolSchemaError } from '../ToolSchemaError/index.ts';

/** What reading no options gives: shared, so it is frozen. */
const NO_OPTIONS: Readonly<Record<never, never>> = Object.freeze({});

/**
 * Reads the options a caller passed into a fresh record of the named keys, once, so that every
 * later read is of plain data. `undefined` and `null` are no options (a JavaScript caller writes
 * either). A value that is not an object, or whose reading throws (a getter, a revoked Proxy),
 * is a `ToolSchemaError` naming the options rather than whatever the host throws, and a key that
 * reads `undefined` is left out, as if it were not written.
 *
 * @param options The options as passed.
 * @param keys The keys the caller reads; others are not read.
 * @param what Whose options these are, for the message: `'dereference'`, `'budget'`.
 * @returns The options read, without the keys that were `undefined`.
 * @throws ToolSchemaError `invalid-option` for a value that is not an object or does not read.
 */
export function readOptions<Options extends object, Key extends keyof Options & string>(
  options: Options | null | undefined,
  keys: readonly Key[],
  what: string,
): Partial<Pick<Options, Key>> {
  if (options === undefined || options === null) return NO_OPTIONS;
  // A JavaScript caller may pass anything the types refuse.
  if (typeof options !== 'object' && typeof options !== 'function') {
    throw new ToolSchemaError(
      'invalid-option',
      `The ${what} options must be an object, got ${typeof options}.`,
    );
  }
  const read: Partial<Pick<Options, Key>> = {};
  for (const key of keys) {
    let value: unknown;
    try {
      value = options[key];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ToolSchemaError(
        'invalid-option',
        `Reading the ${what} option ${key} threw: ${reason.slice(0, 200)}`,
        undefined,
        { cause: error },
      );
    }
    if (value !== undefined) read[key] = value as Options[Key];
  }
  return read;
}
