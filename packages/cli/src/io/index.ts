export { type CliIo, formatDiagnostic, formatViolation, readAll } from './io.ts';
