import { findUnsupportedRegexFeature } from '../providerRules/regexFeatures.ts';
import type { RewriteContext } from './context.ts';
import { report } from './context.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Moves keywords the provider refuses into the wire schema's description, so the model still
 * reads them; the validator still enforces them. Reported as `profile-keyword-described`.
 *
 * @param wire The wire schema (written in place).
 * @param refused The refused keywords and their values, in schema order.
 * @param context The call's state.
 * @param pointer Where, in the self-contained schema.
 */
export function describeRefused(
  wire: SchemaObject,
  refused: ReadonlyArray<[string, unknown]>,
  context: RewriteContext,
  pointer: string,
): void {
  if (refused.length === 0) return;
  const text = refused.map(([keyword, value]) => `${keyword}: ${JSON.stringify(value)}`).join('; ');
  appendDescription(wire, `Constraints: ${text}.`);
  report(
    context,
    'profile-keyword-described',
    pointer,
    `${context.recipe.profile} does not accept ${refused.map(([keyword]) => keyword).join(', ')} here; moved into the description (the validator still enforces it).`,
  );
}

/**
 * Appends a sentence to a schema's description.
 *
 * @param wire The wire schema (written in place).
 * @param sentence The sentence.
 */
export function appendDescription(wire: SchemaObject, sentence: string): void {
  const current = typeof wire.description === 'string' ? wire.description.trim() : '';
  wire.description = current === '' ? sentence : `${current}\n${sentence}`;
}

/**
 * Tells whether a keyword's value is one the provider accepts (a format on its list, a small
 * `minItems`, a simple regex).
 *
 * @param keyword The keyword (one the recipe lists).
 * @param value Its value.
 * @param context The call's state.
 * @returns Whether the wire may keep it.
 */
export function acceptsValue(keyword: string, value: unknown, context: RewriteContext): boolean {
  const { recipe } = context;
  switch (keyword) {
    case 'format':
      return typeof value === 'string' && (recipe.formats?.has(value) ?? true);
    case 'minItems':
      return (
        typeof value === 'number' &&
        (recipe.maxMinItems === undefined || value <= recipe.maxMinItems)
      );
    case 'pattern':
      return (
        typeof value === 'string' &&
        !(recipe.simpleRegex && findUnsupportedRegexFeature(value) !== undefined)
      );
    default:
      return true;
  }
}
