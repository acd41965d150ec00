import { visitSchemas } from '../visitSchemas/index.ts';
import type { Recipe } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Whether a wire schema lists more object properties than the recipe's `maxProperties` (OpenAI
 * strict: 5,000 in a schema). Each listed property's value is a schema node the walk wrote, and
 * an object's `{ key, value }` entries add two more to the one node written for it, so a walk
 * that wrote few nodes cannot pass the limit: only a large wire is counted.
 *
 * @param wire The wire schema.
 * @param written The schema nodes the walk wrote.
 * @param recipe The profile's rules.
 * @param wrapperProperties Properties the wire will gain outside it (`value`, where the root
 *   travels wrapped).
 * @returns Whether the wire passes the limit.
 */
export function exceedsPropertyLimit(
  wire: SchemaObject,
  written: number,
  recipe: Recipe,
  wrapperProperties = 0,
): boolean {
  const limit = recipe.maxProperties;
  if (limit === undefined || 2 * written + 2 + wrapperProperties <= limit) return false;
  let properties = wrapperProperties;
  visitSchemas(wire, (node) => {
    const declared = node.properties;
    if (declared !== null && typeof declared === 'object' && !Array.isArray(declared))
      properties += Object.keys(declared).length;
  });
  return properties > limit;
}
