// The public surface for users: the pass, the wrappers, their error, and the types a user writes
// down (options, results, diagnostics, profiles). What adapter authors need is in `./adapter.ts`
// (`@toolschema/core/adapter`). Every name here is on purpose: `index.test.ts` lists them.
export { checkProviderSchema } from './checkProviderSchema/index.ts';
export { checkProviderTools } from './checkProviderTools/index.ts';
export { dereference } from './dereference/index.ts';
export type {
  ToolSchema,
  ToolSchemaDiagnostic,
  ToolSchemaDiagnosticsContext,
  ToolSchemaIo,
  ToolSchemaOptions,
  ToolSchemaTarget,
} from './ToolSchema/index.ts';
export { ToolSchemaError, type ToolSchemaErrorCode } from './ToolSchemaError/index.ts';
export {
  type ToolInputJsonSchema,
  type ToolInputJsonSchemaOptions,
  toolInputJsonSchema,
} from './toolInputJsonSchema/index.ts';
export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
export {
  type BudgetOptions,
  type CycleMode,
  type DereferenceOptions,
  type DereferenceResult,
  type Diagnostic,
  type DiagnosticCode,
  type Dialect,
  type JsonSchema,
  PROFILES,
  type Profile,
  type Violation,
} from './types/index.ts';
