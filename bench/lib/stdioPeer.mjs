// A minimal newline-delimited JSON-RPC client over a child process's stdio, for timing round
// trips: one request at a time, answered by the next line the process writes.
import { spawn } from 'node:child_process';

/**
 * Starts a process and talks to it line by line.
 *
 * @param command The executable.
 * @param args Its arguments.
 * @returns `{ pid, request(method), close() }`; `request` resolves with the answer's bytes.
 */
export function startPeer(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let waiting;
  let chunks = [];
  let nextId = 1;
  child.stdout.on('data', (chunk) => {
    let start = 0;
    let newline = chunk.indexOf(0x0a, start);
    while (newline !== -1) {
      chunks.push(chunk.subarray(start, newline));
      const line = Buffer.concat(chunks);
      chunks = [];
      const resolve = waiting;
      waiting = undefined;
      resolve?.(line);
      start = newline + 1;
      newline = chunk.indexOf(0x0a, start);
    }
    if (start < chunk.length) chunks.push(chunk.subarray(start));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    /** The process id. */
    pid: child.pid,
    request(method) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting = resolve;
        child.stdin.write(`{"jsonrpc":"2.0","id":${id},"method":"${method}","params":{}}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
