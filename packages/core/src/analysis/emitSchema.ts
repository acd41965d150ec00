import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { cloneJson, cloneTree, setOwn, setOwnAt } from '../utils/cloneJson.ts';
import { previewValue } from '../utils/diagnostics.ts';
import { annotateReference, mergeReference } from '../utils/mergeReference.ts';
import { idKeyword as idKeywordOf, refHasSiblings } from '../vocabulary/index.ts';
import type { OutputPlan } from './planOutput.ts';
import type { DocumentIndex, Unit } from './types.ts';

/** Options of {@link emitSchema}. */
export interface EmitOptions {
  /** What to do with a `$ref` that cannot be resolved inside the document. */
  unresolved: 'permissive' | 'keep' | 'throw';
  /** `$defs` (2019-09 and later) or `definitions` (draft-07 and earlier). */
  defsKeyword: '$defs' | 'definitions';
}

/** What {@link emitSchema} built. */
export interface Emitted {
  /** The output root. */
  schema: unknown;
  /** Diagnostics about references that could not be resolved, in document order. */
  diagnostics: Diagnostic[];
}

/**
 * Finishes the output the index copied: in the plan's build order (every unit after the units it
 * inlines), applies each unit's `$ref` to its body (the target merged in, or `$ref` kept for a
 * cycle or the budget), and puts a `$ref` where a kept unit stood. A target used several times is
 * copied for all but one use, so no two branches of the output share an object. No recursion.
 *
 * @param index The document index, with every unit's body copied.
 * @param plan What stays a `$ref` and what goes into root `$defs`.
 * @param options The emit options.
 * @returns The output root and diagnostics.
 */
export function emitSchema(index: DocumentIndex, plan: OutputPlan, options: EmitOptions): Emitted {
  const { units } = index;
  const { kept, cutRef, uses, names } = plan;
  const siblingsApply = refHasSiblings(index.dialect);
  const prefix = `#/${options.defsKeyword}/`;
  /** Diagnostics with the unit they are about, reported in document order at the end. */
  const found: { unit: number; diagnostic: Diagnostic }[] = [];
  /** `placed[u] === 1`: unit u's original body already stands in the output, in its holder. */
  const placed = new Uint8Array(units.length);
  for (const id of plan.order) {
    const unit = units[id]!;
    if (unit.holder !== undefined && kept[id] === 0) placed[id] = 1;
  }

  if (options.unresolved === 'throw') {
    // Fail on the first unresolvable reference in document order, before changing anything.
    for (const id of [...plan.order].sort((a, b) => a - b)) {
      const target = units[id]!.ref?.target;
      if (target?.kind === 'external' || target?.kind === 'unresolved') {
        const { code, pointer, why } = describeUnresolved(units[id]!);
        const value = previewValue(units[id]!.ref!.value);
        throw new ToolSchemaError(code, `$ref ${value} at ${pointer || '/'}: ${why}.`, pointer);
      }
    }
  }
  for (const id of plan.order) link(units[id]!);

  const root = units[0]!;
  let schema: unknown = take(0);
  if (schema !== null && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    const dialectUri = root.source.$schema;
    if (dialectUri !== undefined) out.$schema = cloneJson(dialectUri);
    const idKeyword = idKeywordOf(index.dialect);
    const id = root.source[idKeyword];
    if (typeof id === 'string' && (siblingsApply || root.ref === undefined)) out[idKeyword] = id;
    for (const key of Object.keys(schema))
      setOwn(out, key, (schema as Record<string, unknown>)[key]);
    if (plan.entries.length > 0) {
      const defs: Record<string, unknown> = {};
      for (const entry of plan.entries) setOwn(defs, names.get(entry)!, take(entry));
      out[options.defsKeyword] = defs;
    }
    schema = out;
  }
  found.sort((a, b) => a.unit - b.unit);
  return { schema, diagnostics: found.map((each) => each.diagnostic) };

  /** The finished body of a unit for one more use: a copy unless this is its last free use. */
  function take(unit: number): unknown {
    const body = units[unit]!.body;
    uses[unit]! -= 1;
    if (placed[unit] === 0 && uses[unit] === 0) return body;
    if (uses[unit]! < 0)
      throw new Error('toolschema: a unit body was used more often than planned');
    return cloneTree(body);
  }

  /** Puts a new value where a unit's body stood in the output. */
  function replace(unit: Unit, value: unknown): void {
    const holder = unit.holder;
    if (holder !== undefined) setOwnAt(holder, unit.slotKey, value);
  }

  function link(unit: Unit): void {
    if (kept[unit.id] === 1) replace(unit, { $ref: prefix + names.get(unit.id)! });
    const ref = unit.ref;
    if (ref === undefined) return;
    const target = ref.target;
    const body = unit.body;
    if (target.kind === 'unit' && (cutRef[unit.id] === 1 || kept[target.unit] === 1)) {
      // `$ref` first, before its siblings: where the `$ref` came through an alias, the merge put
      // the target's `$ref` first too, so a second pass writes the same keys in the same order.
      const withRef: Record<string, unknown> = { $ref: prefix + names.get(target.unit)! };
      for (const key of Object.keys(body)) setOwn(withRef, key, body[key]);
      unit.body = withRef;
      if (kept[unit.id] === 0) replace(unit, withRef);
      return;
    }
    let result: unknown;
    switch (target.kind) {
      case 'unit':
        result = siblingsApply
          ? mergeReference(body, take(target.unit))
          : annotateReference(body, take(target.unit));
        break;
      case 'boolean':
        result = siblingsApply
          ? mergeReference(body, target.value)
          : annotateReference(body, target.value);
        break;
      default: {
        const { code, pointer, why } = describeUnresolved(unit);
        const value = previewValue(ref.value);
        if (options.unresolved === 'keep') {
          body.$ref = ref.value;
          found.push({
            unit: unit.id,
            diagnostic: { code, pointer, message: `$ref ${value} is kept as it is: ${why}.` },
          });
        } else {
          found.push({
            unit: unit.id,
            diagnostic: {
              code,
              pointer,
              message: `$ref ${value} became a permissive schema: ${why}.`,
            },
          });
        }
        return;
      }
    }
    if (result !== body) {
      unit.body = result as Record<string, unknown>;
      if (kept[unit.id] === 0) replace(unit, result);
    }
  }
}

/** Code, pointer and reason of a `$ref` that cannot be resolved inside the document. */
function describeUnresolved(unit: Unit): {
  code: 'ref-external' | 'ref-unresolved';
  pointer: string;
  why: string;
} {
  const target = unit.ref!.target;
  const pointer = `${unit.pointer}/$ref`;
  if (target.kind === 'external') {
    return {
      code: 'ref-external',
      pointer,
      why: 'it points outside this schema, and toolschema never fetches anything',
    };
  }
  const reason = target.kind === 'unresolved' ? target.reason : 'unknown';
  return { code: 'ref-unresolved', pointer, why: `it cannot be resolved: ${reason}` };
}
