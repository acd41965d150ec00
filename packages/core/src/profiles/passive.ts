import type { CodecNode } from '../types/index.ts';

const passive = new WeakMap<object, boolean>();

/**
 * Tells whether a codec node maps nothing (it only marks where objects and arrays stand, for
 * repair): decoding and encoding then return the value as it is.
 *
 * @param node A codec node.
 * @returns Whether the node is the identity.
 */
export function isPassive(node: CodecNode): boolean {
  if (node === null) return true;
  const known = passive.get(node);
  if (known !== undefined) return known;
  let result: boolean;
  switch (node.kind) {
    case 'object':
      result =
        node.nullMeansAbsent === undefined &&
        node.absentSentAsNull === undefined &&
        node.extra === undefined &&
        node.ignored === undefined &&
        (node.rest === undefined || isPassive(node.rest)) &&
        Object.values(node.properties ?? {}).every(isPassive);
      break;
    case 'array':
      result = isPassive(node.items);
      break;
    case 'tuple':
      result = node.prefix.every(isPassive) && isPassive(node.items);
      break;
    case 'union':
      result = node.branches.every((branch) => isPassive(branch.codec));
      break;
    default:
      result = false;
  }
  passive.set(node, result);
  return result;
}
