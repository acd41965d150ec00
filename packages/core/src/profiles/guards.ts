import type { CodecGuard, JsonType, JsonValue } from '../types/index.ts';
import { commonValues } from '../utils/commonValues.ts';
import { deepEqual } from '../utils/deepEqual.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { isAssertionKey, keywordsOfType } from './keywords.ts';
import { typeWithNullable } from './nullable.ts';

const JSON_TYPES: ReadonlySet<string> = new Set([
  'null',
  'boolean',
  'integer',
  'number',
  'string',
  'array',
  'object',
]);

/**
 * Reads the necessary condition a JSON Schema puts on a value: its types, its only values, the
 * keys an object must and may have, and discriminator values. Every value the schema accepts
 * matches the guard (the guard may accept more).
 *
 * @param schema A JSON Schema without `$ref` at its top (a wire schema, or an original one).
 * @returns The guard.
 */
export function guardOf(schema: unknown): CodecGuard {
  return readGuard(schema, undefined, guardIsExact(schema)).guard;
}

/**
 * The types of a schema's guard ({@link guardOf}), without reading the rest of it (an object's
 * properties, for the keys and tags of a union's guard).
 *
 * @param schema A JSON Schema without `$ref` at its top.
 * @returns The JSON types it may accept; `undefined`: any.
 */
export function guardTypesOf(schema: unknown): JsonType[] | undefined {
  return isPlainObject(schema) ? typesOf(schema) : undefined;
}

/** A guard ({@link guardOf}) and what a union reads of it at each comparison, read as it is built. */
export interface ReadGuard {
  /** The guard. */
  guard: CodecGuard;
  /** The length of its lists: what comparing it with another guard walks. */
  size: number;
  /** Its `keys`, the only keys an object may have (`undefined`: any). */
  keys: string[] | undefined;
}

/**
 * Reads the guard of a schema ({@link guardOf}), with its size and keys: a union compares each
 * branch's guards with many others, and reading them back from guard objects of many shapes
 * cost more than building them.
 *
 * @param schema A JSON Schema without `$ref` at its top.
 * @param sentKeys Read on the original: the keys the wire lists for it where the profile closed
 *   its object (the original has no `additionalProperties`; `profile-object-closed` says the wire
 *   is narrower): the keys the wire lists are the only ones a value can bring back, so the guard
 *   lists them too where they are the very properties of the original (no key moved or added).
 *   Branches that differ only by the keys they list are then told apart, as the wire tells them.
 *   Read on the wire: the keys of a closed original ({@link closedKeys}), where the wire cannot
 *   close the object itself (Gemini's `parameters` have no `additionalProperties`) but lists the
 *   very same properties: a value with another key is no encoding of the branch, and the original
 *   refuses it whatever it decodes to.
 * @param exact Whether the schema is exact ({@link guardIsExact}): its guard then also holds the
 *   types of the properties that assert only those (`keyTypes`), which its exactness counts on.
 *   Elsewhere they are left out: a union's codec holds the guards of all its branches.
 * @returns The guard, its size and its keys.
 */
export function readGuard(
  schema: unknown,
  sentKeys: string[] | undefined,
  exact: boolean,
): ReadGuard {
  if (!isPlainObject(schema)) return { guard: {}, size: 0, keys: undefined };
  const guard: CodecGuard = {};
  let size = 0;
  const types = typesOf(schema);
  if (types !== undefined) {
    guard.types = types;
    size += types.length;
  }
  const values = onlyValuesOf(schema);
  if (values !== undefined) {
    guard.values = values;
    size += values.length;
  }
  if (Array.isArray(schema.required)) {
    const required = schema.required.filter((key): key is string => typeof key === 'string');
    if (required.length > 0) {
      guard.required = required;
      size += required.length;
    }
  }
  const properties = isPlainObject(schema.properties) ? schema.properties : undefined;
  const propertyKeys = properties === undefined ? [] : Object.keys(properties);
  let keys = closedKeysOf(schema, propertyKeys);
  const { additionalProperties, patternProperties } = schema;
  if (keys !== undefined) {
    guard.keys = keys;
    size += keys.length;
  }
  if (properties !== undefined) {
    const tags: Array<[string, JsonValue[]]> = [];
    const keyTypes: Array<[string, JsonType[]]> = [];
    for (const key of propertyKeys) {
      const property = properties[key];
      if (!isPlainObject(property)) continue;
      if (Object.hasOwn(property, 'const')) tags.push([key, [property.const as JsonValue]]);
      else if (Array.isArray(property.enum) && property.nullable !== true) {
        tags.push([key, property.enum as JsonValue[]]);
      } else if (exact) {
        const types = typesOfTyped(property);
        if (types !== undefined) keyTypes.push([key, types]);
      }
    }
    if (tags.length > 0) {
      guard.tags = tags;
      size += tags.length;
    }
    if (keyTypes.length > 0) {
      guard.keyTypes = keyTypes;
      size += keyTypes.length;
    }
  }
  if (
    sentKeys !== undefined &&
    additionalProperties === undefined &&
    patternProperties === undefined &&
    sameKeys(propertyKeys, sentKeys)
  ) {
    keys = sentKeys;
    guard.keys = keys;
    size += keys.length;
  }
  return { guard, size, keys };
}

/**
 * The only keys an object schema allows, where it lists them: its properties' names where
 * `additionalProperties` is `false` and no `patternProperties` or union stands beside.
 *
 * @param schema A schema object.
 * @param propertyKeys The names of its `properties`, read by the caller.
 * @returns The keys, or `undefined` where others are allowed (or unsure).
 */
function closedKeysOf(
  schema: Record<string, unknown>,
  propertyKeys: string[],
): string[] | undefined {
  return schema.additionalProperties === false &&
    schema.patternProperties === undefined &&
    !Array.isArray(schema.anyOf)
    ? propertyKeys
    : undefined;
}

/**
 * The only keys a schema allows ({@link closedKeysOf}), for a union that reads a wire guard
 * beside its original (see `readGuard`'s `sentKeys`).
 *
 * @param schema A JSON Schema without `$ref` at its top.
 * @returns The keys, or `undefined` where others are allowed (or unsure).
 */
export function closedKeys(schema: unknown): string[] | undefined {
  if (!isPlainObject(schema)) return undefined;
  return closedKeysOf(
    schema,
    isPlainObject(schema.properties) ? Object.keys(schema.properties) : [],
  );
}

/** Whether two lists of distinct keys hold the same keys, in any order. */
function sameKeys(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  let index = 0;
  while (index < left.length && left[index] === right[index]) index++;
  if (index === left.length) return true;
  // A set: a branch of 10⁴ properties is not compared key by key with each.
  const set = new Set(right);
  for (; index < left.length; index++) if (!set.has(left[index] as string)) return false;
  return true;
}

/**
 * Tells whether the guard of a schema ({@link guardOf}) admits `null` and nothing else, without
 * building the guard: a union asks it of every branch, and most branches are objects whose
 * guard reads every property.
 *
 * @param schema A JSON Schema without `$ref` at its top.
 * @returns Whether its only values are `null`, or its only type is `null`.
 */
export function guardsOnlyNull(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const values = onlyValuesOf(schema);
  if (values !== undefined) return values.length > 0 && values.every((value) => value === null);
  const types = typesOf(schema);
  return types !== undefined && types.length === 1 && types[0] === 'null';
}

/** Keywords that assert nothing when their value is empty: `{}`, `true` or `[]`. */
const EMPTY_WHEN_VACUOUS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'required',
]);

/**
 * Tells whether a schema accepts every value its guard ({@link guardOf}) matches: its only
 * assertions are types, listed values and keywords that assert nothing (`properties: {}`,
 * `additionalProperties: true`...). A union may then let such a branch overlap another in the
 * original: the encoder tries it first, and any value it matches is one the branch accepts.
 * Answers `false` where unsure.
 *
 * @param schema An original JSON Schema without `$ref` at its top.
 * @returns Whether matching the guard implies being accepted.
 */
export function guardIsExact(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema)) return false;
  // The guard lists the values of `const` alone when both are there.
  if (Object.hasOwn(schema, 'const') && Object.hasOwn(schema, 'enum')) return false;
  for (const key of Object.keys(schema)) {
    // `format` is an annotation by the vocabulary, but validators such as Ajv assert it; OpenAPI's
    // `nullable` is read differently by different validators.
    if (key === 'format' || key === 'nullable') return false;
    if (!isAssertionKey(key)) continue;
    const value = schema[key];
    if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (!types.every((type) => typeof type === 'string' && JSON_TYPES.has(type))) return false;
    } else if (key === 'enum') {
      if (!Array.isArray(value)) return false;
    } else if (key === 'const') {
    } else if (key === 'required') {
      // The guard lists them (`required`).
      if (!Array.isArray(value) || !value.every((name) => typeof name === 'string')) return false;
    } else if (key === 'properties' && isPlainObject(value)) {
      // The guard holds each property that lists its values as a tag (`tags`), and the types of
      // each that asserts only them (`keyTypes`).
      for (const name of Object.keys(value)) {
        const property = value[name];
        if (!isTagged(property) && typesOfTyped(property) === undefined) return false;
      }
    } else if (key === 'additionalProperties' && value === false) {
      // The guard lists the keys (`keys`) where no `patternProperties` stands beside.
      if (schema.patternProperties !== undefined) return false;
    } else if (!EMPTY_WHEN_VACUOUS.has(key) || !isVacuous(value)) {
      return false;
    }
  }
  return true;
}

/**
 * Whether the guard of an object holds all that one of its property schemas asserts: nothing
 * (`{}`, `true`, annotations), or its values (`const`, `enum`, read as the property's tag),
 * with at most a `type` that admits every one of them.
 */
function isTagged(property: unknown): boolean {
  if (property === true) return true;
  if (!isPlainObject(property)) return false;
  // The tag holds `const` alone where both are there; `nullable` is read apart by validators.
  if (Object.hasOwn(property, 'nullable')) return false;
  if (Object.hasOwn(property, 'enum')) {
    if (!Array.isArray(property.enum) || Object.hasOwn(property, 'const')) return false;
  }
  const values = onlyValuesOf(property);
  for (const key of Object.keys(property)) {
    if (!isAssertionKey(key) || key === 'const' || key === 'enum') continue;
    if (key !== 'type' || values === undefined) return false;
  }
  if (values === undefined || property.type === undefined) return true;
  const types = typesOf(property);
  return (
    types !== undefined &&
    values.every((each) => {
      const type = jsonTypeOf(each);
      return type !== undefined && typeAdmits(types, type);
    })
  );
}

/**
 * The types a property schema names where they are all it asserts: a `type` of JSON types beside
 * annotations only (not `format`, which validators such as Ajv assert, nor OpenAPI's `nullable`,
 * read apart by validators). `undefined` for any other schema.
 */
function typesOfTyped(property: unknown): JsonType[] | undefined {
  if (!isPlainObject(property) || property.type === undefined) return undefined;
  for (const key of Object.keys(property)) {
    if (key !== 'type' && (key === 'nullable' || isAssertionKey(key))) return undefined;
  }
  const types = typesOf(property);
  return types !== undefined && types.length > 0 ? types : undefined;
}

/** `true`, `{}` or `[]`: the value of a keyword that then asserts nothing. */
function isVacuous(value: unknown): boolean {
  if (value === true) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/** How many schemas {@link mayAcceptNull} reads before it answers "may" (a bound on its work). */
const NULL_READ_BUDGET = 256;

/**
 * Tells whether a schema may accept `null`: `false` only where it surely refuses it (a `false`
 * schema, a type or only values without `null`, a union none of whose branches may, a `oneOf`
 * two of whose branches surely take it, an `allOf` one of whose parts refuses it, a `not` of a
 * schema that surely takes it, an `if` whose taken side refuses it, a `$ref` to such a schema).
 * Reads a bounded number of schemas, then answers `true`.
 *
 * @param schema A JSON Schema (a `$ref` at its top is followed through `resolve`).
 * @param resolve The schema a `$ref` points to, or `undefined` when it points nowhere.
 * @returns Whether `null` may be accepted.
 */
export function mayAcceptNull(schema: unknown, resolve: (ref: string) => unknown): boolean {
  return readNull(schema, resolve, { left: NULL_READ_BUDGET }) !== REFUSES;
}

/** What a schema surely does with `null`, or that it cannot be told within the budget. */
const ACCEPTS = 1;
const REFUSES = 2;
const UNSURE = 3;
type NullVerdict = typeof ACCEPTS | typeof REFUSES | typeof UNSURE;

/** Both verdicts at once: refused by either, taken where both take it, else unsure. */
function both(left: NullVerdict, right: NullVerdict): NullVerdict {
  if (left === REFUSES || right === REFUSES) return REFUSES;
  return left === ACCEPTS && right === ACCEPTS ? ACCEPTS : UNSURE;
}

function readNull(
  schema: unknown,
  resolve: (ref: string) => unknown,
  budget: { left: number },
): NullVerdict {
  if (schema === false) return REFUSES;
  if (schema === true) return ACCEPTS;
  if (!isPlainObject(schema) || --budget.left < 0) return UNSURE;
  let verdict: NullVerdict = ACCEPTS;
  if (typeof schema.$ref === 'string') {
    const target = resolve(schema.$ref);
    verdict = target === undefined ? UNSURE : readNull(target, resolve, budget);
    if (verdict === REFUSES) return REFUSES;
  }
  const values = onlyValuesOf(schema);
  if (values !== undefined && !values.includes(null)) return REFUSES;
  const types = typesOf(schema);
  if (types !== undefined && !types.includes('null')) return REFUSES;
  // A `type` this reading does not know, or a dynamic reference, is left to the validator.
  if (
    (types === undefined && schema.type !== undefined) ||
    Object.hasOwn(schema, '$dynamicRef') ||
    Object.hasOwn(schema, '$recursiveRef')
  )
    verdict = both(verdict, UNSURE);
  if (Array.isArray(schema.anyOf)) {
    let any: NullVerdict = REFUSES;
    for (const branch of schema.anyOf) {
      const each = readNull(branch, resolve, budget);
      if (each === ACCEPTS) {
        any = ACCEPTS;
        break;
      }
      if (each === UNSURE) any = UNSURE;
    }
    verdict = both(verdict, any);
  }
  if (Array.isArray(schema.oneOf)) {
    let accepts = 0;
    let unsure = 0;
    for (const branch of schema.oneOf) {
      const each = readNull(branch, resolve, budget);
      if (each === ACCEPTS) accepts += 1;
      else if (each === UNSURE) unsure += 1;
      if (accepts > 1) break;
    }
    verdict = both(
      verdict,
      accepts > 1 || accepts + unsure === 0
        ? REFUSES
        : accepts === 1 && unsure === 0
          ? ACCEPTS
          : UNSURE,
    );
  }
  if (Array.isArray(schema.allOf))
    for (const part of schema.allOf) verdict = both(verdict, readNull(part, resolve, budget));
  if (Object.hasOwn(schema, 'not')) {
    const negated = readNull(schema.not, resolve, budget);
    verdict = both(verdict, negated === ACCEPTS ? REFUSES : negated === REFUSES ? ACCEPTS : UNSURE);
  }
  if (Object.hasOwn(schema, 'if')) {
    const condition = readNull(schema.if, resolve, budget);
    const taken =
      condition === ACCEPTS ? schema.then : condition === REFUSES ? schema.else : undefined;
    if (condition === UNSURE) {
      if (schema.then !== undefined || schema.else !== undefined) verdict = both(verdict, UNSURE);
    } else if (taken !== undefined) verdict = both(verdict, readNull(taken, resolve, budget));
  }
  return verdict;
}

/** The only values a schema admits, from `const` (first) or `enum`; `undefined`: any. */
function onlyValuesOf(schema: Record<string, unknown>): JsonValue[] | undefined {
  if (Object.hasOwn(schema, 'const')) return [schema.const as JsonValue];
  if (Array.isArray(schema.enum)) return schema.enum as JsonValue[];
  return undefined;
}

/**
 * The types a schema admits, from `type`, `nullable` and the branches of `anyOf`, each once in
 * the order first named; `undefined` where one names no JSON type. A new list each time.
 */
function typesOf(schema: Record<string, unknown>): JsonType[] | undefined {
  const type = typeWithNullable(schema);
  // The one type most schemas name needs no list of the types met so far.
  if (typeof type === 'string') return JSON_TYPES.has(type) ? [type as JsonType] : undefined;
  const types: JsonType[] = [];
  if (Array.isArray(type)) {
    for (const each of type) if (!addType(types, each)) return undefined;
    return types;
  }
  if (!Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf)) return undefined;
  for (const branch of (schema.anyOf ?? schema.oneOf) as unknown[]) {
    const branchTypes = isPlainObject(branch) ? typesOf(branch) : undefined;
    if (branchTypes === undefined) return undefined;
    for (const each of branchTypes) addType(types, each);
  }
  return types;
}

/** Adds a type to a list unless listed: `false` where it names no JSON type. */
function addType(types: JsonType[], type: unknown): boolean {
  if (typeof type !== 'string' || !JSON_TYPES.has(type)) return false;
  if (!types.includes(type as JsonType)) types.push(type as JsonType);
  return true;
}

/**
 * The JSON type of a value (`integer` for a whole number).
 *
 * @param value A JSON value.
 * @returns Its type, or `undefined` for what JSON cannot hold.
 */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    case 'object':
      return Array.isArray(value) ? 'array' : 'object';
    default:
      return undefined;
  }
}

function typeAdmits(types: readonly JsonType[], type: JsonType): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/**
 * Whether a value has one of the types a `type` keyword allows (any, when absent): `integer`
 * admits whole numbers, `number` every number.
 *
 * @param type The keyword's value (a name, a list of names, or `undefined`).
 * @param value A JSON value.
 */
export function typeKeywordAdmits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  const actual = jsonTypeOf(value);
  if (actual === undefined) return false;
  return typeAdmits((Array.isArray(type) ? type : [type]) as JsonType[], actual);
}

/**
 * Tells whether a value matches a guard.
 *
 * @param guard The guard.
 * @param value Any value.
 * @returns Whether the value can belong to the guard's branch.
 */
export function matchesGuard(guard: CodecGuard, value: unknown): boolean {
  const type = jsonTypeOf(value);
  if (type === undefined) return false;
  if (guard.types !== undefined && !typeAdmits(guard.types, type)) return false;
  if (guard.values !== undefined && !guard.values.some((allowed) => deepEqual(allowed, value))) {
    return false;
  }
  if (type !== 'object') return true;
  const object = value as Record<string, unknown>;
  if (guard.required?.some((key) => !Object.hasOwn(object, key))) return false;
  if (guard.keys !== undefined) {
    for (const key of Object.keys(object)) if (!guard.keys.includes(key)) return false;
  }
  if (guard.tags !== undefined) {
    for (const [key, allowed] of guard.tags) {
      if (Object.hasOwn(object, key) && !allowed.some((tag) => deepEqual(tag, object[key]))) {
        return false;
      }
    }
  }
  if (guard.keyTypes !== undefined) {
    for (const [key, types] of guard.keyTypes) {
      if (!Object.hasOwn(object, key)) continue;
      const type = jsonTypeOf(object[key]);
      if (type === undefined || !typeAdmits(types, type)) return false;
    }
  }
  return true;
}

/** A compiled {@link matchesGuard}: whether a value matches one guard. */
export type GuardTest = (value: unknown) => boolean;

/** One bit per JSON type, for a guard's `types` as a mask. */
const TYPE_BITS: Readonly<Record<JsonType, number>> = {
  null: 1,
  boolean: 2,
  integer: 4,
  number: 8,
  string: 16,
  array: 32,
  object: 64,
};

/** The bit of a value's JSON type (as {@link jsonTypeOf} names it), 0 for what JSON cannot hold. */
function typeBit(value: unknown): number {
  if (value === null) return TYPE_BITS.null;
  switch (typeof value) {
    case 'boolean':
      return TYPE_BITS.boolean;
    case 'number':
      return Number.isInteger(value) ? TYPE_BITS.integer : TYPE_BITS.number;
    case 'string':
      return TYPE_BITS.string;
    case 'object':
      return Array.isArray(value) ? TYPE_BITS.array : TYPE_BITS.object;
    default:
      return 0;
  }
}

/**
 * `Object.prototype.hasOwnProperty`: the own-key test V8 optimizes inside `for...in`, and a
 * cheaper call than `Object.hasOwn` elsewhere (same answer for an object and a string key).
 */
const isOwn = Object.prototype.hasOwnProperty;

/**
 * Compiles a guard into a test that answers as {@link matchesGuard} does, with the guard's lists
 * read once (types as a bit mask, allowed keys as a set). A guard that is not well formed gets
 * `matchesGuard` itself.
 *
 * @param guard The guard.
 * @returns The test.
 */
export function compileGuard(guard: CodecGuard): GuardTest {
  if (!isWellFormed(guard)) return (value) => matchesGuard(guard, value);
  const compiled = compileWellFormedGuard(guard);
  return (value) => passesGuard(compiled, value);
}

/**
 * Compiles a well-formed guard (see {@link isWellFormed}) into the record {@link passesGuard}
 * reads: a caller that tests many values calls `passesGuard` itself, one call target, rather than
 * a closure per guard.
 *
 * @param guard A well-formed guard.
 * @returns The compiled guard.
 */
export function compileWellFormedGuard(guard: CodecGuard): CompiledGuard {
  const compiled: CompiledGuard = {
    mask: guard.types === undefined ? -1 : typeMask(guard.types),
    values: guard.values === undefined ? undefined : compileValueList(guard.values),
    tags: guard.tags?.map(([key, allowed]) => ({ key, allowed: compileValueList(allowed) })),
    keyTypes: guard.keyTypes?.map(([key, types]) => ({ key, mask: typeMask(types) })),
    required: guard.required,
    keyList: guard.keys,
    keys: guard.keys === undefined ? undefined : new Set(guard.keys),
  };
  return compiled;
}

/** The bits of the JSON types a list names (a name JSON has not: none). */
function typeMask(types: readonly JsonType[]): number {
  let mask = 0;
  for (const type of types) {
    if (Object.hasOwn(TYPE_BITS, type)) mask |= TYPE_BITS[type];
    // A number admits a whole number.
    if (type === 'number') mask |= TYPE_BITS.integer;
  }
  return mask;
}

/**
 * A well-formed guard, compiled: what {@link passesGuard} reads. The test is one module function
 * over this record rather than a closure per guard, which V8 runs faster (see `CompiledObject` in
 * `decoder.ts`).
 */
export interface CompiledGuard {
  /** The admitted types as bits (any: -1). */
  mask: number;
  /** The only values (any: `undefined`). */
  values: ValueList | undefined;
  /** Discriminator keys and the values they allow. */
  tags: Array<{ key: string; allowed: ValueList }> | undefined;
  /** Keys and the types their values may have, as bits. */
  keyTypes: Array<{ key: string; mask: number }> | undefined;
  /** Keys an object must have. */
  required: readonly string[] | undefined;
  /** The only keys an object may have, as listed and as a set. */
  keyList: readonly string[] | undefined;
  keys: ReadonlySet<string> | undefined;
}

/**
 * Whether a value matches a compiled guard, as {@link matchesGuard} answers for the guard it was
 * compiled from.
 *
 * @param guard The compiled guard.
 * @param value The value.
 * @returns Whether it matches.
 */
export function passesGuard(guard: CompiledGuard, value: unknown): boolean {
  const bit = typeBit(value);
  if ((guard.mask & bit) === 0) return false;
  if (guard.values !== undefined && !includesValue(guard.values, value)) return false;
  if (bit !== TYPE_BITS.object) return true;
  const object = value as Record<string, unknown>;
  const { tags, keyTypes, required, keys } = guard;
  // Every test is pure, so their order changes no answer: the tags come first, as a
  // discriminator tells the branches of a union apart at the first key read.
  if (tags !== undefined) {
    for (let index = 0; index < tags.length; index++) {
      const { key, allowed } = tags[index] as (typeof tags)[number];
      if (isOwn.call(object, key) && !includesValue(allowed, object[key])) return false;
    }
  }
  if (keyTypes !== undefined) {
    for (let index = 0; index < keyTypes.length; index++) {
      const { key, mask } = keyTypes[index] as (typeof keyTypes)[number];
      if (isOwn.call(object, key) && (mask & typeBit(object[key])) === 0) return false;
    }
  }
  if (required !== undefined) {
    for (let index = 0; index < required.length; index++) {
      if (!isOwn.call(object, required[index] as string)) return false;
    }
  }
  if (keys !== undefined) {
    const keyList = guard.keyList as readonly string[];
    // A wire object mostly lists its keys in the schema's order: the key at the same position
    // of the list is tried before the set.
    let position = 0;
    for (const key in object) {
      if (!isOwn.call(object, key)) continue;
      if (key !== keyList[position] && !keys.has(key)) return false;
      position++;
    }
  }
  return true;
}

/** A guard's list of allowed values, and whether they are all scalars. */
interface ValueList {
  /** The values. */
  values: readonly JsonValue[];
  /** Whether every value is a scalar, which `deepEqual` compares with `===`. */
  scalars: boolean;
}

function compileValueList(values: readonly JsonValue[]): ValueList {
  let scalars = true;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value !== null && typeof value === 'object') scalars = false;
  }
  return { values, scalars };
}

/** Whether a list holds a value deep-equal to `value`, without a `deepEqual` call for scalars. */
function includesValue(list: ValueList, value: unknown): boolean {
  const { values } = list;
  if (!list.scalars) return includesJson(values, value);
  for (let index = 0; index < values.length; index++) if (values[index] === value) return true;
  return false;
}

/** Whether a list holds a value deep-equal to `value`. */
function includesJson(list: readonly JsonValue[], value: unknown): boolean {
  for (let index = 0; index < list.length; index++) {
    if (deepEqual(list[index], value)) return true;
  }
  return false;
}

/**
 * Whether a guard has the shape {@link CodecGuard} says (the lists are lists, tags pairs): one
 * {@link compileGuard} compiles, and {@link guardsOverlap} reads as it is meant.
 *
 * @param guard A guard as a codec holds it.
 * @returns Whether it is well formed.
 */
export function isWellFormed(guard: unknown): guard is CodecGuard {
  if (!isPlainObject(guard)) return false;
  const list = (field: unknown) => field === undefined || Array.isArray(field);
  const pairs = (field: unknown) =>
    field === undefined ||
    (Array.isArray(field) && field.every((pair) => Array.isArray(pair) && Array.isArray(pair[1])));
  return (
    list(guard.types) &&
    list(guard.values) &&
    list(guard.required) &&
    list(guard.keys) &&
    pairs(guard.tags) &&
    pairs(guard.keyTypes)
  );
}

/** The types both lists admit (`integer` where one says `number` and the other `integer`). */
function commonTypes(left: readonly JsonType[], right: readonly JsonType[]): JsonType[] {
  const common: JsonType[] = [];
  for (const type of left) {
    if (typeAdmits(right, type)) common.push(type);
    else if (type === 'number' && right.includes('integer')) common.push('integer');
  }
  return common;
}

/**
 * Tells whether two guards can both match one value (conservatively: `true` when unsure).
 *
 * @param left One guard.
 * @param right The other.
 * @returns Whether some value could match both.
 */
export function guardsOverlap(left: CodecGuard, right: CodecGuard): boolean {
  const types =
    left.types === undefined
      ? right.types
      : right.types === undefined
        ? left.types
        : commonTypes(left.types, right.types);
  if (types !== undefined && types.length === 0) return false;
  const values = valuesInBoth(left, right, types);
  if (values !== undefined) return values.length > 0;
  if (types === undefined || types.some((type) => type !== 'object')) return true;
  return objectsOverlap(left, right) && objectsOverlap(right, left);
}

/**
 * An object guard's discriminators, read once per branch for {@link tagsApart}: each tagged key
 * (its first entry, as {@link objectsOverlap} finds it) beside the scalar values it allows, and
 * the keys the object must have. Lists for a few tags (a guard mostly has a tag or two, and a
 * map's lookup per pair cost more than the scan); past {@link FEW_KEYS}, a map and a set beside
 * them, so two wide objects are compared in linear work.
 */
export interface TagIndex {
  keys: readonly string[];
  values: ReadonlyArray<readonly unknown[]>;
  /** A set of the values, for a long list (a tag of many values, looked up per pair). */
  sets: ReadonlyArray<ReadonlySet<unknown> | undefined>;
  required: readonly string[];
  /** Each key's place in `keys`, for many tags (two wide objects compared in linear time). */
  places: ReadonlyMap<string, number> | undefined;
  /** `required` as a set, for many names. */
  requiredSet: ReadonlySet<string> | undefined;
}

/** Past this many values, a tag's values are also kept in a set. */
const FEW_TAG_VALUES = 16;

/**
 * The {@link TagIndex} of a guard that {@link guardsOverlap} judges by its object keys alone
 * (objects only, no listed values) and that has tags of scalar values; `undefined` otherwise.
 *
 * @param guard A branch's guard.
 * @returns Its index, or `undefined`.
 */
export function tagIndexOf(guard: CodecGuard): TagIndex | undefined {
  const { types, values, tags } = guard;
  if (values !== undefined || types === undefined || types.length === 0) return undefined;
  if (tags === undefined || tags.length === 0) return undefined;
  for (const type of types) if (type !== 'object') return undefined;
  const keys: string[] = [];
  const allowedValues: Array<readonly unknown[]> = [];
  const sets: Array<ReadonlySet<unknown> | undefined> = [];
  const places = tags.length > FEW_KEYS ? new Map<string, number>() : undefined;
  for (const [key, allowed] of tags) {
    if (places === undefined ? keys.includes(key) : places.has(key)) continue;
    // A scalar equals another as `deepEqual` reads it exactly when `includes` or a set finds it
    // (NaN aside).
    for (const value of allowed) {
      if ((typeof value === 'object' && value !== null) || Number.isNaN(value)) return undefined;
    }
    places?.set(key, keys.length);
    keys.push(key);
    allowedValues.push(allowed);
    sets.push(allowed.length > FEW_TAG_VALUES ? new Set(allowed) : undefined);
  }
  const required = guard.required ?? [];
  const requiredSet = required.length > FEW_KEYS ? new Set(required) : undefined;
  return { keys, values: allowedValues, sets, required, places, requiredSet };
}

/** Whether an index's guard requires a key. */
function requires(index: TagIndex, key: string): boolean {
  return index.requiredSet === undefined
    ? index.required.includes(key)
    : index.requiredSet.has(key);
}

/**
 * Whether two guards indexed by {@link tagIndexOf} are told apart by a tag: a key both tag,
 * that one of them requires, with no value in common. Then {@link guardsOverlap} is `false` (its
 * `objectsOverlap` finds that tag), found without comparing their lists value by value: a wide
 * discriminated union compares each pair of its branches.
 *
 * @param left One guard's index (`undefined`: not indexed, nothing known).
 * @param right The other's.
 * @returns `true` only where the guards cannot overlap.
 */
export function tagsApart(left: TagIndex | undefined, right: TagIndex | undefined): boolean {
  if (left === undefined || right === undefined) return false;
  for (let index = 0; index < left.keys.length; index++) {
    const key = left.keys[index]!;
    const at = right.places === undefined ? right.keys.indexOf(key) : (right.places.get(key) ?? -1);
    if (at === -1 || !(requires(left, key) || requires(right, key))) continue;
    const other = right.values[at]!;
    const otherSet = right.sets[at];
    let shared = false;
    for (const value of left.values[index]!) {
      if (otherSet === undefined ? other.includes(value) : otherSet.has(value)) {
        shared = true;
        break;
      }
    }
    if (!shared) return true;
  }
  return false;
}

/** The values both guards admit, when either lists its values. */
function valuesInBoth(
  left: CodecGuard,
  right: CodecGuard,
  types: readonly JsonType[] | undefined,
): JsonValue[] | undefined {
  const admitted = (value: JsonValue) => {
    const type = jsonTypeOf(value);
    return type !== undefined && (types === undefined || typeAdmits(types, type));
  };
  if (left.values !== undefined && right.values !== undefined) {
    return commonValues(left.values, right.values).filter(admitted);
  }
  const values = left.values ?? right.values;
  return values?.filter(admitted);
}

/** Up to this many keys, {@link objectsOverlap} looks a required key up in the list itself. */
const FEW_KEYS = 16;

/** Whether an object matching `left` can match `right` (required keys allowed, tags). */
function objectsOverlap(left: CodecGuard, right: CodecGuard): boolean {
  if (right.keys !== undefined && left.required !== undefined) {
    const { keys } = right;
    // A set past a few keys: two branches of 10⁴ keys are not compared key by key with each. A
    // wide union compares each pair of its branches, mostly of a few keys: making a set per pair
    // was the largest line of this comparison in a CPU profile of GitHub's ruleset tools.
    if (keys.length <= FEW_KEYS || left.required.length <= 1) {
      if (left.required.some((key) => !keys.includes(key))) return false;
    } else {
      const allowed = new Set(keys);
      if (left.required.some((key) => !allowed.has(key))) return false;
    }
  }
  const { tags } = left;
  if (tags === undefined || tags.length === 0 || right.tags === undefined) return true;
  // Past a few tags or required names, a map and a set: two objects of 10⁴ tagged keys are not
  // compared tag by tag with each.
  const theirTags = right.tags.length <= FEW_KEYS ? undefined : tagsByKey(right);
  const required =
    (left.required?.length ?? 0) + (right.required?.length ?? 0) <= FEW_KEYS
      ? undefined
      : new Set([...(left.required ?? []), ...(right.required ?? [])]);
  for (const [key, allowed] of tags) {
    const other =
      theirTags === undefined ? right.tags.find(([name]) => name === key)?.[1] : theirTags.get(key);
    if (other === undefined) continue;
    const present =
      required === undefined
        ? left.required?.includes(key) || right.required?.includes(key)
        : required.has(key);
    if (present && commonValues(allowed, other).length === 0) return false;
  }
  return true;
}

/**
 * Whether the only value two guards both match is the empty object: both take objects alone,
 * list their keys (closed objects), require none, and every key both list holds values only one
 * of them takes there (a tag each, disjoint). Notion's blocks: `{ paragraph, type: "paragraph" }`
 * and `{ bulleted_list_item, type: "bulleted_list_item" }`, every key optional.
 *
 * @param left One guard.
 * @param right The other.
 * @returns Whether `{}` is all they share.
 */
export function sharesOnlyEmptyObject(left: CodecGuard, right: CodecGuard): boolean {
  const onlyObjects = (guard: CodecGuard) =>
    guard.types !== undefined &&
    guard.types.length > 0 &&
    guard.types.every((type) => type === 'object') &&
    guard.values === undefined &&
    (guard.required === undefined || guard.required.length === 0);
  if (!onlyObjects(left) || !onlyObjects(right)) return false;
  if (left.keys === undefined || right.keys === undefined) return false;
  // Sets and maps: two closed objects of 10⁴ tagged keys are compared in linear time.
  const theirKeys = new Set(right.keys);
  const myTags = tagsByKey(left);
  const theirTags = tagsByKey(right);
  for (const key of left.keys) {
    if (!theirKeys.has(key)) continue;
    const mine = myTags.get(key);
    const theirs = theirTags.get(key);
    if (mine === undefined || theirs === undefined || commonValues(mine, theirs).length > 0)
      return false;
  }
  return true;
}

/** A guard's tags by key (the first where a key is tagged twice, as the guard reads them). */
function tagsByKey(guard: CodecGuard): Map<string, JsonValue[]> {
  const tags = new Map<string, JsonValue[]>();
  for (const [key, values] of guard.tags ?? []) if (!tags.has(key)) tags.set(key, values);
  return tags;
}

/**
 * Keywords that judge `{}` as they judge no object at all: the object keywords but the key counts
 * (read apart), and the ones that assert only of keys present.
 */
const SILENT_ON_EMPTY: ReadonlySet<string> = new Set([
  ...keywordsOfType('object'),
  ...['properties', 'patternProperties', 'additionalProperties'],
]);

/**
 * Keywords that assert only of values that are not objects: `{}` passes each of them. The array
 * keywords the filter leaves to the rewrite of items (`items`, `prefixItems`...) among them.
 */
const OTHER_TYPES_ONLY: ReadonlySet<string> = new Set([
  ...keywordsOfType('string'),
  ...keywordsOfType('number'),
  ...keywordsOfType('array'),
  ...['items', 'prefixItems', 'additionalItems'],
]);

/**
 * Tells whether a schema surely accepts the empty object: it takes objects, requires no key, and
 * asserts nothing else `{}` could fail (keywords of other types aside). Answers `false` where
 * unsure (`enum`, `not`, unions, `minProperties`...).
 *
 * @param schema An original JSON Schema without `$ref` at its top.
 * @returns Whether `{}` is accepted.
 */
export function acceptsEmptyObject(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema)) return false;
  for (const key of Object.keys(schema)) {
    if (!isAssertionKey(key)) continue;
    const value = schema[key];
    if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (!types.includes('object')) return false;
    } else if (key === 'required') {
      if (!Array.isArray(value) || value.length > 0) return false;
    } else if (key === 'minProperties' || key === 'maxProperties') {
      if (typeof value !== 'number' || (key === 'minProperties' ? value > 0 : value < 0))
        return false;
    } else if (!SILENT_ON_EMPTY.has(key) && !OTHER_TYPES_ONLY.has(key)) return false;
  }
  return true;
}
