/**
 * An error the command line reports as one line on stderr, without a stack trace, then exits
 * with `exitCode`. Used for mistakes a user can fix (a bad argument, a missing file, a server that
 * does not start), as opposed to bugs, which keep their stack trace.
 */
export class CliError extends Error {
  /** The process exit code to use. */
  readonly exitCode: number;

  /**
   * Creates a command line error.
   *
   * @param message One line for humans, without the `toolschema:` prefix.
   * @param exitCode The process exit code. Default 1.
   */
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** A mistake in the command line itself (unknown option, missing argument): exit code 2. */
export class UsageError extends CliError {
  /**
   * Creates a usage error.
   *
   * @param message One line for humans; the caller adds a pointer to `--help`.
   */
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}
