import type { CodecNode } from '../types/index.ts';
import { deepEqual } from '../utils/deepEqual.ts';

type ObjectNode = Extract<CodecNode, { kind: 'object' }>;

/**
 * Whether a codec node maps nothing without `repair`: `null`, or objects, arrays and tuples that
 * only mark where a container stands (and `strayNull`, `unrepaired`, which only `repair` reads).
 * Without recursion: a codec is as deep as its schema.
 *
 * @param node The codec node.
 * @returns Whether decoding and encoding through it give every value back as it came.
 */
export function mapsNothing(node: CodecNode): boolean {
  const stack: CodecNode[] = [node];
  while (stack.length > 0) {
    const each = stack.pop() as CodecNode;
    if (each === null) continue;
    if (each.kind === 'array') stack.push(each.items);
    else if (each.kind === 'tuple') {
      for (const position of each.prefix) stack.push(position);
      stack.push(each.items);
    } else if (each.kind === 'object') {
      if (!mapsNoKey(each)) return false;
      stack.push(each.rest ?? null);
      for (const key in each.properties) stack.push(each.properties[key] as CodecNode);
    } else return false;
  }
  return true;
}

/**
 * Whether two codec nodes map every value alike without `repair`: equal, but for what only
 * `repair` reads (the marks of {@link mapsNothing}). Two union branches that map alike need not be
 * told apart: whichever the decoder or the encoder picks, a value comes out the same. (With
 * `repair`, the branch picked first lends its marks: a string is parsed where that branch's wire
 * wants a container.) Without recursion.
 *
 * @param left One node.
 * @param right The other.
 * @returns Whether they map alike.
 */
export function mapAlike(left: CodecNode, right: CodecNode): boolean {
  const stack: CodecNode[] = [left, right];
  while (stack.length > 0) {
    const b = stack.pop() as CodecNode;
    const a = stack.pop() as CodecNode;
    if (a === b) continue;
    if (a === null || b === null || a.kind !== b.kind) {
      if (mapsNothing(a) && mapsNothing(b)) continue;
      return false;
    }
    if (a.kind === 'array' && b.kind === 'array') stack.push(a.items, b.items);
    else if (a.kind === 'object' && b.kind === 'object') {
      if (!sameKeyMapping(a, b)) return false;
      stack.push(a.rest ?? null, b.rest ?? null);
      const left = a.properties ?? {};
      const right = b.properties ?? {};
      // A key one side lists and the other does not maps, on that other side, as its unlisted
      // keys do: into the `{ key, value }` entries (never as a listed key is), or through `rest`.
      for (const key of Object.keys(left)) {
        if (Object.hasOwn(right, key)) stack.push(left[key] as CodecNode, right[key] as CodecNode);
        else if (b.extra !== undefined) return false;
        else stack.push(left[key] as CodecNode, b.rest ?? null);
      }
      for (const key of Object.keys(right)) {
        if (Object.hasOwn(left, key)) continue;
        if (a.extra !== undefined) return false;
        stack.push(a.rest ?? null, right[key] as CodecNode);
      }
    } else if (!deepEqual(a, b)) return false;
  }
  return true;
}

/** Whether an object node maps none of its keys itself (its properties' nodes aside). */
function mapsNoKey(node: ObjectNode): boolean {
  return (
    (node.nullMeansAbsent?.length ?? 0) === 0 &&
    (node.absentSentAsNull?.length ?? 0) === 0 &&
    (node.ignored?.length ?? 0) === 0 &&
    node.extra === undefined
  );
}

/** Whether two object nodes map their keys alike themselves (their properties' nodes aside). */
function sameKeyMapping(left: ObjectNode, right: ObjectNode): boolean {
  if (mapsNoKey(left) && mapsNoKey(right)) return true;
  return (
    deepEqual(left.nullMeansAbsent ?? [], right.nullMeansAbsent ?? []) &&
    deepEqual(left.absentSentAsNull ?? [], right.absentSentAsNull ?? []) &&
    deepEqual(left.ignored ?? [], right.ignored ?? []) &&
    deepEqual(left.extra ?? null, right.extra ?? null)
  );
}
