import type { DocumentIndex, ReferenceTarget, Resource, Unit } from '../indexDocument/index.ts';
import {
  escapePointerToken,
  parsePointerFragment,
  resolvePointer,
} from '../resolvePointer/index.ts';

/** A `$ref` that leads to a schema object (which may not be indexed yet). */
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
 * Nothing outside the document is ever fetched: such a reference is reported as external.
 *
 * @param index The document index (resources and anchors as found so far).
 * @param unit The unit whose `$ref` is resolved.
 * @returns The target object, a boolean schema, or why it cannot be resolved.
 */
export function resolveReference(
  index: DocumentIndex,
  unit: Unit,
): FoundObject | Exclude<ReferenceTarget, { kind: 'unit' }> {
  const ref = unit.ref!.value;
  let resource: Resource | undefined = unit.resource;
  let fragment: string;
  if (ref.charCodeAt(0) === 35 /* # */) {
    fragment = ref.slice(1);
  } else {
    let url: URL;
    try {
      url = new URL(ref, resource.uri);
    } catch {
      return { kind: 'unresolved', reason: 'it is not a URI reference' };
    }
    fragment = url.hash.slice(1);
    url.hash = '';
    const uri = url.href.endsWith('#') ? url.href.slice(0, -1) : url.href;
    resource = index.resources.get(uri);
    if (resource === undefined) return { kind: 'external', uri: ref };
  }

  if (fragment === '' || fragment.charCodeAt(0) === 47 /* / */) {
    const tokens = parsePointerFragment(fragment);
    if (tokens === undefined)
      return { kind: 'unresolved', reason: 'its fragment is not a JSON Pointer' };
    const found = resolvePointer(resource.root, tokens);
    if (!found.found) return { kind: 'unresolved', reason: 'nothing is at that pointer' };
    let pointer = resource.rootPointer;
    for (const token of tokens) pointer += `/${escapePointerToken(token)}`;
    return asTarget(found.value, pointer, resource);
  }

  let name = fragment;
  try {
    name = decodeURIComponent(fragment);
  } catch {
    return { kind: 'unresolved', reason: 'its fragment is not percent-encoded correctly' };
  }
  const anchored = resource.anchors.get(name);
  if (anchored === undefined) return { kind: 'unresolved', reason: `no anchor "${name}" exists` };
  const known = index.unitOf.get(anchored);
  const pointer = known === undefined ? resource.rootPointer : index.units[known]!.pointer;
  return { kind: 'object', value: anchored, pointer, resource };
}

function asTarget(
  value: unknown,
  pointer: string,
  resource: Resource,
): FoundObject | Exclude<ReferenceTarget, { kind: 'unit' }> {
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { kind: 'object', value, pointer, resource };
  }
  return { kind: 'unresolved', reason: 'the value there is not a schema' };
}
