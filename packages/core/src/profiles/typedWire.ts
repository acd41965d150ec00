type SchemaObject = Record<string, unknown>;

/**
 * A new wire schema `{ type, ...annotations }`, keys in that order. Written as a loop: object
 * spread goes through a slow generic path on the many shapes the annotations have, and this
 * runs for almost every node of a wire schema.
 *
 * @param type The wire `type`.
 * @param annotations The annotations the wire keeps (from `annotationsOf`: known keywords only).
 * @returns The new wire schema.
 */
export function typedWire(type: string, annotations: SchemaObject): SchemaObject {
  const wire: SchemaObject = { type };
  for (const key of Object.keys(annotations)) wire[key] = annotations[key];
  return wire;
}
