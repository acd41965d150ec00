// Loads the built @toolschema/core and tells whether its pass really dereferences yet.
import { dereference } from '@toolschema/core';

export { dereference };

/**
 * Tells whether the installed `dereference` inlines a trivial local reference (the early
 * placeholder only cloned its input). The benchmarks still run against a placeholder, so the
 * harness can be debugged, but their numbers then mean nothing and the report says so.
 *
 * @returns True when `{ $ref: '#/$defs/A' }` comes back without a `$ref`.
 */
export function passIsReal() {
  const { schema } = dereference({
    type: 'object',
    properties: { a: { $ref: '#/$defs/A' } },
    $defs: { A: { type: 'string' } },
  });
  return !JSON.stringify(schema).includes('$ref');
}
