export { PROFILES, type Profile, type Violation } from './profile.ts';
export type {
  BudgetOptions,
  CycleMode,
  DereferenceOptions,
  DereferenceResult,
  Diagnostic,
  DiagnosticCode,
  Dialect,
  JsonSchema,
} from './types.ts';
