import { analyseDocument } from '../analysis/index.ts';
import { FINALIZERS, type FinalizerContext, type KeptCycles } from '../finalizers/index.ts';
import { type ResolvedOptions, resolveOptions } from '../resolveOptions/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { tryInlineAcyclic } from '../tryInlineAcyclic/index.ts';
import type {
  DereferenceOptions,
  DereferenceResult,
  Diagnostic,
  Dialect,
  JsonSchema,
} from '../types/index.ts';
import { boundDiagnostics } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { inputError } from '../utils/jsonValue.ts';
import { dialectOf } from '../vocabulary/index.ts';

/** What a road hands on: the output root, its diagnostics and the cycles it kept. */
interface RoadResult {
  schema: JsonSchema;
  dialect: Dialect;
  diagnostics: Diagnostic[];
  cycles: KeptCycles | undefined;
  keptWhole: boolean;
}

/**
 * Dereferences a JSON Schema into a self-contained schema that accepts exactly the same
 * instances: every local `$ref` inlined, `$defs` removed except the definitions a cycle needs
 * (kept under the root `$defs`), nothing fetched. Where the output cannot mean exactly what the
 * input means (an external or dangling `$ref`, a budget cut), `diagnostics` says so.
 * The input is never mutated and the output shares no object with it.
 *
 * @param schema The JSON Schema (an object or a boolean).
 * @param options The options; every one has a documented default.
 * @returns The self-contained schema and its diagnostics.
 */
export function dereference(
  schema: JsonSchema,
  options: DereferenceOptions = {},
): DereferenceResult {
  return dereferenceResolved(schema, resolveOptions(options));
}

/**
 * {@link dereference} with its options already resolved, for a caller that resolves them once
 * (`toProviderSchema` called with none, whose options are the same on every call).
 *
 * @param schema The JSON Schema (an object or a boolean).
 * @param resolved The resolved options (only read).
 * @returns The self-contained schema and its diagnostics.
 */
export function dereferenceResolved(
  schema: JsonSchema,
  resolved: ResolvedOptions,
): DereferenceResult {
  const road = takeRoad(schema, resolved);
  const context: FinalizerContext = {
    options: resolved,
    dialect: road.dialect,
    diagnostics: road.diagnostics,
    cycles: road.cycles,
    keptWhole: road.keptWhole,
  };
  let output = road.schema;
  for (const finalize of FINALIZERS) output = finalize(output, context);
  return { schema: output, diagnostics: boundDiagnostics(context.diagnostics) };
}

/**
 * Builds the self-contained output by one of two roads: most documents have no cycle and fit
 * the budget, and one walk copies their output; the full analysis handles everything else (and
 * would emit the same output for those). A boolean schema needs neither.
 */
function takeRoad(schema: JsonSchema, options: ResolvedOptions): RoadResult {
  if (typeof schema === 'boolean') {
    return {
      schema,
      dialect: options.dialect,
      diagnostics: [],
      cycles: undefined,
      keptWhole: false,
    };
  }
  let dialect: Dialect;
  try {
    if (!isPlainObject(schema)) {
      throw new ToolSchemaError(
        'invalid-schema',
        'A JSON Schema must be an object or a boolean.',
        '',
      );
    }
    dialect = dialectOf(schema.$schema) ?? options.dialect;
  } catch (error) {
    // A revoked Proxy or a throwing `$schema` getter at the root.
    throw inputError(error, '');
  }
  const walked = tryInlineAcyclic(schema, dialect, options.budget, options.foreignPatterns);
  if (walked !== undefined) {
    return {
      schema: walked.schema as JsonSchema,
      dialect,
      diagnostics: walked.diagnostics,
      cycles: undefined,
      keptWhole: false,
    };
  }
  return { ...analyseDocument(schema, dialect, options), dialect };
}
