import type { Profile } from '../types/index.ts';

/** A provider's limits on the `enum` values of one whole schema. */
export interface EnumLimits {
  /** Enum values the whole schema may list, summed over every `enum`. */
  total: number;
  /** A string `enum` of more than this many values is held to {@link EnumLimits.largeCharacters}. */
  largeValues: number;
  /** Characters a string `enum` of more than {@link EnumLimits.largeValues} values may hold. */
  largeCharacters: number;
}

/**
 * What one provider profile asks of the wire schema, as data: the rewrites read it and never
 * branch on a provider's name. Each profile's file says where its rules come from.
 */
export interface Recipe {
  /** The profile. */
  profile: Profile;
  /**
   * The provider accepts JSON Schema as MCP lists it but for its root: only the root is fixed
   * (an object, no combinator, no `$schema`) and the codec is the identity.
   */
  rootOnly: boolean;
  /**
   * Objects: `'closed'` sets `additionalProperties: false` on every object; `'no-keyword'` leaves
   * the keyword out (the provider has none, so only listed properties can be sent). Both send the
   * keys of records and open objects as `[{ key, value }]`. `'keep'` keeps objects as they are.
   */
  objects: 'closed' | 'no-keyword' | 'keep';
  /** Every property in `required`; optional ones become nullable (null decoded as absent). */
  allRequired: boolean;
  /** A schema that accepts any value (`{}`) travels as a JSON-encoded string. */
  typelessAsJson: boolean;
  /** How a nullable schema is written: `type: [t, "null"]` / `anyOf` with null, or `nullable: true`. */
  nullStyle: 'null-type' | 'nullable-keyword';
  /**
   * Under `'null-type'`: a nullable schema with keywords beyond `type`, `enum` and annotations is
   * written `anyOf: [schema, { type: "null" }]` instead of a `type` list, for clients that read
   * a schema's keywords by its one `type` (a `type` list keeps only bare types and enums).
   */
  nullAsBranch: boolean;
  /** Which `enum`/`const` values the wire keeps as they are; the others become strings. */
  enumValues: 'any' | 'string-number' | 'string';
  /** Tuples (`prefixItems`) become `items: { anyOf }` with bounds. */
  tuplesAsItems: boolean;
  /**
   * The assertion keywords the provider accepts (besides `type`, `properties`, `required`,
   * `additionalProperties`, `items`, `anyOf`, `enum`). Others move into the description.
   */
  keywords: ReadonlySet<string>;
  /**
   * The annotations kept, in the order the wire writes them (others are dropped; `examples`
   * move into the description). A list: it is only read in order, at almost every node.
   */
  annotations: readonly KeptAnnotation[];
  /** The `format` values the provider accepts; absent: any. */
  formats?: ReadonlySet<string>;
  /** The largest `minItems` the provider accepts; absent: any. */
  maxMinItems?: number;
  /**
   * What `pattern` may use: `'any'` regular expression; `'no-lookaround'` (OpenAI refuses a
   * lookahead or lookbehind); `'linear'`, no lookaround, backreference or word boundary
   * (Anthropic strict). A pattern the provider refuses moves into the description.
   */
  regex: 'any' | 'no-lookaround' | 'linear';
  /** Deepest object nesting the provider accepts; deeper objects travel as JSON strings. */
  maxObjectDepth?: number;
  /**
   * Object properties the whole schema may list. Past it, the schema is rewritten again with
   * objects nested one level less deep than {@link Recipe.maxObjectDepth}, until it fits.
   */
  maxProperties?: number;
  /** An object may not list empty `properties` (the keyword is left out instead). */
  noEmptyProperties: boolean;
  /** How many levels a cycle is unrolled before its tail travels as a JSON string. */
  unrollLevels: number;
  /** Limits on the `enum` values of the whole wire schema; past them, enums move into descriptions. */
  enumLimits?: EnumLimits;
}

/**
 * The annotations a recipe may keep. One list for every recipe, so that the walk's one scan of a
 * schema's keys can tell a schema without any of them (most objects) without asking each by name.
 */
export const KEEPABLE_ANNOTATIONS = ['title', 'description', 'default'] as const;

/** An annotation a recipe may keep. */
export type KeptAnnotation = (typeof KEEPABLE_ANNOTATIONS)[number];

/**
 * Whether the wire keeps an annotation's value: a `title` or `description` that is a string, a
 * `default` that is not `null`. The `openai` SDK's strict transform deletes a null default ("no
 * meaningful distinction") and `@google/genai` drops null fields of `parameters`, so a wire that
 * kept it would not be what the provider gets; it tells a model nothing the type does not.
 *
 * @param keyword The annotation.
 * @param value Its value in the schema.
 * @returns Whether the wire writes it.
 */
export function keepsAnnotation(keyword: KeptAnnotation, value: unknown): boolean {
  return keyword === 'default' ? value !== null : typeof value === 'string';
}

/** Annotations every JSON Schema profile keeps. */
export const JSON_SCHEMA_ANNOTATIONS: readonly KeptAnnotation[] = KEEPABLE_ANNOTATIONS;

/**
 * What every strict JSON Schema profile shares (OpenAI strict, Claude strict, `portable`):
 * closed objects, every property required, JSON strings for what has no type, `type` lists for
 * null, tuples as `items`, cycles unrolled 3 levels. Each strict recipe adds its keywords.
 */
export const STRICT_JSON_SCHEMA = {
  rootOnly: false,
  objects: 'closed',
  allRequired: true,
  typelessAsJson: true,
  nullStyle: 'null-type',
  nullAsBranch: false,
  tuplesAsItems: true,
  annotations: JSON_SCHEMA_ANNOTATIONS,
  noEmptyProperties: false,
  unrollLevels: 3,
} as const satisfies Partial<Recipe>;
