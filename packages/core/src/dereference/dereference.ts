import { analyseDocument } from '../analyseDocument/index.ts';
import { ensureObjectRoot } from '../ensureObjectRoot/index.ts';
import { isObjectSchema } from '../indexDocument/index.ts';
import { inlineAcyclic } from '../inlineAcyclic/index.ts';
import { resolveBudget } from '../resolveBudget/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type {
  DereferenceOptions,
  DereferenceResult,
  Diagnostic,
  Dialect,
  JsonSchema,
} from '../types/index.ts';
import { dialectOf } from '../vocabulary/index.ts';

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
  resolveBudget(options.budget, 0);
  const diagnostics: Diagnostic[] = [];
  if (!isObjectSchema(schema)) {
    return {
      schema: options.root === 'object' ? ensureObjectRoot(schema, diagnostics) : schema,
      diagnostics,
    };
  }

  const dialect = dialectOf(schema.$schema) ?? options.dialect ?? '2020-12';
  // Most documents have no cycle and fit the budget: one walk copies their output. The full
  // analysis handles everything else, and would emit the same output for these.
  const result =
    inlineAcyclic(schema, dialect, options.budget) ?? analyseDocument(schema, dialect, options);
  diagnostics.push(...result.diagnostics);
  const output =
    options.root === 'object' ? ensureObjectRoot(result.schema, diagnostics) : result.schema;
  return { schema: output as JsonSchema, diagnostics };
}
