import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import type { DereferenceOptions, Diagnostic, JsonSchema, Profile } from '../types/index.ts';

/**
 * A side of a schema: `'input'` is what a caller sends (before parsing, defaults optional),
 * `'output'` what validation returns (after transforms). A tool lists the input side of its
 * arguments (`inputSchema`) and the output side of its structured result (`outputSchema`).
 */
export type ToolSchemaIo = 'input' | 'output';

/** The Standard JSON Schema targets a tool schema can produce. */
export type ToolSchemaTarget = 'draft-2020-12' | 'draft-07';

/**
 * Something a validator's converter could not express in JSON Schema. Adapters report these;
 * `pointer` is an RFC 6901 pointer into the converter's output (`""` when the place is unknown).
 */
export interface ConversionDiagnostic {
  /**
   * `unrepresentable`: a type with no JSON Schema equivalent (a Date, a bigint, a transform's
   * output...) became `{}`. `constraint-dropped`: a refinement JSON Schema cannot express was left
   * out, so the listed schema accepts more than the validator, which still enforces it.
   */
  code: 'unrepresentable' | 'constraint-dropped';
  /** RFC 6901 pointer into the converter's output. */
  pointer: string;
  /** A sentence for humans. */
  message: string;
}

/** A diagnostic of the conversion (from the adapter) or of the dereference pass. */
export type ToolSchemaDiagnostic = Diagnostic | ConversionDiagnostic;

/** Which JSON Schema a batch of diagnostics belongs to. */
export interface ToolSchemaDiagnosticsContext {
  /** The target that was requested. */
  target: ToolSchemaTarget;
  /** Whether the input or the output side was converted. */
  io: ToolSchemaIo;
}

/**
 * Options of the tool schema wrappers. Everything {@link DereferenceOptions} offers except `root`
 * (the wrapper enforces the object root of input schemas itself) and `dialect` (it follows the
 * requested target).
 */
export interface ToolSchemaOptions extends Omit<DereferenceOptions, 'root' | 'dialect'> {
  /**
   * Receives the diagnostics of each JSON Schema the wrapper computes (once per target and side,
   * only when there are any). Diagnostics are not printed by default.
   */
  onDiagnostics?: (
    diagnostics: ToolSchemaDiagnostic[],
    context: ToolSchemaDiagnosticsContext,
  ) => void;
  /**
   * The provider profile of the listed input schema (`toProviderSchema`). Default `'mcp'`: the
   * self-contained schema. With another profile, `~standard.jsonSchema.input()` lists the wire
   * schema and `~standard.validate` decodes the model's arguments back to the original shape
   * before the original validator runs, so the handler receives what it receives today.
   * Only the input side of an input schema is rewritten.
   */
  profile?: Profile;
  /**
   * `~standard.validate` first parses a string holding JSON where the listed schema wants an
   * object or an array, and no string (`decodeArguments`' `repair`), under any profile, the
   * default `mcp` included: models that lose track of a schema send objects and arrays so. Under
   * `mcp`, `openai` and `anthropic`, it also drops a `null` sent for an optional property that
   * refuses `null`. The validator judges the arguments as sent first, and only a call it refuses
   * is repaired and judged again, so repair never changes a call the validator accepts (one that
   * takes more than its JSON Schema says: a fallback, a coercion). Default `false`.
   */
  repair?: boolean;
}

/**
 * Options of wrappers whose converter reports what JSON Schema cannot express (the adapters):
 * {@link ToolSchemaOptions} and what to do with such a type.
 */
export interface ConvertedToolSchemaOptions extends ToolSchemaOptions {
  /**
   * What to do with a type JSON Schema cannot express (an `unrepresentable` report of the
   * converter): `'throw'` (default) throws a `ToolSchemaError` with code `unrepresentable` and
   * the pointer of the first one, in document order; `'any'` lists it as `{}` and passes the
   * diagnostic to `onDiagnostics`. The validator still checks the real type either way.
   */
  unrepresentable?: 'throw' | 'any';
}

/**
 * Produces the raw JSON Schema of a schema for one side and one target. Adapters implement it with
 * their validator's converter; `report` records what the converter could not express, in document
 * order (it throws for an `unrepresentable` type under `unrepresentable: 'throw'`).
 */
export type JsonSchemaConverter = (
  io: ToolSchemaIo,
  target: ToolSchemaTarget,
  report: (diagnostic: ConversionDiagnostic) => void,
) => JsonSchema;

/** The `~standard` properties of a {@link ToolSchema}: validation plus JSON Schema output. */
export type ToolSchemaProps<Input, Output> = StandardSchemaV1.Props<Input, Output> &
  StandardJSONSchemaV1.Props<Input, Output>;

/**
 * A Standard Schema whose `validate` is the wrapped schema's own, and whose
 * `jsonSchema.input()` / `jsonSchema.output()` return self-contained JSON Schema (local `$ref`s
 * inlined, `$defs` only where a cycle needs them). Input and output types are those of `S`.
 */
export interface ToolSchema<S extends StandardSchemaV1> {
  /** The Standard Schema and Standard JSON Schema properties. */
  readonly '~standard': ToolSchemaProps<
    StandardSchemaV1.InferInput<S>,
    StandardSchemaV1.InferOutput<S>
  >;
}
