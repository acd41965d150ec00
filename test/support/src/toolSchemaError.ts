/** What tests read of a `ToolSchemaError` (from `@toolschema/core`). */
export interface ThrownToolSchemaError extends Error {
  readonly code: string;
  readonly pointer: string | undefined;
}

/**
 * Runs `run` and returns the `ToolSchemaError` it throws, to assert on its code and pointer;
 * fails when it throws nothing, and rethrows anything else. Recognized by name, not by class: a
 * package's own tests throw from its sources, not from a build this helper could import.
 *
 * @param run The code expected to throw.
 * @returns The error.
 */
export function toolSchemaError(run: () => unknown): ThrownToolSchemaError {
  try {
    run();
  } catch (error) {
    if (error instanceof Error && error.name === 'ToolSchemaError') {
      return error as ThrownToolSchemaError;
    }
    throw error;
  }
  throw new Error('expected a ToolSchemaError');
}
