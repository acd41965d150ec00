import type { Dialect } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { isPointerFragment, parsePointerFragment } from '../utils/pointer.ts';

/** How the value of a keyword holds subschemas. */
export const KeywordKind = {
  /** The value is data: never traversed, never rewritten. */
  Data: 0,
  /** The value is one schema. */
  Schema: 1,
  /** The value is an array of schemas. */
  SchemaArray: 2,
  /** The value is an object whose values are schemas. */
  SchemaMap: 3,
  /** `items`: one schema, or (draft ≤ 2019-09) an array of schemas. */
  SchemaOrArray: 4,
  /** `dependencies`: values are schemas or arrays of property names. */
  SchemaOrDataMap: 5,
  /** `$defs` / `definitions`: a map of schemas that is indexed but never emitted. */
  Definitions: 6,
} as const;

/** One of the {@link KeywordKind} values. */
export type KeywordKind = (typeof KeywordKind)[keyof typeof KeywordKind];

const KINDS = new Map<string, KeywordKind>([
  ['additionalProperties', KeywordKind.Schema],
  ['additionalItems', KeywordKind.Schema],
  ['contains', KeywordKind.Schema],
  ['not', KeywordKind.Schema],
  ['if', KeywordKind.Schema],
  ['then', KeywordKind.Schema],
  ['else', KeywordKind.Schema],
  ['propertyNames', KeywordKind.Schema],
  ['unevaluatedProperties', KeywordKind.Schema],
  ['unevaluatedItems', KeywordKind.Schema],
  ['contentSchema', KeywordKind.Schema],
  ['items', KeywordKind.SchemaOrArray],
  ['allOf', KeywordKind.SchemaArray],
  ['anyOf', KeywordKind.SchemaArray],
  ['oneOf', KeywordKind.SchemaArray],
  ['prefixItems', KeywordKind.SchemaArray],
  ['properties', KeywordKind.SchemaMap],
  ['patternProperties', KeywordKind.SchemaMap],
  ['dependentSchemas', KeywordKind.SchemaMap],
  ['dependencies', KeywordKind.SchemaOrDataMap],
  ['$defs', KeywordKind.Definitions],
  ['definitions', KeywordKind.Definitions],
]);

/**
 * Tells how a keyword's value holds subschemas. Everything not in the applicator vocabulary
 * (`const`, `enum`, `default`, `examples`, `x-*`, unknown keywords) is data.
 *
 * @param keyword The keyword.
 * @returns Its kind.
 */
export function keywordKind(keyword: string): KeywordKind {
  return KINDS.get(keyword) ?? KeywordKind.Data;
}

const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/**
 * Tells whether a keyword is a pure annotation: it never changes which instances validate, and
 * at a `$ref` use site it replaces the target's value.
 *
 * @param keyword The keyword.
 * @returns Whether it is an annotation.
 */
export function isAnnotation(keyword: string): boolean {
  return ANNOTATIONS.has(keyword);
}

/** Every keyword some JSON Schema dialect (draft-04 to 2020-12) defines, besides {@link KINDS}. */
const DEFINED = new Set([
  ...KINDS.keys(),
  ...ANNOTATIONS,
  '$schema',
  '$id',
  'id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  '$vocabulary',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'format',
  'contentEncoding',
  'contentMediaType',
]);

/**
 * Tells whether some JSON Schema dialect defines a keyword. One that none defines (OpenAPI's
 * `components`, `x-*`, anything else) has no effect on validation in any dialect: an unknown
 * keyword is at most an annotation.
 *
 * @param keyword The keyword.
 * @returns Whether a dialect defines it.
 */
export function isJsonSchemaKeyword(keyword: string): boolean {
  return DEFINED.has(keyword);
}

/**
 * The reference a keyword no dialect defines would carry into the output, where it dangles (see
 * `annotation-ref-dropped`): the first string `$ref` its value holds at any depth (found by the
 * copy that measured it), or, for OpenAPI's `discriminator` (which Pydantic writes beside a tagged
 * `oneOf`), the first value of its `mapping`: each names a schema of the document (a reference
 * such as `#/$defs/Cat`, or a component's name), and the output keeps no definitions but those a
 * cycle needs. A keyword some dialect defines carries none: its value is an instance.
 *
 * @param keyword The keyword.
 * @param value Its value, as copied.
 * @param measuredRef The first string `$ref` member the copy met in the value, if any.
 * @returns The reference, or `undefined` when the keyword keeps its place.
 */
export function carriedReference(
  keyword: string,
  value: unknown,
  measuredRef: string | undefined,
): string | undefined {
  if (measuredRef !== undefined) return isJsonSchemaKeyword(keyword) ? undefined : measuredRef;
  // Small enough to inline into the walks, which call it for every keyword holding an object.
  return keyword === 'discriminator' ? firstMappedSchema(value) : undefined;
}

/** The first string value of a `discriminator`'s own `mapping`, or `undefined`. */
function firstMappedSchema(discriminator: unknown): string | undefined {
  if (!isPlainObject(discriminator) || !Object.hasOwn(discriminator, 'mapping')) return undefined;
  const mapping = discriminator.mapping;
  if (!isPlainObject(mapping)) return undefined;
  for (const name of Object.keys(mapping)) {
    const target = mapping[name];
    if (typeof target === 'string') return target;
  }
  return undefined;
}

/**
 * The root keyword a local `$ref` points into when no dialect defines that keyword: OpenAPI's
 * `components` for `#/components/schemas/Pet`, `x-defs` for `#/x-defs/A`. Such a keyword is only
 * a container of definitions for the document's references (it validates nothing), so once
 * every `$ref` into it is inlined the output drops it, as it drops `$defs`.
 *
 * @param ref The value of a `$ref`.
 * @returns The keyword, or `undefined` (not a local pointer, or into a keyword a dialect defines).
 */
export function definitionContainer(ref: string): string | undefined {
  if (ref.charCodeAt(0) !== 35 /* # */) return undefined;
  const fragment = ref.slice(1);
  if (!isPointerFragment(fragment)) return undefined;
  const first = parsePointerFragment(fragment)?.[0];
  return first !== undefined && !isJsonSchemaKeyword(first) ? first : undefined;
}

/**
 * Tells whether `$ref` is an in-place applicator (2019-09 and later) rather than a replacement
 * of the whole schema object (draft-07 and earlier).
 *
 * @param dialect The dialect.
 * @returns Whether keywords beside `$ref` apply.
 */
export function refHasSiblings(dialect: Dialect): boolean {
  return dialect === '2019-09' || dialect === '2020-12';
}

/**
 * The keyword that gives a schema its identity (base URI, or a plain-name anchor in draft-07 and
 * earlier): `id` in draft-04, `$id` since draft-06.
 *
 * @param dialect The dialect.
 * @returns The keyword.
 */
export function idKeyword(dialect: Dialect): 'id' | '$id' {
  return dialect === 'draft-04' ? 'id' : '$id';
}

/**
 * Reads the dialect a `$schema` URI names.
 *
 * @param uri The value of `$schema`.
 * @returns The dialect, or `undefined` when the URI is not a known meta-schema.
 */
export function dialectOf(uri: unknown): Dialect | undefined {
  if (typeof uri !== 'string') return undefined;
  if (uri.includes('draft/2020-12')) return '2020-12';
  if (uri.includes('draft/2019-09')) return '2019-09';
  if (uri.includes('draft-07')) return 'draft-07';
  if (uri.includes('draft-06')) return 'draft-06';
  if (uri.includes('draft-04')) return 'draft-04';
  return undefined;
}
