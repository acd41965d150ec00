import type { JsonValue } from '../types/index.ts';
import type { RewriteContext, Rewritten } from './context.ts';
import { countEnum } from './context.ts';
import { jsonTypeOf } from './guards.ts';
import { makeOwnNullable } from './nullable.ts';
import { typedWire } from './typedWire.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Writes an `enum` or `const` for the provider: kept where the provider takes values of that
 * type, else every value becomes a string (`1` → `"1"`, `true` → `"true"`, `null` → `"null"`,
 * objects as their JSON) and the codec maps the strings back. Where a string value would collide
 * with another value's string, every value is JSON-encoded, strings included, so the map is
 * one-to-one.
 *
 * @param values The values the original accepts (already filtered by its `type`).
 * @param annotations The wire annotations.
 * @param original The original schema.
 * @param context The call's state.
 * @returns The rewritten position.
 */
export function rewriteEnum(
  values: readonly JsonValue[],
  annotations: SchemaObject,
  original: unknown,
  context: RewriteContext,
): Rewritten {
  const { recipe } = context;
  const acceptsNull = values.includes(null);
  const nonNull = values.filter((value) => value !== null);
  const types = new Set(nonNull.map((value) => wideType(value)));
  const [type] = types;
  const keep =
    types.size === 1 &&
    type !== undefined &&
    (recipe.enumValues === 'any'
      ? type !== 'object' && type !== 'array'
      : recipe.enumValues === 'string-number'
        ? type === 'string' || type === 'number' || type === 'integer'
        : type === 'string');
  if (keep && (!acceptsNull || recipe.nullStyle === 'null-type' || type === 'string')) {
    const wire = typedWire(type, annotations);
    wire.enum = nonNull;
    countEnum(context, nonNull);
    return {
      wire: acceptsNull ? makeOwnNullable(wire, recipe) : wire,
      codec: null,
      passive: true,
      acceptsNull,
      original,
    };
  }
  if (nonNull.length === 0 && recipe.nullStyle === 'null-type' && recipe.enumValues !== 'string') {
    return {
      wire: typedWire('null', annotations),
      codec: null,
      passive: true,
      acceptsNull,
      original,
    };
  }
  const plain = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const collide = new Set(plain).size !== plain.length;
  const wireValues = collide ? values.map((value) => JSON.stringify(value)) : plain;
  countEnum(context, wireValues);
  const pairs: Array<[string, JsonValue]> = [];
  for (let index = 0; index < values.length; index++) {
    if (wireValues[index] !== values[index]) pairs.push([wireValues[index]!, values[index]!]);
  }
  const wire = typedWire('string', annotations);
  wire.enum = wireValues;
  return {
    wire,
    codec: pairs.length === 0 ? null : { kind: 'enum', pairs },
    passive: pairs.length === 0,
    acceptsNull,
    original,
  };
}

/** `integer` and `number` are one kind of enum value. */
function wideType(value: JsonValue): string {
  const type = jsonTypeOf(value)!;
  return type === 'integer' ? 'number' : type;
}
