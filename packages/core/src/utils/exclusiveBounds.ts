type SchemaObject = Record<string, unknown>;

/** Each exclusive bound keyword with the inclusive one it replaces. */
const BOUNDS = [
  ['exclusiveMinimum', 'minimum'],
  ['exclusiveMaximum', 'maximum'],
] as const;

/**
 * Tells whether one key of a schema is draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`,
 * for walks that scan a node's keys once.
 *
 * @param keyword A key of a schema object.
 * @param value Its value.
 * @returns Whether it is an exclusive bound written as a boolean.
 */
export function isBooleanBound(keyword: string, value: unknown): boolean {
  return (
    (keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum') && typeof value === 'boolean'
  );
}

/**
 * Tells whether a schema uses draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`.
 *
 * @param node A schema object.
 * @returns Whether either is a boolean.
 */
export function hasBooleanBounds(node: SchemaObject): boolean {
  return (
    isBooleanBound('exclusiveMinimum', node.exclusiveMinimum) ||
    isBooleanBound('exclusiveMaximum', node.exclusiveMaximum)
  );
}

/**
 * Writes draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` as the numbers later drafts
 * use (`{ minimum: 1, exclusiveMinimum: true }` → `{ exclusiveMinimum: 1 }`), in place.
 *
 * @param node A schema object (written in place).
 */
export function writeNumericBounds(node: SchemaObject): void {
  // Called on every node of a wire schema: most have no boolean bound, so leave at once.
  if (!hasBooleanBounds(node)) return;
  for (const [exclusive, bound] of BOUNDS) {
    if (typeof node[exclusive] !== 'boolean') continue;
    if (node[exclusive] === true && typeof node[bound] === 'number') {
      node[exclusive] = node[bound];
      delete node[bound];
    } else {
      delete node[exclusive];
    }
  }
}

/**
 * Writes a numeric `exclusiveMinimum`/`exclusiveMaximum` as the inclusive `minimum`/`maximum`
 * that admit the same integers (`exclusiveMinimum: 0` → `minimum: 1`, `exclusiveMaximum: 2.5` →
 * `maximum: 2`), joined with an inclusive bound already there (the tighter one wins), in place:
 * for a schema whose only numbers are integers, and a provider that takes the inclusive bounds
 * only. Zod's `.int().positive()` and Pydantic's `PositiveInt` write `exclusiveMinimum: 0`. A
 * bound past the safe integers stays as it is (its neighbour is not a distinct double).
 *
 * @param node A schema object whose numbers are integers (written in place; its boolean
 *   bounds already written as numbers).
 */
export function writeIntegerBounds(node: SchemaObject): void {
  const low = node.exclusiveMinimum;
  if (typeof low === 'number' && Number.isFinite(low)) {
    const bound = Math.floor(low) + 1;
    if (Number.isSafeInteger(bound)) {
      delete node.exclusiveMinimum;
      const minimum = node.minimum;
      node.minimum = typeof minimum === 'number' && minimum > bound ? minimum : bound;
    }
  }
  const high = node.exclusiveMaximum;
  if (typeof high === 'number' && Number.isFinite(high)) {
    const bound = Math.ceil(high) - 1;
    if (Number.isSafeInteger(bound)) {
      delete node.exclusiveMaximum;
      const maximum = node.maximum;
      node.maximum = typeof maximum === 'number' && maximum < bound ? maximum : bound;
    }
  }
}
