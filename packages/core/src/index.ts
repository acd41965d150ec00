export { dereference } from './dereference/index.ts';
export { ToolSchemaError, type ToolSchemaErrorCode } from './ToolSchemaError/index.ts';
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
} from './types/index.ts';
