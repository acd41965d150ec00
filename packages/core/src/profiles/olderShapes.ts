import { isType } from '../providerRules/draft202012Shape.ts';
import { usesLookaround } from '../providerRules/regexFeatures.ts';
import { isBooleanBound } from '../utils/exclusiveBounds.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { KeywordKind } from '../vocabulary/index.ts';
import { isMisshapenAnnotation } from './annotationShapes.ts';

/**
 * The shapes written before draft 2020-12 that the lenient profiles (`openai`, `anthropic`) write
 * the 2020-12 way, one bit each: what a schema object holds is their union.
 */
export const OlderShape = {
  /** draft-07's tuple: `items` as an array (with `additionalItems`). */
  Tuple: 1,
  /** draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum`. */
  BooleanBound: 2,
  /** An annotation whose value misfits its 2020-12 shape (`deprecated: "Use x"`). */
  MisshapenAnnotation: 4,
  /** A `pattern` written for another regex engine, which has an ECMA-262 `u` form. */
  ForeignPattern: 8,
  /** OpenAPI's `nullable`. */
  Nullable: 16,
  /** A `type` that names no JSON type (`"file"`, `"any"`). */
  ForeignType: 32,
  /** draft-04's `id`. */
  Draft04Id: 64,
  /** draft-04 to draft-07's `dependencies`. */
  Dependencies: 128,
  /**
   * Not an older shape, but found by the same walk: a `pattern` with a lookaround, which the
   * `openai` profile moves into the description (OpenAI refuses it).
   */
  Lookaround: 256,
} as const;

/**
 * The older shape a data keyword holds, of those the dereference pass leaves as they are (it
 * writes OpenAPI's typeless `nullable` and a foreign pattern with a `u` form itself, outside
 * draft-04 boolean bounds too, see `writeKeywordsValidatorsCompile`): one test per key, cheap
 * enough for the pass to run on every key it copies, so that a lenient profile skips its walk over
 * an output that holds none.
 *
 * @param key A data keyword of a schema object.
 * @param value Its value.
 * @returns An {@link OlderShape} bit, or 0.
 */
export function olderDataShape(key: string, value: unknown): number {
  // One `switch` of pointer comparisons (keys are interned strings): a set lookup per key made
  // the pass measurably slower.
  switch (key) {
    case 'type':
      return isType(value) ? 0 : OlderShape.ForeignType;
    case 'id':
      return OlderShape.Draft04Id;
    case 'pattern':
      return typeof value === 'string' && usesLookaround(value) ? OlderShape.Lookaround : 0;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return isBooleanBound(key, value) ? OlderShape.BooleanBound : 0;
    case 'title':
    case 'description':
    case 'deprecated':
    case 'readOnly':
    case 'writeOnly':
    case 'examples':
    case '$comment':
      return isMisshapenAnnotation(key, value) ? OlderShape.MisshapenAnnotation : 0;
    default:
      return 0;
  }
}

/**
 * The older shape a keyword of subschemas holds: draft-07's tuple (an array where 2020-12 takes
 * one schema) or `dependencies` (a map of schemas and name lists).
 *
 * @param kind The keyword's kind.
 * @param value Its value.
 * @returns An {@link OlderShape} bit, or 0.
 */
export function olderSubschemaShape(kind: KeywordKind, value: unknown): number {
  if (kind === KeywordKind.SchemaOrArray && Array.isArray(value)) return OlderShape.Tuple;
  if (kind === KeywordKind.SchemaOrDataMap && isPlainObject(value)) return OlderShape.Dependencies;
  return 0;
}
