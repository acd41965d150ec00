#!/usr/bin/env node
import { main, waitsForOutput } from './main/index.ts';

const argv = process.argv.slice(2);
const code = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exitCode = code;
// Exit explicitly: a proxy's stdin may still be open, and a child's pipes may still hold the event
// loop. Wait until stdout has handed everything over first, so no output is lost, unless the
// command has waited for its reader already.
if (waitsForOutput(argv)) process.stdout.write('', () => process.exit(code));
else process.exit(code);
