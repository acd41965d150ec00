import { cloneJson, cloneTree, setOwn } from '../cloneJson/index.ts';
import type { DocumentIndex, Slot, Unit } from '../indexDocument/index.ts';
import { annotateReference, mergeReference } from '../mergeReference/index.ts';
import type { OutputPlan } from '../planOutput/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { KeywordKind, refHasSiblings } from '../vocabulary/index.ts';

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
  /** Diagnostics about references that could not be resolved. */
  diagnostics: Diagnostic[];
}

/**
 * Builds the output in one pass over the plan's build order, without recursion: each unit's
 * body is built once from the bodies of the units it inlines; a body used several times is
 * copied for all but its last use, so no two branches of the output share an object.
 *
 * @param index The document index.
 * @param plan What stays a `$ref` and what goes into root `$defs`.
 * @param options The emit options.
 * @returns The output root and diagnostics.
 */
export function emitSchema(index: DocumentIndex, plan: OutputPlan, options: EmitOptions): Emitted {
  const { units, hasDynamicRefs } = index;
  const { kept, cutRef, uses, names } = plan;
  const siblingsApply = refHasSiblings(index.dialect);
  const prefix = `#/${options.defsKeyword}/`;
  const bodies: unknown[] = new Array(units.length);
  /** Diagnostics with the unit they are about, reported in document order at the end. */
  const found: { unit: number; diagnostic: Diagnostic }[] = [];

  if (options.unresolved === 'throw') {
    // Fail on the first unresolvable reference in document order, before building anything.
    for (const id of [...plan.order].sort((a, b) => a - b)) {
      const target = units[id]!.ref?.target;
      if (target?.kind === 'external' || target?.kind === 'unresolved') {
        const { code, pointer, why } = describeUnresolved(units[id]!);
        const value = JSON.stringify(units[id]!.ref!.value);
        throw new ToolSchemaError(code, `$ref ${value} at ${pointer || '/'}: ${why}.`, pointer);
      }
    }
  }
  for (const id of plan.order) bodies[id] = build(units[id]!);

  const root = units[0]!;
  let schema = take(0);
  if (schema !== null && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    const dialectUri = root.source.$schema;
    if (dialectUri !== undefined) out.$schema = cloneJson(dialectUri);
    const idKeyword = index.dialect === 'draft-04' ? 'id' : '$id';
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

  function refTo(unit: number): Record<string, unknown> {
    return { $ref: prefix + names.get(unit)! };
  }

  /** The body of a unit for one more use: the original on its last use, else a copy. */
  function take(unit: number): unknown {
    const body = bodies[unit];
    uses[unit]! -= 1;
    if (uses[unit] === 0) {
      bodies[unit] = undefined;
      return body;
    }
    if (uses[unit]! < 0)
      throw new Error('toolschema: a unit body was used more often than planned');
    return cloneTree(body);
  }

  function slot(value: Slot): unknown {
    if (typeof value === 'number') return kept[value] === 1 ? refTo(value) : take(value);
    if (typeof value === 'boolean') return value;
    return cloneJson(value.invalid);
  }

  function build(unit: Unit): unknown {
    const out: Record<string, unknown> = {};
    const ref = unit.ref;
    const refKept =
      ref !== undefined &&
      ref.target.kind === 'unit' &&
      (cutRef[unit.id] === 1 || kept[ref.target.unit] === 1);
    if (refKept) out.$ref = prefix + names.get((ref.target as { unit: number }).unit)!;
    for (const entry of unit.entries) {
      if (entry.hidden) continue;
      switch (entry.kind) {
        case KeywordKind.Data: {
          if (entry.dynamicAnchor && !hasDynamicRefs) break;
          const value = entry.value;
          setOwn(
            out,
            entry.key,
            value === null || typeof value !== 'object' ? value : cloneJson(value),
          );
          break;
        }
        case KeywordKind.Schema:
          setOwn(out, entry.key, slot(entry.slots[0]!));
          break;
        case KeywordKind.SchemaArray: {
          const items = new Array(entry.slots.length);
          for (let position = 0; position < items.length; position++) {
            items[position] = slot(entry.slots[position]!);
          }
          setOwn(out, entry.key, items);
          break;
        }
        default: {
          const map: Record<string, unknown> = {};
          for (let position = 0; position < entry.names.length; position++) {
            setOwn(map, entry.names[position]!, slot(entry.slots[position]!));
          }
          setOwn(out, entry.key, map);
        }
      }
    }
    if (ref === undefined || refKept) return out;
    const target = ref.target;
    switch (target.kind) {
      case 'unit':
        return siblingsApply
          ? mergeReference(out, take(target.unit))
          : annotateReference(out, take(target.unit));
      case 'boolean':
        return siblingsApply
          ? mergeReference(out, target.value)
          : annotateReference(out, target.value);
      default: {
        const { code, pointer, why } = describeUnresolved(unit);
        if (options.unresolved === 'keep') {
          found.push({
            unit: unit.id,
            diagnostic: {
              code,
              pointer,
              message: `$ref ${JSON.stringify(ref.value)} is kept as it is: ${why}.`,
            },
          });
          return { $ref: ref.value, ...out };
        }
        found.push({
          unit: unit.id,
          diagnostic: {
            code,
            pointer,
            message: `$ref ${JSON.stringify(ref.value)} became a permissive schema: ${why}.`,
          },
        });
        return out;
      }
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
