import type { Writable } from 'node:stream';

/**
 * Waits until the client has taken everything written to it, or `limitMs` (a client that stopped
 * reading never does).
 *
 * @param stdout The client's side.
 * @param limitMs The longest wait.
 */
export async function outputTaken(stdout: NodeJS.WritableStream, limitMs: number): Promise<void> {
  const pending = (stdout as Partial<Writable>).writableLength ?? 0;
  if (pending === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, limitMs);
    function done(): void {
      clearTimeout(timer);
      stdout.off('drain', done);
      stdout.off('error', done);
      resolve();
    }
    stdout.once('drain', done);
    stdout.once('error', done);
  });
}
