import type { Codec, Diagnostic } from '../types/index.ts';
import { setOwn } from '../utils/cloneJson.ts';
import { quoteNames } from '../utils/diagnostics.ts';
import { DistinctValues } from '../utils/distinctValues.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { isAnnotation } from '../vocabulary/index.ts';
import { mergeAllOf } from './mergeAllOf.ts';
import type { Recipe } from './recipe.ts';

type SchemaObject = Record<string, unknown>;

/** What {@link mergeRootUnion} gives: the root to rewrite, and what its merge narrowed. */
export interface MergedRoot {
  /** The root to rewrite: the merged object, or the root as it came. */
  schema: SchemaObject;
  /**
   * The merged properties a branch that does not list them leaves open (it takes them with any
   * value), held to the listing branches' schemas: nothing about their value is sure (`repair`
   * must leave them as sent). Empty where nothing was merged.
   */
  narrowed: readonly string[];
  /** The union's object branches, as merged (empty where nothing was merged). */
  branches: readonly SchemaObject[];
  /** The merge's `profile-root-merged` diagnostic (what a later step adds to it goes there). */
  report: Diagnostic | undefined;
  /**
   * Per merged property, the branch each of its schemas came from, in the order the merged
   * property lists them (one schema: itself; several: its `anyOf`). Empty where nothing was merged.
   */
  origins: ReadonlyMap<string, readonly number[]>;
}

/** What a root left as it came narrowed: nothing (one list for every call; it is never written). */
const NOTHING_NARROWED: readonly string[] = Object.freeze([]);

/** The branches of a root left as it came: none (one list for every call; it is never written). */
const NO_BRANCHES: readonly SchemaObject[] = Object.freeze([]);

/** The origins of a root left as it came: none (one map for every call; it is never written). */
const NO_ORIGINS: ReadonlyMap<string, readonly number[]> = new Map();

/** The result of a root left as it came. */
function unmerged(root: SchemaObject): MergedRoot {
  return {
    schema: root,
    narrowed: NOTHING_NARROWED,
    branches: NO_BRANCHES,
    report: undefined,
    origins: NO_ORIGINS,
  };
}

/**
 * Providers want one object at the root, not a union. A root `anyOf`/`oneOf` whose branches are
 * all objects becomes one object with every branch's properties (a property in several branches
 * takes the union of its schemas; required: what every branch requires); the validator still
 * judges the union. Reported as `profile-root-merged`.
 *
 * @param root The self-contained schema (not mutated).
 * @param diagnostics Where the merge is reported.
 * @returns The root to rewrite, and the properties the merge narrowed.
 */
export function mergeRootUnion(root: SchemaObject, diagnostics: Diagnostic[]): MergedRoot {
  const keyword = Array.isArray(root.anyOf)
    ? 'anyOf'
    : Array.isArray(root.oneOf)
      ? 'oneOf'
      : undefined;
  if (keyword === undefined || (root.anyOf !== undefined && root.oneOf !== undefined))
    return unmerged(root);
  const { [keyword]: union, ...rest } = root;
  const siblings: SchemaObject = {};
  const annotations: SchemaObject = {};
  for (const key of Object.keys(rest)) {
    if (isAnnotation(key) || key === '$schema' || key === '$defs' || key === 'definitions')
      annotations[key] = rest[key];
    else setOwn(siblings, key, rest[key]);
  }
  const branches: SchemaObject[] = [];
  for (const branch of union as unknown[]) {
    const merged =
      Object.keys(siblings).length === 0 ? { schema: branch } : mergeAllOf([siblings, branch]);
    const schema = merged?.schema;
    if (!isPlainObject(schema) || !isObjectBranch(schema)) return unmerged(root);
    branches.push(schema);
  }
  if (branches.length === 0) return unmerged(root);
  const properties: SchemaObject = {};
  // Per name, its schemas in branch order, each once; and how many branches require it. One
  // walk over the branches: a root union of 10⁴ objects stays linear.
  const optionsOf = new Map<
    string,
    { options: unknown[]; distinct: DistinctValues; origins: number[] }
  >();
  for (const [index, branch] of branches.entries()) {
    const own = (branch.properties as SchemaObject | undefined) ?? {};
    for (const name of Object.keys(own)) {
      let known = optionsOf.get(name);
      if (known === undefined) {
        known = { options: [], distinct: new DistinctValues(), origins: [] };
        optionsOf.set(name, known);
      }
      if (known.distinct.add(own[name])) {
        known.options.push(own[name]);
        known.origins.push(index);
      }
    }
  }
  const names = [...optionsOf.keys()];
  for (const [name, { options }] of optionsOf) {
    setOwn(properties, name, options.length === 1 ? options[0] : { anyOf: options });
  }
  const requiredBy = new Map<unknown, number>();
  for (const branch of branches) {
    if (!Array.isArray(branch.required)) break;
    for (const name of new Set(branch.required))
      requiredBy.set(name, (requiredBy.get(name) ?? 0) + 1);
  }
  const required = names.filter((name) => requiredBy.get(name) === branches.length);
  const merged: SchemaObject = { ...annotations, type: 'object', properties, required };
  if (branches.every((branch) => branch.additionalProperties === false))
    merged.additionalProperties = false;
  const narrowed = narrowedProperties(branches, names);
  const report: Diagnostic = {
    code: 'profile-root-merged',
    pointer: '',
    message: `The root ${keyword} of ${branches.length} objects became one object with all their properties; the validator still checks that the arguments match one branch.${describeNarrowed(narrowed)}`,
  };
  diagnostics.push(report);
  const origins = new Map([...optionsOf].map(([name, known]) => [name, known.origins]));
  return { schema: merged, narrowed, branches, report, origins };
}

/**
 * The merged properties a branch that does not list them still takes with any value (it leaves
 * other keys open): the merged object holds them to the listing branches' schemas, so arguments
 * that match the open branch with such a value have no wire form (narrower). A root `anyOf` of
 * objects that each require their own key and stay open is a common way to say "at least one of".
 *
 * @param branches The union's object branches.
 * @param names The merged property names, in order.
 * @returns The names held narrower than the union holds them.
 */
function narrowedProperties(branches: readonly SchemaObject[], names: readonly string[]): string[] {
  // A name is narrowed unless every open branch lists it: counted in one walk.
  const open = branches.filter((branch) => branch.additionalProperties !== false);
  const listedBy = new Map<string, number>();
  for (const branch of open) {
    for (const name of Object.keys((branch.properties as SchemaObject | undefined) ?? {})) {
      listedBy.set(name, (listedBy.get(name) ?? 0) + 1);
    }
  }
  return names.filter((name) => (listedBy.get(name) ?? 0) < open.length);
}

/** The sentence a merge diagnostic adds for narrowed properties (empty when there are none). */
function describeNarrowed(names: readonly string[]): string {
  if (names.length === 0) return '';
  return ` A branch that does not list ${quoteNames(names)} leaves it open, but the merged object holds it to the schema of the branches that list it (narrower).`;
}

/** A branch that describes only objects and has nothing that does not merge. */
function isObjectBranch(branch: SchemaObject): boolean {
  if (branch.type !== 'object') return false;
  return ![
    '$ref',
    'allOf',
    'anyOf',
    'oneOf',
    'not',
    'if',
    'patternProperties',
    'dependentSchemas',
  ].some((key) => Object.hasOwn(branch, key));
}

/**
 * Keywords providers refuse at the root: combinators (OpenAI, Anthropic) and `enum`/`not`
 * (OpenAI: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not'").
 */
const ROOT_REFUSED: ReadonlySet<string> = new Set([
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'not',
]);

/**
 * Tells whether a wire schema is what every provider wants at the root: `type: "object"` and no
 * combinator.
 *
 * @param wire A wire schema.
 * @returns Whether it can stand at the root as it is.
 */
export function isPlainObjectRoot(wire: SchemaObject): boolean {
  if (wire.type !== 'object') return false;
  // One scan of the root's few keys, rather than asking for each refused one by name.
  for (const key in wire) if (ROOT_REFUSED.has(key) && Object.hasOwn(wire, key)) return false;
  return true;
}

/**
 * Puts a wire schema that is not a plain object (a union the root merge could not make one, a
 * JSON string) under the property `value` of a wire object, so the root is an object.
 *
 * @param wire The wire schema of the root.
 * @param codec The codec of the root.
 * @param recipe The profile's rules.
 * @param diagnostics Where the wrap is reported.
 * @returns The wire schema and codec with an object root.
 */
export function wrapRoot(
  wire: SchemaObject,
  codec: Codec,
  recipe: Recipe,
  diagnostics: Diagnostic[],
): { schema: SchemaObject; codec: Codec } {
  diagnostics.push({
    code: 'profile-root-wrapped',
    pointer: '',
    message:
      'The root is no plain object for this provider; the arguments travel under the property "value".',
  });
  const { description, title, ...inner } = wire;
  const schema: SchemaObject = { type: 'object' };
  if (title !== undefined) schema.title = title;
  if (description !== undefined) schema.description = description;
  schema.properties = { value: inner };
  schema.required = ['value'];
  if (recipe.objects === 'closed') schema.additionalProperties = false;
  return {
    schema,
    codec: { version: 1, root: { kind: 'wrap', property: 'value', value: codec.root } },
  };
}
