import { isPlainObject } from '../utils/isPlainObject.ts';
import type { Rewritten } from './context.ts';
import { typeKeywordAdmits } from './guards.ts';
import { isAssertionKey } from './keywords.ts';

/**
 * The names each branch of a union requires, where that is all every branch asserts (beside
 * annotations and `additionalProperties: true`), and some name the object beside the union does
 * not require itself is required by some branches and not by others: OpenAPI's "send `id`, or
 * `owner` and `repo`" (`[{ required: ["id"] }, { required: ["owner", "repo"] }]`). A name may be
 * one the object does not declare (GitHub's Pages update requires one of five, `public` among
 * them, which its body does not list): {@link requiredBranchesClash} leaves such a branch out.
 * `undefined` otherwise: branches that all require the same optional names may well be told
 * apart, and need not be read further.
 *
 * A branch may also narrow a property to values the object lists ({@link narrowsToListedValues}),
 * where neither the object nor any branch requires that property: GitHub's "a `status` of
 * `completed` requires `conclusion`" (`[{ properties: { status: { enum: ["completed"] } },
 * required: ["conclusion"] }, { properties: { status: { enum: ["queued"] } } }]`). Sent as `null`
 * in every branch, such a property tells no two branches apart, and each branch still lists it.
 *
 * @param branches The union's branches.
 * @param declared The `properties` beside the union.
 * @param required The `required` beside the union.
 * @returns Per branch, the names it requires; or `undefined`.
 */
export function requiredNamesOfBranches(
  branches: unknown,
  declared: unknown,
  required: unknown,
): (readonly string[])[] | undefined {
  if (!Array.isArray(branches) || branches.length < 2 || !isPlainObject(declared)) return undefined;
  const own = Array.isArray(required) ? required : [];
  const result: (readonly string[])[] = [];
  const narrowed: string[] = [];
  for (const branch of branches) {
    const narrowing = branchNarrowing(branch, declared);
    if (narrowing === undefined) return undefined;
    if (narrowing.narrowsProperties) {
      const properties = (branch as Record<string, unknown>).properties as Record<string, unknown>;
      for (const name in properties) {
        if (!narrowsToListedValues(properties[name], declared[name])) return undefined;
        narrowed.push(name);
      }
    }
    result.push(narrowing.required);
  }
  for (const name of narrowed) {
    if (own.includes(name) || result.some((names) => names.includes(name))) return undefined;
  }
  const differs = result.some((names) =>
    names.some((name) => !own.includes(name) && result.some((other) => !other.includes(name))),
  );
  return differs ? result : undefined;
}

/**
 * Whether a branch's schema for a property only picks some of the values the object's schema for
 * it lists or types: each asserts nothing but a `type` (one name) and its values (`enum`,
 * `const`), and some string, number or boolean the branch lists passes both. Their merge then
 * lists that value: the property is on the branch's wire as on the object's.
 *
 * @param narrowing The branch's schema for the property.
 * @param declared The object's schema for it.
 */
function narrowsToListedValues(narrowing: unknown, declared: unknown): boolean {
  const offered = listingOf(narrowing);
  const accepted = listingOf(declared);
  if (offered?.values === undefined || accepted === undefined) return false;
  return offered.values.some(
    (value) =>
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
      typeKeywordAdmits(offered.type, value) &&
      typeKeywordAdmits(accepted.type, value) &&
      (accepted.values === undefined || accepted.values.includes(value)),
  );
}

/**
 * What a schema asserts where that is only a `type` of one name and listed values (`const`, or a
 * non-empty `enum`), either optional; `undefined` where it asserts anything else.
 */
function listingOf(
  schema: unknown,
): { type: string | undefined; values: readonly unknown[] | undefined } | undefined {
  if (!isPlainObject(schema)) return undefined;
  let type: string | undefined;
  let values: readonly unknown[] | undefined;
  for (const key in schema) {
    if (key === 'nullable') return undefined;
    if (!isAssertionKey(key)) continue;
    const value = schema[key];
    if (key === 'type') {
      if (typeof value !== 'string') return undefined;
      type = value;
    } else if (key === 'const') {
      if (Object.hasOwn(schema, 'enum')) return undefined;
      values = [value];
    } else if (key === 'enum') {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      values = value;
    } else return undefined;
  }
  return { type, values };
}

/**
 * Whether such a union ({@link requiredNamesOfBranches}) surely cannot be told apart under a
 * recipe that sends every property (`allRequired`), read from the rewrite of the object beside it
 * alone. The union then need not be rewritten to find out: each of its branches is a copy of the
 * whole object, and rewriting two of them only to give them up was most of such a tool's
 * rewrite.
 *
 * Why it is sure: each branch is the object with more names required, so its wire lists the same
 * properties, every one required; a property a branch requires is sent without its `null`, whose
 * other values (where it lists any) the object's nullable form lists too. A property a branch
 * narrows to some of its values is optional in the object and in every branch (see
 * {@link requiredNamesOfBranches}): each branch's wire lists it, and takes `null` for it. No
 * guard tells two branches' wires apart, so two branches whose codecs differ cannot be told
 * apart, and the union travels as a JSON string. Their codecs differ where one requires a
 * property that the object's codec reads `null` for (an optional one: `nullMeansAbsent`,
 * `absentSentAsNull`) and the other does not. A branch that requires a name the object's wire
 * does not list is left out of the comparison: an undeclared name is sent under a key of its own
 * (which may tell that branch apart), and a property that accepts no value leaves the branch
 * accepting no object; two of the other branches that cannot be told apart are enough, whatever
 * that one does, since the union gives up at the first such pair.
 *
 * @param required Per branch, the names it requires.
 * @param object The rewrite of the object without the union (under an `allRequired` recipe).
 * @returns Whether the union surely travels as a JSON string.
 */
export function requiredBranchesClash(
  required: readonly (readonly string[])[],
  object: Rewritten,
): boolean {
  const { wire, codec } = object;
  if (wire.type !== 'object' || codec?.kind !== 'object' || !isPlainObject(wire.properties))
    return false;
  const listed = wire.properties;
  const optional = [...(codec.nullMeansAbsent ?? []), ...(codec.absentSentAsNull ?? [])];
  if (optional.length === 0) return false;
  let first: string | undefined;
  let differ = false;
  for (const names of required) {
    // Sent under a key of its own, or left out of the union: not one of those compared.
    if (names.some((name) => !Object.hasOwn(listed, name))) continue;
    // Which of the optional properties the branch requires, in their order.
    let mask = '';
    for (const name of optional) mask += names.includes(name) ? '1' : '0';
    if (first === undefined) first = mask;
    else if (mask !== first) differ = true;
  }
  return differ;
}

/** What a union branch asserts where it only narrows the object beside it. */
export interface BranchNarrowing {
  /** The names it requires. */
  required: readonly string[];
  /** Whether it narrows properties the object declares (`properties`). */
  narrowsProperties: boolean;
}

/**
 * What a union branch asserts, where it only narrows the object beside it: names it requires,
 * properties that object declares (each one's schema narrowed) and `additionalProperties: true`
 * (annotations aside); `undefined` where it asserts anything else. The one reading of that shape,
 * for `narrowsDeclaredOnly` and {@link requiredNamesOfBranches}.
 *
 * @param branch A union branch.
 * @param declared The `properties` beside the union.
 * @returns What it narrows, or `undefined`.
 */
export function branchNarrowing(branch: unknown, declared: unknown): BranchNarrowing | undefined {
  if (!isPlainObject(branch)) return undefined;
  let required: readonly string[] = [];
  let narrowsProperties = false;
  for (const key in branch) {
    if (!Object.hasOwn(branch, key) || !isAssertionKey(key)) continue;
    const value = branch[key];
    if (key === 'required') {
      if (!Array.isArray(value)) return undefined;
      for (const name of value) if (typeof name !== 'string') return undefined;
      required = value as string[];
    } else if (key === 'properties') {
      if (!isPlainObject(value) || !isPlainObject(declared)) return undefined;
      for (const name in value) if (!Object.hasOwn(declared, name)) return undefined;
      narrowsProperties = true;
    } else if (key !== 'additionalProperties' || value !== true) return undefined;
  }
  return { required, narrowsProperties };
}
