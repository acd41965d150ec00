/** The codes a {@link ToolSchemaError} can carry. */
export type ToolSchemaErrorCode =
  | 'cycle'
  | 'ref-unresolved'
  | 'ref-external'
  | 'root-not-object'
  | 'invalid-schema'
  | 'invalid-option'
  | 'unrepresentable'
  | 'unsupported-target'
  | 'unsupported-validator';

/**
 * The error every toolschema function throws for a schema or an option it cannot handle.
 * `code` is stable and machine-readable; `pointer` (when set) is an RFC 6901 pointer into the
 * input schema.
 */
export class ToolSchemaError extends Error {
  /** A stable machine-readable code. */
  readonly code: ToolSchemaErrorCode;
  /** Where in the input the problem stands, when known. */
  readonly pointer: string | undefined;

  /**
   * Creates a toolschema error.
   *
   * @param code The machine-readable code.
   * @param message A sentence for humans.
   * @param pointer An RFC 6901 pointer into the input, when known.
   * @param options `cause`: the error this one wraps (a validator's own, for example).
   */
  constructor(
    code: ToolSchemaErrorCode,
    message: string,
    pointer?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ToolSchemaError';
    this.code = code;
    this.pointer = pointer;
  }
}
