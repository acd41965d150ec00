export {
  type CliIo,
  formatDiagnostic,
  formatViolation,
  MAX_STDERR_LINE,
  readAll,
  stderrLine,
} from './io.ts';
