import { analyseDocument } from '../analysis/index.ts';
import { FINALIZERS, type FinalizerContext, type KeptCycles } from '../finalizers/index.ts';
import type { OlderShape } from '../profiles/olderShapes.ts';
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
  /** The older shapes ({@link OlderShape}) the output may hold; {@link ALL_SHAPES}: not known. */
  olderShapes: number;
}

/** What a road that does not tell which older shapes its output holds reports: any of them. */
const ALL_SHAPES = -1;

/** {@link dereferenceResolved}'s result: the pass's, and what the profiles may skip. */
export interface PassResult extends DereferenceResult {
  /**
   * The older shapes ({@link OlderShape}) the output may hold: 0 when it surely holds none,
   * so that the lenient profiles skip their walk writing them the 2020-12 way.
   */
  olderShapes: number;
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
  const { schema: output, diagnostics } = dereferenceResolved(schema, resolveOptions(options));
  return { schema: output, diagnostics };
}

/**
 * {@link dereference} with its options already resolved, for a caller that resolves them once
 * (`toProviderSchema` called with none, whose options are the same on every call).
 *
 * @param schema The JSON Schema (an object or a boolean).
 * @param resolved The resolved options (only read).
 * @param notesOlderShapes Whether to note which older shapes the output holds (see
 *   {@link PassResult}); unnoted, they read as any.
 * @returns The self-contained schema, its diagnostics and the older shapes it may hold.
 */
export function dereferenceResolved(
  schema: JsonSchema,
  resolved: ResolvedOptions,
  notesOlderShapes = false,
): PassResult {
  const road = takeRoad(schema, resolved, notesOlderShapes);
  const context: FinalizerContext = {
    options: resolved,
    dialect: road.dialect,
    diagnostics: road.diagnostics,
    cycles: road.cycles,
    keptWhole: road.keptWhole,
  };
  let output = road.schema;
  for (const finalize of FINALIZERS) output = finalize(output, context);
  return {
    schema: output,
    diagnostics: boundDiagnostics(context.diagnostics),
    olderShapes: road.olderShapes,
  };
}

/**
 * Builds the self-contained output by one of two roads: most documents have no cycle and fit
 * the budget, and one walk copies their output; the full analysis handles everything else (and
 * would emit the same output for those). A boolean schema needs neither.
 */
function takeRoad(
  schema: JsonSchema,
  options: ResolvedOptions,
  notesOlderShapes: boolean,
): RoadResult {
  if (typeof schema === 'boolean') {
    return {
      schema,
      dialect: options.dialect,
      diagnostics: [],
      cycles: undefined,
      keptWhole: false,
      olderShapes: 0,
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
  const walked = tryInlineAcyclic(
    schema,
    dialect,
    options.budget,
    options.foreignPatterns,
    notesOlderShapes,
  );
  if (walked !== undefined) {
    return {
      schema: walked.schema as JsonSchema,
      dialect,
      diagnostics: walked.diagnostics,
      cycles: undefined,
      keptWhole: false,
      olderShapes: notesOlderShapes ? walked.olderShapes : ALL_SHAPES,
    };
  }
  return { ...analyseDocument(schema, dialect, options), dialect, olderShapes: ALL_SHAPES };
}
