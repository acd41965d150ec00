import { findUnsupportedRegexFeature, usesLookaround } from '../providerRules/regexFeatures.ts';
import type { Diagnostic } from '../types/index.ts';
import { unicodePattern } from '../utils/unicodePattern.ts';
import type { RewriteContext } from './context.ts';
import { report } from './context.ts';
import type { Recipe } from './recipe.ts';

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
  // One loop writes both lists: a bounded integer's two bounds are described on most list tools,
  // and two `map`s and `join`s were a quarter of such a tool's rewrite.
  let text = '';
  let keywords = '';
  for (let index = 0; index < refused.length; index++) {
    const [keyword, value] = refused[index]!;
    const separator = index === 0 ? '' : '; ';
    text += `${separator}${keyword}: ${valueText(value)}`;
    keywords += index === 0 ? keyword : `, ${keyword}`;
  }
  appendDescription(wire, `Constraints: ${text}.`);
  report(
    context,
    'profile-keyword-described',
    pointer,
    describedSentence(context.recipe.profile, keywords),
  );
}

/**
 * A keyword's value as JSON text. A finite number (most described values are bounds) is its own
 * `String`, which is what `JSON.stringify` writes for it, at a fraction of the cost.
 */
function valueText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : JSON.stringify(value);
}

/** The words around the keywords of a `profile-keyword-described` sentence. */
const DESCRIBED_BEFORE = ' does not accept ';
const DESCRIBED_AFTER = ' here; moved into the description (the validator still enforces it).';

/**
 * The sentence of a `profile-keyword-described` report of the rewrite: the one home of its
 * wording, which {@link describedKeywords} reads back.
 *
 * @param profile The profile.
 * @param keywords The keywords moved into the description, in schema order.
 * @returns The sentence.
 */
export function describedMessage(profile: string, keywords: readonly string[]): string {
  return describedSentence(profile, keywords.join(', '));
}

/** {@link describedMessage} of keywords already joined with `, `. */
function describedSentence(profile: string, keywords: string): string {
  return `${profile}${DESCRIBED_BEFORE}${keywords}${DESCRIBED_AFTER}`;
}

/**
 * The keywords a `profile-keyword-described` report of the rewrite names (a report of another
 * wording, the root-only profiles' or the enum limits', names none).
 *
 * @param diagnostic The report.
 * @param profile The profile it was made for.
 * @returns The keywords, or `undefined`.
 */
export function describedKeywords(diagnostic: Diagnostic, profile: string): string[] | undefined {
  const { code, message } = diagnostic;
  const prefix = `${profile}${DESCRIBED_BEFORE}`;
  if (
    code !== 'profile-keyword-described' ||
    !message.startsWith(prefix) ||
    !message.endsWith(DESCRIBED_AFTER)
  )
    return undefined;
  return message.slice(prefix.length, message.length - DESCRIBED_AFTER.length).split(', ');
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
 * Writes a position's annotations over the wire of the one branch that stands for it (a union of
 * that branch and `null`): each annotation replaces the branch's, but the branch's description
 * follows the position's, since it may hold constraints moved into it.
 *
 * @param wire The branch's wire (written in place).
 * @param annotations The position's annotations the wire keeps.
 */
export function assignAnnotations(wire: SchemaObject, annotations: SchemaObject): void {
  const own = wire.description;
  for (const key of Object.keys(annotations)) wire[key] = annotations[key];
  if (typeof own === 'string' && own.trim() !== '' && own !== wire.description)
    appendDescription(wire, own);
}

/**
 * Whether a profile refuses a pattern (its recipe's `regex`), the one reading of that rule for the
 * rewrite and the root-only profiles.
 *
 * @param recipe The profile's rules.
 * @param pattern The pattern, in its ECMA-262 `u` form.
 * @returns Whether it moves into the description.
 */
export function refusesPattern(recipe: Recipe, pattern: string): boolean {
  if (recipe.regex === 'linear') return findUnsupportedRegexFeature(pattern) !== undefined;
  return recipe.regex === 'no-lookaround' && usesLookaround(pattern);
}

/**
 * The value the wire writes for a keyword the recipe lists: the value itself; for `pattern`, the
 * form ECMA-262 validators compile (`unicodePattern`: Ajv, as clients use it, refuses the whole
 * schema over one pattern it cannot compile); `undefined` where the provider refuses the value (a
 * format off its list, a large `minItems`, a regex feature it lacks, a pattern with no sure
 * ECMA-262 form), which then moves into the description.
 *
 * @param keyword The keyword (one the recipe lists).
 * @param value Its value.
 * @param context The call's state.
 * @returns What the wire may keep, or `undefined`.
 */
export function acceptedValue(keyword: string, value: unknown, context: RewriteContext): unknown {
  const { recipe } = context;
  switch (keyword) {
    case 'format':
      return typeof value === 'string' && (recipe.formats?.has(value) ?? true) ? value : undefined;
    case 'minItems':
      return typeof value === 'number' &&
        (recipe.maxMinItems === undefined || value <= recipe.maxMinItems)
        ? value
        : undefined;
    case 'pattern': {
      if (typeof value !== 'string') return undefined;
      context.patterns ??= new Map();
      if (context.patterns.has(value)) return context.patterns.get(value);
      const pattern = unicodePattern(value);
      const accepted =
        pattern === undefined || refusesPattern(recipe, pattern) ? undefined : pattern;
      context.patterns.set(value, accepted);
      return accepted;
    }
    default:
      return value;
  }
}
