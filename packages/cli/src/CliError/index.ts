export { CliError, UsageError } from './CliError.ts';
