export { checkProviderSchema } from './checkProviderSchema/index.ts';
export { checkProviderTools } from './checkProviderTools/index.ts';
export { createToolSchema } from './createToolSchema/index.ts';
export { dereference } from './dereference/index.ts';
export { locateObjects } from './locateObjects/index.ts';
export type {
  ConversionDiagnostic,
  ConvertedToolSchemaOptions,
  JsonSchemaConverter,
  ToolSchema,
  ToolSchemaDiagnostic,
  ToolSchemaDiagnosticsContext,
  ToolSchemaIo,
  ToolSchemaKind,
  ToolSchemaOptions,
  ToolSchemaProps,
  ToolSchemaTarget,
} from './ToolSchema/index.ts';
export { ToolSchemaError, type ToolSchemaErrorCode } from './ToolSchemaError/index.ts';
export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
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
export {
  PROFILES,
  type Profile,
  type Violation,
} from './types/index.ts';
export { visitSchemas } from './visitSchemas/index.ts';
