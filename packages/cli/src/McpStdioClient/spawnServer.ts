import { type ChildProcess, spawn } from 'node:child_process';
import { CliError } from '../CliError/index.ts';

/**
 * Starts an MCP stdio server as a child process with piped stdin and stdout; its stderr is
 * inherited, so the server's logs reach the user's terminal unchanged. On Windows the command runs
 * through the shell, since `npx` and most server launchers are `.cmd` scripts there.
 *
 * @param command The executable.
 * @param args Its arguments.
 * @returns The child process.
 */
export function spawnServer(command: string, args: readonly string[]): ChildProcess {
  return spawn(command, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
    windowsHide: true,
  });
}

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
