export { type CliIo, formatDiagnostic, readAll } from './io.ts';
