export type {
  Codec,
  CodecGuard,
  CodecNode,
  DecodeOptions,
  JsonType,
} from './codec.ts';
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
  JsonValue,
} from './types.ts';
