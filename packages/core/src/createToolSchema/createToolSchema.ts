import type { StandardSchemaV1 } from '@standard-schema/spec';
import { decodeArguments } from '../decodeArguments/index.ts';
import { dereference } from '../dereference/index.ts';
import { requireObjectRoot } from '../finalizers/index.ts';
import type {
  ConversionDiagnostic,
  ConvertedToolSchemaOptions,
  JsonSchemaConverter,
  ToolSchema,
  ToolSchemaDiagnostic,
  ToolSchemaIo,
  ToolSchemaOptions,
  ToolSchemaProps,
  ToolSchemaTarget,
} from '../ToolSchema/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { toProviderSchema } from '../toProviderSchema/index.ts';
import type { Codec, DereferenceOptions, Dialect, JsonSchema } from '../types/index.ts';
import { cloneTree } from '../utils/cloneJson.ts';
import { readOptions } from '../utils/readOptions.ts';
import { readStandardProps, unsupportedValidatorError } from '../utils/standardSchema.ts';

/** The dialect the dereference pass assumes for each supported target. */
const DIALECT_BY_TARGET: Record<ToolSchemaTarget, Dialect> = {
  'draft-2020-12': '2020-12',
  'draft-07': 'draft-07',
};

/** What MCP servers request (`@modelcontextprotocol/server` v2 lists `draft-2020-12`). */
const DEFAULT_TARGET: ToolSchemaTarget = 'draft-2020-12';

/**
 * The wrapper options passed on to `dereference`. Typed as a complete record so that an option
 * added to `dereference` cannot be forgotten here; picking them (rather than passing the rest of
 * the options on) keeps an adapter's own options, such as Valibot's `definitions`, out of the pass.
 */
const DEREFERENCE_OPTIONS = {
  cycles: true,
  unresolved: true,
  foreignPatterns: true,
  rootId: true,
  budget: true,
} as const satisfies Record<keyof Omit<DereferenceOptions, 'root' | 'dialect'>, true>;

/**
 * The vendor the wrapper reports. Not the wrapped schema's: consumers that see a known vendor
 * reach into that library's internals (the AI SDK turns a `'zod'` schema into JSON Schema with
 * Zod's own functions and calls `safeParseAsync`), which the wrapper does not have. Under its own
 * vendor they take the Standard Schema and Standard JSON Schema path, which is the wrapper's.
 */
const VENDOR = 'toolschema';

/**
 * Wraps a Standard Schema into a {@link ToolSchema}: validation stays the schema's own, and
 * `~standard.jsonSchema.input()` / `.output()` return self-contained JSON Schema. This is the
 * vendor-neutral hook the adapters build on; `toJsonSchema` is the only vendor-specific part.
 *
 * The JSON Schema for the side a tool lists (`listedIo`) in `draft-2020-12` is computed right away,
 * so a schema that cannot be listed (a non-object input root, an unrepresentable type, a cycle
 * under `cycles: 'throw'`) throws where the tool is defined instead of failing every
 * `tools/list`. Other targets and sides are computed on first request. Each result is cached per
 * target and side, and every call returns a fresh copy, so a caller that mutates it cannot change
 * what the next call returns.
 *
 * @param schema The schema that validates; its `~standard.validate` is kept.
 * @param toJsonSchema Produces the schema's raw JSON Schema for a side and a target.
 * @param listedIo `'input'` for tool arguments (object root enforced on the input side),
 *   `'output'` for structured results (any root).
 * @param options Dereference options, a diagnostics callback, `unrepresentable`, the provider
 *   `profile` (the listed input is the profile's wire schema; `validate` decodes the model's
 *   arguments with its codec before the original validates) and `repair` (under any profile).
 * @returns The tool schema.
 * @throws ToolSchemaError `unsupported-validator` when `schema` is not a Standard Schema, or when
 *   the default JSON Schema cannot be produced.
 */
export function createToolSchema<S extends StandardSchemaV1>(
  schema: S,
  toJsonSchema: JsonSchemaConverter,
  listedIo: ToolSchemaIo,
  options?: ConvertedToolSchemaOptions,
): ToolSchema<S> {
  type Input = StandardSchemaV1.InferInput<S>;
  type Output = StandardSchemaV1.InferOutput<S>;
  if (listedIo !== 'input' && listedIo !== 'output') {
    throw new ToolSchemaError('invalid-option', `listedIo must be 'input' or 'output'.`);
  }
  const read = readToolSchemaOptions(options);
  const { onDiagnostics, unrepresentable = 'throw', profile = 'mcp', repair = false } = read;
  const dereferenceOptions = pickDereferenceOptions(read);
  const standard = readStandardProps(schema);
  if (typeof standard?.validate !== 'function') {
    throw unsupportedValidatorError(schema, 'a Standard Schema (~standard.validate)');
  }
  const original = standard as unknown as StandardSchemaV1.Props<Input, Output>;
  /** Per side, then target: the listed schema, or why it cannot be listed (not retried). */
  type Outcome = { schema: Record<string, unknown> } | { error: unknown };
  const cache: Record<ToolSchemaIo, Map<ToolSchemaTarget, Outcome>> = {
    input: new Map(),
    output: new Map(),
  };
  /** The codec of the listed input schema, per target, under a profile or with `repair`. */
  const codecs = new Map<ToolSchemaTarget, Codec>();

  const compute = (io: ToolSchemaIo, target: ToolSchemaTarget): Record<string, unknown> => {
    const conversionDiagnostics: ConversionDiagnostic[] = [];
    const raw = convert(toJsonSchema, io, target, original.vendor, (diagnostic) => {
      // Thrown from inside the converter, so one that can stops at the first such type.
      if (diagnostic.code === 'unrepresentable' && unrepresentable === 'throw') {
        const where = diagnostic.pointer === '' ? 'the root' : diagnostic.pointer;
        throw new ToolSchemaError(
          'unrepresentable',
          `${diagnostic.message} (at ${where}). Use unrepresentable: 'any' to list it as {}.`,
          diagnostic.pointer,
        );
      }
      conversionDiagnostics.push(diagnostic);
    });
    const result = dereference(raw, {
      // A tool's schema is named by the tool: an `$id` would only make a client that caches
      // validators by `$id` judge another tool, or this one once changed, by the wrong schema.
      rootId: 'drop',
      ...dereferenceOptions,
      dialect: DIALECT_BY_TARGET[target],
      root: 'any',
    });
    const diagnostics: ToolSchemaDiagnostic[] = [...conversionDiagnostics, ...result.diagnostics];
    let output: Record<string, unknown>;
    if (listedIo === 'input' && io === 'input') {
      output = requireObjectRoot(result.schema);
      // With `repair`, even `mcp` keeps a codec: it marks where objects and arrays stand.
      if (profile !== 'mcp' || repair) {
        const provider = toProviderSchema(output, profile, {
          ...dereferenceOptions,
          dialect: DIALECT_BY_TARGET[target],
          repair,
        });
        for (const diagnostic of provider.diagnostics) diagnostics.push(diagnostic);
        codecs.set(target, provider.codec);
        output = provider.schema;
      }
    } else {
      output = toSchemaObject(result.schema);
    }
    if (diagnostics.length > 0) {
      onDiagnostics?.(diagnostics, { target, io });
    }
    return output;
  };

  type Result = StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>;

  /**
   * Validates the model's arguments in the original shape: decoded under a profile (its listed
   * codec). The decoded value may share parts of `value` (or be `value` itself, when nothing
   * maps); it goes to the validator as it is and nothing here writes to it. With `repair`, the
   * arguments are judged as sent first, and repaired only when the validator refuses them: a
   * validator may accept more than its JSON Schema says (a fallback, a coercion, a preprocess),
   * and repair must not change a call it accepts. When the repaired arguments are refused too,
   * or judging them throws, the issues are those of the arguments as sent.
   */
  const validate = (value: unknown, validateOptions?: StandardSchemaV1.Options): Result => {
    const codec = codecs.get(DEFAULT_TARGET);
    if (codec === undefined) return original.validate(value, validateOptions);
    const decoded = decodeArguments(codec, value);
    const result = original.validate(decoded, validateOptions);
    if (!repair) return result;
    const retry = (first: StandardSchemaV1.Result<Output>): Result => {
      if (first.issues === undefined) return first;
      const repaired = decodeArguments(codec, value, { repair: true });
      if (repaired === decoded) return first;
      const keep = (outcome: StandardSchemaV1.Result<Output>) =>
        outcome.issues === undefined ? outcome : first;
      // The repaired value is one the validator has never been shown: where judging it throws or
      // rejects (a refinement that assumes a shape, a recursion too deep), the call stays refused
      // as sent.
      let second: Result;
      try {
        second = original.validate(repaired, validateOptions);
      } catch {
        return first;
      }
      return second instanceof Promise ? second.then(keep, () => first) : keep(second);
    };
    return result instanceof Promise ? result.then(retry) : retry(result);
  };

  /** The listed schema of a side and target, computed once (a failure too, rethrown). */
  const listed = (io: ToolSchemaIo, target: ToolSchemaTarget): Record<string, unknown> => {
    let outcome = cache[io].get(target);
    if (outcome === undefined) {
      try {
        outcome = { schema: compute(io, target) };
      } catch (error) {
        outcome = { error };
      }
      cache[io].set(target, outcome);
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.schema;
  };

  const jsonSchemaFor =
    (io: ToolSchemaIo) =>
    (converterOptions?: { readonly target: string }): Record<string, unknown> =>
      cloneTree(listed(io, toTarget(converterOptions?.target ?? DEFAULT_TARGET)));

  const props: ToolSchemaProps<Input, Output> = {
    version: 1,
    vendor: VENDOR,
    validate,
    jsonSchema: { input: jsonSchemaFor('input'), output: jsonSchemaFor('output') },
  };
  // The schema `tools/list` shows is computed now, so a tool that cannot be listed fails to
  // register; other sides and targets on first request.
  listed(listedIo, DEFAULT_TARGET);
  return { '~standard': props };
}

/** Every key of the wrapper's options, as a complete record (each is read once). */
const TOOL_SCHEMA_OPTIONS = {
  ...DEREFERENCE_OPTIONS,
  onDiagnostics: true,
  unrepresentable: true,
  profile: true,
  repair: true,
} as const satisfies Record<keyof ConvertedToolSchemaOptions, true>;

const TOOL_SCHEMA_KEYS = Object.keys(TOOL_SCHEMA_OPTIONS) as (keyof ConvertedToolSchemaOptions)[];

/**
 * The wrapper's options read once and checked where the wrapper is the one to read them (the
 * dereference options and `profile` are checked by the pass and `toProviderSchema`).
 */
function readToolSchemaOptions(
  options: ConvertedToolSchemaOptions | undefined,
): ConvertedToolSchemaOptions {
  const read: ConvertedToolSchemaOptions = readOptions(options, TOOL_SCHEMA_KEYS, 'tool schema');
  if (read.onDiagnostics !== undefined && typeof read.onDiagnostics !== 'function') {
    throw new ToolSchemaError('invalid-option', 'onDiagnostics must be a function.');
  }
  if (
    read.unrepresentable !== undefined &&
    read.unrepresentable !== 'throw' &&
    read.unrepresentable !== 'any'
  ) {
    throw new ToolSchemaError('invalid-option', `unrepresentable must be 'throw' or 'any'.`);
  }
  if (read.repair !== undefined && typeof read.repair !== 'boolean') {
    throw new ToolSchemaError('invalid-option', 'repair must be true or false.');
  }
  return read;
}

function pickDereferenceOptions(options: ToolSchemaOptions): DereferenceOptions {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(DEREFERENCE_OPTIONS) as (keyof typeof DEREFERENCE_OPTIONS)[]) {
    if (options[key] !== undefined) picked[key] = options[key];
  }
  return picked as DereferenceOptions;
}

function toTarget(target: string): ToolSchemaTarget {
  if (Object.hasOwn(DIALECT_BY_TARGET, target)) {
    return target as ToolSchemaTarget;
  }
  throw new ToolSchemaError(
    'unsupported-target',
    `JSON Schema target ${JSON.stringify(target)} is not supported; use "draft-2020-12" or "draft-07".`,
  );
}

/** Runs the converter; a vendor's own error becomes a ToolSchemaError that keeps it as `cause`. */
function convert(
  toJsonSchema: JsonSchemaConverter,
  io: ToolSchemaIo,
  target: ToolSchemaTarget,
  vendor: string,
  report: (diagnostic: ConversionDiagnostic) => void,
): JsonSchema {
  try {
    return toJsonSchema(io, target, report);
  } catch (error) {
    if (error instanceof ToolSchemaError) {
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolSchemaError(
      'unrepresentable',
      `The ${vendor} schema could not be converted to JSON Schema (${io}, ${target}): ${reason}`,
      undefined,
      { cause: error },
    );
  }
}

/** Standard JSON Schema converters return objects; a boolean root becomes its object form. */
function toSchemaObject(schema: JsonSchema): Record<string, unknown> {
  if (schema === true) {
    return {};
  }
  if (schema === false) {
    return { not: {} };
  }
  return schema;
}
