#!/usr/bin/env node
import { main } from './main/index.ts';

const code = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
// The code stands even if the loop runs dry before the callback below (a client that stopped
// reading never takes the rest of stdout, and stdout does not keep the process alive).
process.exitCode = code;
// Exit explicitly: a proxy's stdin may still be open, and a child's pipes may still hold the event
// loop. Wait until stdout has handed everything over first, so no output is lost.
process.stdout.write('', () => process.exit(code));
