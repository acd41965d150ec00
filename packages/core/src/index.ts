// The public surface for users: the pass, the wrappers, their error, and the types a user writes
// down (options, results, diagnostics, profiles). What adapter authors need is in `./adapter.ts`
// (`@toolschema/core/adapter`). Every name here is on purpose: `index.test.ts` lists them.
export { checkProviderSchema } from './checkProviderSchema/index.ts';
export { checkProviderTools } from './checkProviderTools/index.ts';
export { decodeArguments } from './decodeArguments/index.ts';
export { dereference } from './dereference/index.ts';
export { encodeArguments } from './encodeArguments/index.ts';
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
export {
  type ProviderSchemaOptions,
  type ProviderSchemaResult,
  toProviderSchema,
} from './toProviderSchema/index.ts';
export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
export {
  type BudgetOptions,
  type Codec,
  type CodecGuard,
  type CodecNode,
  type CycleMode,
  type DecodeOptions,
  type DereferenceOptions,
  type DereferenceResult,
  type Diagnostic,
  type DiagnosticCode,
  type Dialect,
  type JsonSchema,
  type JsonType,
  type JsonValue,
  PROFILES,
  type Profile,
  type Violation,
} from './types/index.ts';
