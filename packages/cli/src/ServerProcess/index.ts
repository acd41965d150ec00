export { exitCodeOf, startError } from './exitCode.ts';
export { type ServerEnd, ServerProcess, type ServerProcessOptions } from './ServerProcess.ts';
