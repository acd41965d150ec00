import { CliError } from '../CliError/index.ts';

/**
 * Turns the error a child process emits when it cannot start into a one-line {@link CliError}:
 * exit code 127 for a command that does not exist and 126 for one that may not be executed, as
 * shells do.
 *
 * @param command The executable that failed.
 * @param error The `error` event of the child process.
 * @returns The error to report.
 */
export function startError(command: string, error: Error): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new CliError(`cannot start '${command}': command not found`, 127);
  if (code === 'EACCES') return new CliError(`cannot start '${command}': permission denied`, 126);
  return new CliError(`cannot start '${command}': ${error.message}`, 1);
}

/**
 * The exit code a shell would report for a child: its own code, or 128 plus the number of the
 * signal that ended it.
 *
 * @param code The child's exit code, or `null` when a signal ended it.
 * @param signal The signal that ended it, or `null`.
 * @param signalNumbers The platform's signal numbers (`os.constants.signals`).
 * @returns The exit code.
 */
export function exitCodeOf(
  code: number | null,
  signal: NodeJS.Signals | null,
  signalNumbers: Readonly<Partial<Record<NodeJS.Signals, number>>>,
): number {
  if (code !== null) return code;
  if (signal !== null) return 128 + (signalNumbers[signal] ?? 0);
  return 1;
}
