import { cloneJson } from '../cloneJson/index.ts';
import { emitSchema } from '../emitSchema/index.ts';
import { indexDocument } from '../indexDocument/index.ts';
import { planOutput } from '../planOutput/index.ts';
import { resolveBudget } from '../resolveBudget/index.ts';
import type { DereferenceOptions, Diagnostic, Dialect } from '../types/index.ts';
import { unrollCycles } from '../unrollCycles/index.ts';
import { refHasSiblings } from '../vocabulary/index.ts';

/**
 * Dereferences an object schema with the full analysis: index the document, order and size
 * what its references reach, keep `$ref`s for cycles and the budget, emit, and unroll cycles on
 * request. Handles every document (`dereference` first tries a single walk for the common case).
 * Options are already validated; `root: 'object'` is left to the caller.
 *
 * @param schema The input document (an object).
 * @param dialect The dialect in force.
 * @param options The `dereference` options.
 * @returns The output root and its diagnostics.
 */
export function analyseDocument(
  schema: Record<string, unknown>,
  dialect: Dialect,
  options: DereferenceOptions,
): { schema: unknown; diagnostics: Diagnostic[] } {
  const cycles = options.cycles ?? 'ref';
  const unroll = typeof cycles === 'object' && cycles !== null ? cycles.unroll : undefined;
  const diagnostics: Diagnostic[] = [];
  const index = indexDocument(schema, dialect);
  if (index.hasDynamicRefs) {
    // Dynamic references resolve through the dynamic scope ($id and $dynamicAnchor along the
    // evaluation path); inlining changes that scope. The document is kept exactly as it is.
    for (const diagnostic of index.diagnostics) {
      if (diagnostic.code === 'ref-dynamic') diagnostics.push(diagnostic);
    }
    return { schema: cloneJson(schema), diagnostics };
  }
  const defsKeyword = refHasSiblings(dialect) ? '$defs' : 'definitions';
  const budget = resolveBudget(options.budget, index.inputBytes);
  const plan = planOutput(index, budget, cycles === 'throw' ? 'throw' : 'ref');
  const emitted = emitSchema(index, plan, {
    unresolved: options.unresolved ?? 'permissive',
    defsKeyword,
  });

  const reachable = new Uint8Array(index.units.length);
  for (const unit of plan.order) reachable[unit] = 1;
  index.diagnostics.forEach((diagnostic, position) => {
    if (reachable[index.diagnosticUnits[position]!] === 1) diagnostics.push(diagnostic);
  });
  diagnostics.push(...emitted.diagnostics, ...plan.diagnostics);

  let output = emitted.schema;
  if (unroll !== undefined && output !== null && typeof output === 'object') {
    const cyclic = new Set<string>();
    for (const unit of plan.entries) if (plan.cyclic[unit] === 1) cyclic.add(plan.names.get(unit)!);
    output = unrollCycles(
      output as Record<string, unknown>,
      defsKeyword,
      cyclic,
      unroll,
      budget.bytes,
      diagnostics,
    );
  }
  return { schema: output, diagnostics };
}
