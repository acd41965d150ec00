import { cloneJson } from '../cloneJson/index.ts';
import { emitSchema } from '../emitSchema/index.ts';
import { ensureObjectRoot } from '../ensureObjectRoot/index.ts';
import { indexDocument, isObjectSchema } from '../indexDocument/index.ts';
import { planOutput } from '../planOutput/index.ts';
import { resolveBudget } from '../resolveBudget/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type {
  DereferenceOptions,
  DereferenceResult,
  Diagnostic,
  Dialect,
  JsonSchema,
} from '../types/index.ts';
import { unrollCycles } from '../unrollCycles/index.ts';
import { dialectOf, refHasSiblings } from '../vocabulary/index.ts';

const DIALECTS: readonly Dialect[] = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'];

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
  const cycles = options.cycles ?? 'ref';
  const unroll = typeof cycles === 'object' && cycles !== null ? cycles.unroll : undefined;
  if (unroll === undefined && cycles !== 'ref' && cycles !== 'throw') {
    throw new ToolSchemaError('invalid-option', `cycles must be 'ref', 'throw' or { unroll: n }.`);
  }
  if (unroll !== undefined && !(Number.isInteger(unroll) && unroll >= 0)) {
    throw new ToolSchemaError('invalid-option', 'cycles.unroll must be a whole number ≥ 0.');
  }
  const unresolved = options.unresolved ?? 'permissive';
  if (unresolved !== 'permissive' && unresolved !== 'keep' && unresolved !== 'throw') {
    throw new ToolSchemaError(
      'invalid-option',
      `unresolved must be 'permissive', 'keep' or 'throw'.`,
    );
  }
  if (options.dialect !== undefined && !DIALECTS.includes(options.dialect)) {
    throw new ToolSchemaError('invalid-option', `dialect must be one of ${DIALECTS.join(', ')}.`);
  }
  const diagnostics: Diagnostic[] = [];
  if (!isObjectSchema(schema)) {
    resolveBudget(options.budget, 0);
    return {
      schema: options.root === 'object' ? ensureObjectRoot(schema, diagnostics) : schema,
      diagnostics,
    };
  }

  const dialect = dialectOf(schema.$schema) ?? options.dialect ?? '2020-12';
  const defsKeyword = refHasSiblings(dialect) ? '$defs' : 'definitions';
  const index = indexDocument(schema, dialect);
  if (index.hasDynamicRefs) {
    // Dynamic references resolve through the dynamic scope ($id and $dynamicAnchor along the
    // evaluation path); inlining changes that scope. The document is kept exactly as it is.
    for (const diagnostic of index.diagnostics) {
      if (diagnostic.code === 'ref-dynamic') diagnostics.push(diagnostic);
    }
    const copy = cloneJson(schema);
    return {
      schema: options.root === 'object' ? ensureObjectRoot(copy, diagnostics) : copy,
      diagnostics,
    };
  }
  const budget = resolveBudget(options.budget, index.inputBytes);
  const plan = planOutput(index, budget, cycles === 'throw' ? 'throw' : 'ref');
  const emitted = emitSchema(index, plan, { unresolved, defsKeyword });

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
  if (options.root === 'object') output = ensureObjectRoot(output, diagnostics);
  return { schema: output as JsonSchema, diagnostics };
}
