import type { Diagnostic } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { forEachSubschema, type SubschemaPlace, visitSchemas } from '../visitSchemas/index.ts';
import type { WrittenEnums } from './context.ts';
import { appendDescription } from './describe.ts';
import type { EnumLimits } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

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
 * @param written The `enum` lists the rewrite wrote (at least those the wire lists).
 * @param limits The provider's limits.
 * @param profile The profile's name, for the diagnostic.
 * @param diagnostics Where a `profile-keyword-described` is reported (at the root: the wire has
 *   no pointers into the self-contained schema).
 */
export function fitEnumLimits(
  wire: SchemaObject,
  written: WrittenEnums,
  limits: EnumLimits,
  profile: string,
  diagnostics: Diagnostic[],
): void {
  // Nearly every tool schema is within the limits, and what the rewrite wrote says so without a
  // walk over the wire (which cost about a quarter of the dereference pass on GitHub's tools).
  if (written.values <= limits.total && written.longest <= limits.largeValues) return;
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
  const children: unknown[] = [];
  const collect: SubschemaPlace = (container, key) => {
    children.push((container as Record<string | number, unknown>)[key]);
  };
  while (stack.length > 0) {
    const schema = stack.pop();
    if (!isPlainObject(schema)) continue;
    if (Array.isArray(schema.enum)) {
      const place = places.get(schema);
      if (place === undefined) places.set(schema, { schema, values: schema.enum, occurrences: 1 });
      else place.occurrences++;
    }
    children.length = 0;
    forEachSubschema(schema, collect);
    // Reversed onto the stack, so that schemas are met in document order.
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
  }
  return [...places.values()];
}

/**
 * Whether the wire holds no large enum and at most `limits.total` enum values, each place
 * counted (what {@link fitEnumLimits} totals): then no enum moves. Nearly every tool schema is
 * within the limits, so this count, in any order, comes before listing the places in order.
 */
function isWithinLimits(wire: SchemaObject, limits: EnumLimits): boolean {
  let total = 0;
  let within = true;
  visitSchemas(wire, (schema) => {
    const values = schema.enum;
    if (!within || !Array.isArray(values)) return;
    total += values.length;
    within = total <= limits.total && !isLargeEnum(values, limits);
  });
  return within;
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
