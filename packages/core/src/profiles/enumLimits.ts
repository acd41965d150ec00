import type { Diagnostic } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { appendDescription } from './describe.ts';
import type { EnumLimits } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/** Keywords of a wire schema whose value is a schema. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not'];
/** Keywords of a wire schema whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords of a wire schema whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions'];

/** What each keyword above holds, for a walk that reads a schema's few keys once. */
const CHILD_KINDS: ReadonlyMap<string, 'schema' | 'list' | 'map'> = new Map([
  ...SCHEMA_KEYWORDS.map((keyword): [string, 'schema'] => [keyword, 'schema']),
  ...SCHEMA_LIST_KEYWORDS.map((keyword): [string, 'list'] => [keyword, 'list']),
  ...SCHEMA_MAP_KEYWORDS.map((keyword): [string, 'map'] => [keyword, 'map']),
]);

/** One wire schema that lists an `enum`, and how often the wire holds it. */
interface EnumPlace {
  schema: SchemaObject;
  values: unknown[];
  occurrences: number;
}

/**
 * Keeps a wire schema within a provider's limits on `enum` values: an `enum` that alone breaks a
 * limit, then the largest others until the total fits, leave the wire, and the description lists
 * their values instead (the validator still enforces them; decoding is unchanged, so a mapped
 * value still maps back). A provider refuses the whole schema past a limit (OpenAI strict: 1,000
 * values), and a schema with one enum per property (a linter's levels for each of 2,000 rules)
 * passes it with no single large enum. Largest first, so that the fewest enums leave; ties in
 * document order, so the result is deterministic.
 *
 * @param wire The wire schema, freshly written by the rewrite (changed in place).
 * @param limits The provider's limits.
 * @param profile The profile's name, for the diagnostic.
 * @param diagnostics Where a `profile-keyword-described` is reported (at the root: the wire has
 *   no pointers into the self-contained schema).
 */
export function fitEnumLimits(
  wire: SchemaObject,
  limits: EnumLimits,
  profile: string,
  diagnostics: Diagnostic[],
): void {
  if (isWithinLimits(wire, limits)) return;
  const places = enumPlacesOf(wire);
  let total = 0;
  for (const place of places) total += place.values.length * place.occurrences;
  const described = places.filter((place) => isLargeEnum(place.values, limits));
  for (const place of described) total -= place.values.length * place.occurrences;
  // Array.prototype.sort is stable: equal sizes keep document order.
  const bySize = places
    .filter((place) => !isLargeEnum(place.values, limits))
    .sort((a, b) => b.values.length * b.occurrences - a.values.length * a.occurrences);
  for (const place of bySize) {
    if (total <= limits.total) break;
    described.push(place);
    total -= place.values.length * place.occurrences;
  }
  if (described.length === 0) return;
  let values = 0;
  for (const place of described) {
    delete place.schema.enum;
    appendDescription(
      place.schema,
      `One of: ${place.values.map((value) => JSON.stringify(value)).join(', ')}.`,
    );
    values += place.values.length * place.occurrences;
  }
  diagnostics.push({
    code: 'profile-keyword-described',
    pointer: '',
    message: `${profile} allows at most ${limits.total} enum values in a schema (and ${limits.largeCharacters} characters in a string enum of more than ${limits.largeValues} values); ${described.length} enums (${values} values) moved into their descriptions (the validator still enforces them).`,
  });
}

/**
 * Every schema of the wire that lists an `enum`, once each with how often the wire holds it (a
 * written schema may be shared by several places), in document order. Iterative: the wire may
 * nest deeply.
 */
function enumPlacesOf(wire: SchemaObject): EnumPlace[] {
  const places = new Map<SchemaObject, EnumPlace>();
  const stack: unknown[] = [wire];
  while (stack.length > 0) {
    const schema = stack.pop();
    if (!isPlainObject(schema)) continue;
    if (Array.isArray(schema.enum)) {
      const place = places.get(schema);
      if (place === undefined) places.set(schema, { schema, values: schema.enum, occurrences: 1 });
      else place.occurrences++;
    }
    const children: unknown[] = [];
    for (const keyword of SCHEMA_KEYWORDS) children.push(schema[keyword]);
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = schema[keyword];
      if (Array.isArray(list)) children.push(...list);
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = schema[keyword];
      if (isPlainObject(map)) children.push(...Object.values(map));
    }
    // Reversed onto the stack, so that schemas are met in document order.
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return [...places.values()];
}

/**
 * Whether the wire holds no large enum and at most `limits.total` enum values, each place
 * counted (what {@link fitEnumLimits} totals): then no enum moves. Nearly every tool schema is
 * within the limits, and this walk costs a fraction of listing the places in document order: it
 * reads each schema's few keys once instead of asking each schema for ten keywords by name.
 */
function isWithinLimits(wire: SchemaObject, limits: EnumLimits): boolean {
  let total = 0;
  const stack: unknown[] = [wire];
  while (stack.length > 0) {
    const schema = stack.pop();
    if (!isPlainObject(schema)) continue;
    for (const key in schema) {
      const value = schema[key];
      if (key === 'enum') {
        if (!Array.isArray(value)) continue;
        total += value.length;
        if (total > limits.total || isLargeEnum(value, limits)) return false;
        continue;
      }
      const kind = CHILD_KINDS.get(key);
      if (kind === 'schema') stack.push(value);
      else if (kind === 'list') {
        if (Array.isArray(value)) for (const item of value) stack.push(item);
      } else if (kind === 'map' && isPlainObject(value)) {
        for (const item of Object.values(value)) stack.push(item);
      }
    }
  }
  return true;
}

/** A string enum past the provider's limit for large enums (many values, many characters). */
function isLargeEnum(values: readonly unknown[], limits: EnumLimits): boolean {
  if (values.length <= limits.largeValues) return false;
  let characters = 0;
  for (const value of values) {
    if (typeof value !== 'string') return false;
    characters += value.length;
  }
  return characters > limits.largeCharacters;
}
