import { constants } from 'node:os';
import { describe, expect, it } from 'vitest';
import { CliError } from '../CliError/index.ts';
import { exitCodeOf, startError } from './exitCode.ts';

function errnoError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('startError', () => {
  it('maps a missing command to 127 and a forbidden one to 126, like shells', () => {
    expect(startError('srv', errnoError('ENOENT', 'spawn srv ENOENT'))).toStrictEqual(
      new CliError("cannot start 'srv': command not found", 127),
    );
    expect(startError('srv', errnoError('ENOENT', '')).exitCode).toBe(127);
    expect(startError('srv', errnoError('EACCES', '')).exitCode).toBe(126);
    const other = startError('srv', errnoError('EMFILE', 'too many open files'));
    expect([other.message, other.exitCode]).toStrictEqual([
      "cannot start 'srv': too many open files",
      1,
    ]);
  });
});

describe('exitCodeOf', () => {
  it("keeps the child's own code, and gives 128 + signal number for a signal", () => {
    expect(exitCodeOf(0, null, constants.signals)).toBe(0);
    expect(exitCodeOf(3, null, constants.signals)).toBe(3);
    expect(exitCodeOf(null, 'SIGTERM', constants.signals)).toBe(128 + constants.signals.SIGTERM);
    expect(exitCodeOf(null, 'SIGKILL', { SIGKILL: 9 })).toBe(137);
  });
});
