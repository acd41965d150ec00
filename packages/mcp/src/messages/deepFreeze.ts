/**
 * Freezes a JSON value and everything in it, without recursion (a schema may be deep).
 *
 * @param value A value the caller owns (a fresh output of the pass).
 * @returns The same value, frozen.
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || Object.isFrozen(node)) continue;
    Object.freeze(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return value;
}
