import type { KeptCycles } from '../finalizers/index.ts';
import { budgetFor, maxDataDepthFor, type ResolvedOptions } from '../resolveOptions/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic, Dialect, JsonSchema } from '../types/index.ts';
import { cloneJson } from '../utils/cloneJson.ts';
import { byPointer } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { definitionContainer, refHasSiblings } from '../vocabulary/index.ts';
import { emitSchema } from './emitSchema.ts';
import { indexDocument } from './indexDocument.ts';
import { planOutput } from './planOutput.ts';
import type { DocumentIndex } from './types.ts';

/** What {@link analyseDocument} returns. */
export interface Analysed {
  /** The output root. */
  schema: JsonSchema;
  /** Its diagnostics, in order. */
  diagnostics: Diagnostic[];
  /** The definitions kept under the root `$defs` because they lie on a cycle. */
  cycles: KeptCycles | undefined;
  /** Whether the document came back as it was (its `$dynamicRef`s resolve by dynamic scope). */
  keptWhole: boolean;
}

/**
 * Dereferences an object schema with the full analysis: index the document, order and size
 * what its references reach, keep `$ref`s for cycles and the budget, emit. Handles every
 * document (`dereference` first tries a single walk for the common case). The finalizers
 * (unrolling cycles, the root policy) are left to the caller.
 *
 * @param schema The input document (an object).
 * @param dialect The dialect in force.
 * @param options The resolved options.
 * @returns The output root, its diagnostics and the cycles it kept.
 */
export function analyseDocument(
  schema: Record<string, unknown>,
  dialect: Dialect,
  options: ResolvedOptions,
): Analysed {
  const diagnostics: Diagnostic[] = [];
  const index = indexDocument(
    schema,
    dialect,
    maxDataDepthFor(options.budget.maxDepth),
    options.foreignPatterns,
  );
  if (index.hasDynamicRefs) {
    // Dynamic references resolve through the dynamic scope ($id and $dynamicAnchor along the
    // evaluation path); inlining changes that scope. The document is kept exactly as it is.
    for (const diagnostic of index.diagnostics) {
      if (diagnostic.code === 'ref-dynamic') diagnostics.push(diagnostic);
    }
    return {
      schema: copyWhole(schema),
      diagnostics,
      cycles: undefined,
      keptWhole: true,
    };
  }
  const defsKeyword = refHasSiblings(dialect) ? '$defs' : 'definitions';
  const budget = budgetFor(options.budget, index.inputBytes);
  const containers = definitionContainers(index, options.unresolved === 'keep');
  /** Diagnostics about root keywords that turned out to be containers: their own rule holds. */
  const containerDiagnostics = new Set<Diagnostic>();
  for (const { key, diagnostic } of index.rootRefHolders) {
    if (containers.has(key)) containerDiagnostics.add(diagnostic);
    // Before the plan: a root on a cycle is copied into the root `$defs` without it, too.
    else delete index.units[0]!.body[key];
  }
  const plan = planOutput(index, budget, options.cycles === 'throw' ? 'throw' : 'ref');
  const emitted = emitSchema(index, plan, { unresolved: options.unresolved, defsKeyword });
  if (isPlainObject(emitted.schema)) {
    for (const [key, dropped] of containers) if (dropped) delete emitted.schema[key];
  }

  const reachable = new Uint8Array(index.units.length);
  for (const unit of plan.order) reachable[unit] = 1;
  /**
   * About one keyword of one object, in pointer order after the others: the order the single
   * walk gives `annotation-ref-dropped` in, and one that does not depend on the order the index
   * fills objects in.
   */
  const byKeyword: Diagnostic[] = [];
  index.diagnostics.forEach((diagnostic, position) => {
    if (reachable[index.diagnosticUnits[position]!] === 0) return;
    if (!KEYWORD_CODES.has(diagnostic.code)) diagnostics.push(diagnostic);
    else if (!containerDiagnostics.has(diagnostic)) byKeyword.push(diagnostic);
  });
  // Loops, not spreads: a list of 200,000 would overflow the call's arguments.
  for (const diagnostic of byKeyword.sort(byPointer)) diagnostics.push(diagnostic);
  for (const diagnostic of emitted.diagnostics) diagnostics.push(diagnostic);
  for (const diagnostic of plan.diagnostics) diagnostics.push(diagnostic);

  const names = new Set<string>();
  for (const unit of plan.entries) if (plan.cyclic[unit] === 1) names.add(plan.names.get(unit)!);
  return {
    schema: emitted.schema as JsonSchema,
    diagnostics,
    cycles: { defsKeyword, names, maxBytes: budget.bytes, maxDepth: budget.depth },
    keptWhole: false,
  };
}

/** The codes of diagnostics about one keyword, reported in pointer order. */
const KEYWORD_CODES = new Set<Diagnostic['code']>([
  'annotation-ref-dropped',
  'bounds-draft-04',
  'pattern-not-unicode',
  'pattern-dropped',
]);

/**
 * The root keywords no dialect defines that `$ref`s of the document pointed into (see
 * `definitionContainer`), each with whether the output drops it: every resolved `$ref` is inlined
 * or kept under the root `$defs`, so nothing points into them any more. A `$ref` kept as it is
 * (`unresolved: 'keep'`) that points into one keeps it.
 */
function definitionContainers(index: DocumentIndex, keep: boolean): Map<string, boolean> {
  const found = new Map<string, boolean>();
  for (const unit of index.units) {
    const ref = unit.ref;
    if (ref === undefined || unit.resource.root !== 0) continue;
    const container = definitionContainer(ref.value);
    if (container === undefined) continue;
    const kind = ref.target.kind;
    if (kind === 'unit' || kind === 'boolean') {
      if (!found.has(container)) found.set(container, true);
    } else if (keep) {
      found.set(container, false);
    }
  }
  return found;
}

/**
 * A copy of a document kept whole. The index read every schema in it, but not every value of
 * an unknown keyword, so a read that throws (a getter, a revoked Proxy) can still happen here;
 * the copy does not know where, and the error names the document.
 */
function copyWhole(schema: Record<string, unknown>): JsonSchema {
  try {
    return cloneJson(schema) as JsonSchema;
  } catch (error) {
    if (error instanceof ToolSchemaError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolSchemaError(
      'invalid-schema',
      `Reading the schema threw: ${reason.slice(0, 200)}`,
      undefined,
      { cause: error },
    );
  }
}
