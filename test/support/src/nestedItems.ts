/**
 * Builds `{ items: { items: ... {} } }`, `levels` containers deep below the root: input for
 * tests that a walk over JSON needs no stack (any depth).
 *
 * @param levels How many `items` objects sit below the root.
 * @returns The root object.
 */
export function nestedItems(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let node = root;
  for (let level = 0; level < levels; level++) {
    const next: Record<string, unknown> = {};
    node.items = next;
    node = next;
  }
  return root;
}
