export type {
  BudgetOptions,
  CycleMode,
  DereferenceOptions,
  DereferenceResult,
  Diagnostic,
  DiagnosticCode,
  Dialect,
  JsonObject,
  JsonSchema,
  JsonValue,
} from './types.ts';
