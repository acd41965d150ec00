import { Readable, Writable } from 'node:stream';
import type { CliIo } from './io.ts';

/** A {@link CliIo} over memory, for tests: stdin from a string, stdout and stderr collected. */
export interface MemoryIo {
  /** The streams to hand to a command. */
  io: CliIo;
  /** Everything written to stdout so far. */
  stdout: () => string;
  /** Everything written to stderr so far. */
  stderr: () => string;
}

function collector(chunks: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      callback();
    },
  });
}

/**
 * Creates in-memory streams for running a command in a test.
 *
 * @param input What stdin yields; `undefined` makes stdin look like a terminal.
 * @returns The streams and readers for what was written.
 */
export function createMemoryIo(input?: string): MemoryIo {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdin: CliIo['stdin'] = Readable.from(input === undefined ? [] : [Buffer.from(input)]);
  if (input === undefined) stdin.isTTY = true;
  return {
    io: { stdin, stdout: collector(out), stderr: collector(err) },
    stdout: () => Buffer.concat(out).toString('utf8'),
    stderr: () => Buffer.concat(err).toString('utf8'),
  };
}
