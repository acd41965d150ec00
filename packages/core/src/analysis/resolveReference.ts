import { isPlainObject } from '../utils/isPlainObject.ts';
import {
  arrayIndex,
  escapePointerToken,
  isPointerFragment,
  parsePointerFragment,
  resolvePointer,
} from '../utils/pointer.ts';
import { resolveUri } from '../utils/uri.ts';
import { KeywordKind } from '../vocabulary/index.ts';
import type { DocumentIndex, Entry, ReferenceTarget, Resource, Unit } from './types.ts';

/** A `$ref` that leads to a schema object outside the indexed schema positions. */
export interface FoundObject {
  kind: 'object';
  /** The target object. */
  value: object;
  /** Its pointer in the input. */
  pointer: string;
  /** The resource it lies in. */
  resource: Resource;
}

/**
 * Resolves the `$ref` of a unit inside the document: a JSON Pointer fragment, an anchor name, or
 * an embedded resource's `$id` (relative references resolved against the unit's base URI).
 * Pointers are followed through the indexed units (no lookup by object identity); where they
 * leave the schema positions (`#/components/schemas/X`), the raw document is read and the target
 * object is returned for indexing. Nothing outside the document is ever fetched: such a
 * reference is reported as external.
 *
 * @param index The document index (every discovered unit filled).
 * @param unit The unit whose `$ref` is resolved.
 * @returns The target unit or object, a boolean schema, or why it cannot be resolved.
 */
export function resolveReference(index: DocumentIndex, unit: Unit): FoundObject | ReferenceTarget {
  const ref = unit.ref!.value;
  let resource: Resource | undefined = unit.resource;
  let fragment: string;
  if (ref.charCodeAt(0) === 35 /* # */) {
    fragment = ref.slice(1);
  } else {
    const resolved = resolveUri(ref, resource.uri);
    if (resolved === undefined) return { kind: 'unresolved', reason: 'it is not a URI reference' };
    fragment = resolved.fragment;
    resource = index.resources.get(resolved.uri);
    if (resource === undefined) return { kind: 'external', uri: ref };
  }

  if (isPointerFragment(fragment)) {
    const tokens = parsePointerFragment(fragment);
    if (tokens === undefined) {
      return { kind: 'unresolved', reason: 'its fragment is not a JSON Pointer' };
    }
    return followPointer(index, resource, tokens);
  }

  let name = fragment;
  try {
    name = decodeURIComponent(fragment);
  } catch {
    return { kind: 'unresolved', reason: 'its fragment is not percent-encoded correctly' };
  }
  const anchored = resource.anchors.get(name);
  if (anchored === undefined) return { kind: 'unresolved', reason: `no anchor "${name}" exists` };
  return { kind: 'unit', unit: anchored };
}

/** Walks pointer tokens through the units from a resource root, then through raw JSON. */
function followPointer(
  index: DocumentIndex,
  resource: Resource,
  tokens: readonly string[],
): FoundObject | ReferenceTarget {
  let current = index.units[resource.root]!;
  let position = 0;
  while (position < tokens.length) {
    const token = tokens[position]!;
    const entry = current.entries.find((each) => each.key === token);
    if (entry === undefined) break;
    let slot: (typeof entry.slots)[number] | undefined;
    if (entry.kind === KeywordKind.Schema) {
      slot = entry.slots[0];
      position += 1;
    } else {
      const next = tokens[position + 1];
      if (next === undefined) break;
      slot =
        entry.kind === KeywordKind.SchemaArray
          ? entry.slots[arrayIndex(next)]
          : entry.slots[positionOf(entry, next)];
      if (slot === undefined) return { kind: 'unresolved', reason: 'nothing is at that pointer' };
      position += 2;
    }
    if (typeof slot === 'number') {
      current = index.units[slot]!;
      continue;
    }
    if (typeof slot === 'boolean' && position === tokens.length) {
      return { kind: 'boolean', value: slot };
    }
    return { kind: 'unresolved', reason: 'the value there is not a schema' };
  }
  if (position === tokens.length) return { kind: 'unit', unit: current.id };

  // The rest of the pointer leaves the schema positions: read the raw document from here.
  const rest = tokens.slice(position);
  const found = resolvePointer(current.source, rest);
  if (!found.found) return { kind: 'unresolved', reason: 'nothing is at that pointer' };
  const value = found.value;
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (!isPlainObject(value))
    return { kind: 'unresolved', reason: 'the value there is not a schema' };
  let pointer = current.pointer;
  for (const token of rest) pointer += `/${escapePointerToken(token)}`;
  return { kind: 'object', value, pointer, resource };
}

/** Where a name stands in a map entry; a large map (`$defs` of an API) gets an index once. */
function positionOf(entry: Entry, name: string): number {
  if (entry.names.length <= 16) return entry.names.indexOf(name);
  if (entry.positions === undefined) {
    entry.positions = new Map();
    entry.names.forEach((each, position) => {
      if (!entry.positions!.has(each)) entry.positions!.set(each, position);
    });
  }
  return entry.positions.get(name) ?? -1;
}
