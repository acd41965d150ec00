/**
 * Compares two JSON values structurally, without recursion. Key order does not matter.
 *
 * @param left One value.
 * @param right The other value.
 * @returns Whether they are the same JSON.
 */
export function deepEqual(left: unknown, right: unknown): boolean {
  // Two scalars (a guard's tag values, the `null` codecs of a union's branches) are told apart
  // without making a stack: a wide union compares them for each pair of its branches.
  if (left === right) return true;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object')
    return false;
  const stack: unknown[] = [left, right];
  while (stack.length > 0) {
    const b = stack.pop();
    const a = stack.pop();
    if (a === b) continue;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let index = 0; index < a.length; index++) {
        if (!pushPair(stack, a[index], b[index])) return false;
      }
      continue;
    }
    if (Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(b, key)) return false;
      const pushed = pushPair(
        stack,
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
      );
      if (!pushed) return false;
    }
  }
  return true;
}

/**
 * Stacks two children to compare, or tells at once that they differ: two different scalars (a
 * `title`, an `enum` value) are found before the walk descends into their siblings, which is
 * where schemas that differ usually differ (the union branches a profile compares).
 *
 * @returns `false` when the children differ already.
 */
function pushPair(stack: unknown[], a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  stack.push(a, b);
  return true;
}
