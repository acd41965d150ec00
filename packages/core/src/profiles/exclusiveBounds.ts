type SchemaObject = Record<string, unknown>;

/**
 * Tells whether a schema uses draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`.
 *
 * @param node A schema object.
 * @returns Whether either is a boolean.
 */
export function hasBooleanBounds(node: SchemaObject): boolean {
  return typeof node.exclusiveMinimum === 'boolean' || typeof node.exclusiveMaximum === 'boolean';
}

/**
 * Writes draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` as the numbers later drafts
 * use (`{ minimum: 1, exclusiveMinimum: true }` → `{ exclusiveMinimum: 1 }`), in place.
 *
 * @param node A schema object (written in place).
 */
export function writeNumericBounds(node: SchemaObject): void {
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[exclusive] !== 'boolean') continue;
    if (node[exclusive] === true && typeof node[bound] === 'number') {
      node[exclusive] = node[bound];
      delete node[bound];
    } else {
      delete node[exclusive];
    }
  }
}
