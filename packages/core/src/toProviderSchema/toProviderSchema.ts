import { dereferenceResolved } from '../dereference/index.ts';
import { fitEnumLimits } from '../profiles/enumLimits.ts';
import { fixRootOnly } from '../profiles/fixRootOnly.ts';
import { markRepairs } from '../profiles/markRepairs.ts';
import { exceedsPropertyLimit } from '../profiles/propertyLimit.ts';
import type { Recipe } from '../profiles/recipe.ts';
import { RECIPES } from '../profiles/recipes/index.ts';
import { dropRepeats, relocateIntoRootBranches } from '../profiles/relocate.ts';
import { rewriteSchema } from '../profiles/rewriteSchema.ts';
import { readNullPerBranch } from '../profiles/rootBranches.ts';
import { isPlainObjectRoot, mergeRootUnion, wrapRoot } from '../profiles/rootObject.ts';
import { DEREFERENCE_KEYS, type ResolvedOptions, resolveOptions } from '../resolveOptions/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Codec, DereferenceOptions, Diagnostic, JsonSchema, Profile } from '../types/index.ts';
import { PROFILES } from '../types/index.ts';
import { readOptions } from '../utils/readOptions.ts';

/** Options of {@link toProviderSchema}: those of the dereference pass, but the root, and `repair`. */
export interface ProviderSchemaOptions extends Omit<DereferenceOptions, 'root'> {
  /**
   * Make the codec mark what `decodeArguments` with `repair` repairs: every place where the wire
   * schema wants an object or an array (and no string), where a string holding JSON is parsed;
   * and, under the profiles that leave the schema as it is but the root (`mcp`, `openai`,
   * `anthropic`), every optional property that refuses `null` (`strayNull`), where a `null` is
   * dropped. Under those profiles the codec is otherwise the identity, `{ version: 1, root: null
   * }`; under the others, it otherwise marks only the objects and arrays on the way to what it
   * maps (not a nullable array beside it), and their strict forms already read `null` as absent
   * where the original refuses it. The marks map nothing without `repair`. Default `false`.
   */
  repair?: boolean;
}

/**
 * The pass's options for a call that gives none, resolved once: most calls give none, and
 * resolving them (a copy with `root`, then every default filled in) cost each call as much as a
 * small schema's root fix. Frozen: every call reads this one object.
 */
const DEFAULT_OPTIONS = frozen(resolveOptions({ root: 'object' }));

/** The options `toProviderSchema` reads: the dereference options but `root`, and `repair`. */
const PROVIDER_KEYS: readonly (keyof ProviderSchemaOptions)[] = [
  ...DEREFERENCE_KEYS.filter((key): key is Exclude<typeof key, 'root'> => key !== 'root'),
  'repair',
];

/** Resolved options no reader can change, their budget included. */
function frozen(options: ResolvedOptions): ResolvedOptions {
  Object.freeze(options.budget);
  return Object.freeze(options);
}

/** What {@link toProviderSchema} returns. */
export interface ProviderSchemaResult {
  /** The wire schema: what to list to the provider. Shares no object with the input. */
  schema: Record<string, unknown>;
  /** Maps the model's arguments back to the original shape (`decodeArguments`). Plain JSON. */
  codec: Codec;
  /** The dereference pass's diagnostics, then the profile's (`profile-*`, pointers into the self-contained schema). */
  diagnostics: Diagnostic[];
}

/** A profile's wire schema and codec, with what a merge of a root union left to finish them. */
interface RewrittenRoot {
  schema: Record<string, unknown>;
  codec: Codec;
  /** The merged properties a branch leaves open (see `mergeRootUnion`). */
  narrowed: readonly string[];
  /**
   * The merged root union's object branches, where the profile rewrites the schema (none where
   * the root was not merged).
   */
  branches?: readonly Record<string, unknown>[];
  /** The merge's diagnostic, where the root was merged. */
  mergeReport?: Diagnostic | undefined;
  /**
   * Where the root was merged: the first diagnostic of the merged object's rewrite, and the
   * branch each merged property schema came from (`mergeRootUnion`).
   */
  merged?: { from: number; origins: ReadonlyMap<string, readonly number[]> } | undefined;
}

/**
 * The rewrite within the provider's limits: past its limit on properties, objects nest one level
 * less deep (the deepest then travel as JSON strings) until the schema fits; at one level, only
 * the root's own are left.
 */
function rewriteFitting(
  merged: Record<string, unknown>,
  recipe: Recipe,
  diagnostics: Diagnostic[],
  rootWrapped: boolean,
): ReturnType<typeof rewriteSchema> {
  const kept = diagnostics.length;
  let rewritten = rewriteSchema(merged, recipe, diagnostics, recipe.maxObjectDepth, rootWrapped);
  for (
    let depth = recipe.maxObjectDepth;
    depth !== undefined &&
    depth > 1 &&
    exceedsPropertyLimit(rewritten.schema, rewritten.written, recipe, rootWrapped ? 1 : 0);
    depth--
  ) {
    diagnostics.length = kept;
    rewritten = rewriteSchema(merged, recipe, diagnostics, depth - 1, rootWrapped);
  }
  return rewritten;
}

/** The profile's rewrite of the whole schema, its root a plain object. */
function rewriteProfile(
  root: Record<string, unknown>,
  recipe: Recipe,
  diagnostics: Diagnostic[],
): RewrittenRoot {
  const { schema: merged, narrowed, branches, report, origins } = mergeRootUnion(root, diagnostics);
  const kept = diagnostics.length;
  let rewritten = rewriteFitting(merged, recipe, diagnostics, false);
  // A root that is no plain object travels wrapped, one more object level and property: where
  // the provider limits them, it is written again with them counted (FUZZ_SEED=252).
  if (
    !isPlainObjectRoot(rewritten.schema) &&
    (recipe.maxObjectDepth !== undefined || recipe.maxProperties !== undefined)
  ) {
    diagnostics.length = kept;
    rewritten = rewriteFitting(merged, recipe, diagnostics, true);
  }
  const wire = isPlainObjectRoot(rewritten.schema)
    ? rewritten
    : wrapRoot(rewritten.schema, rewritten.codec, recipe, diagnostics);
  // A limit on the whole schema: the rewrite counts what it wrote, and only past that count does
  // the finished wire show whether it holds.
  if (recipe.enumLimits !== undefined)
    fitEnumLimits(wire.schema, rewritten.enums, recipe.enumLimits, recipe.profile, diagnostics);
  return {
    schema: wire.schema,
    codec: wire.codec,
    narrowed,
    branches,
    mergeReport: report,
    merged: branches.length > 0 ? { from: kept, origins } : undefined,
  };
}

/**
 * Rewrites a tool's input schema for one provider profile: the dereference pass (object root),
 * then the profile's rewrites, giving the wire schema the provider accepts, the codec that maps
 * the model's arguments back to the original shape, and diagnostics for every place where the
 * wire schema is wider or narrower than the original. `mcp` is the dereference output with the
 * identity codec.
 *
 * @param schema The tool's input JSON Schema (not mutated).
 * @param profile The provider profile.
 * @param options The dereference options (`root` is always `'object'`).
 * @returns The wire schema, the codec and the diagnostics.
 * @throws ToolSchemaError `invalid-option` for an unknown profile or a bad dereference option.
 */
export function toProviderSchema(
  schema: JsonSchema,
  profile: Profile,
  options?: ProviderSchemaOptions,
): ProviderSchemaResult {
  if (!PROFILES.includes(profile)) {
    throw new ToolSchemaError('invalid-option', `profile must be one of ${PROFILES.join(', ')}.`);
  }
  const { repair, ...dereferenceOptions } = readOptions(options, PROVIDER_KEYS, 'provider');
  if (repair !== undefined && typeof repair !== 'boolean') {
    throw new ToolSchemaError('invalid-option', 'repair must be true or false.');
  }
  const recipe = profile === 'mcp' ? undefined : RECIPES[profile];
  const result = dereferenceResolved(
    schema,
    Object.keys(dereferenceOptions).length === 0
      ? DEFAULT_OPTIONS
      : resolveOptions({ ...dereferenceOptions, root: 'object' }),
    // Only the profiles that keep the schema but its root read them (to skip a walk of it).
    recipe?.rootOnly === true,
  );
  const root = result.schema as Record<string, unknown>;
  // The pass's own list: this call is its only reader, so the profile appends to it.
  const diagnostics = result.diagnostics;
  const profileReports = diagnostics.length;
  const wire: RewrittenRoot =
    recipe === undefined
      ? { schema: root, codec: { version: 1 as const, root: null }, narrowed: [] }
      : recipe.rootOnly
        ? fixRootOnly(root, recipe, diagnostics, result.olderShapes)
        : rewriteProfile(root, recipe, diagnostics);
  // Where the profile rewrites the schema, the wire's `null`s are not the original's; where it
  // merged a root union, a property some branch leaves open may hold anything.
  const marked =
    repair === true
      ? markRepairs(wire.codec.root, wire.schema, {
          strayNull: recipe?.rootOnly ?? true,
          unsure: wire.narrowed,
        })
      : wire.codec.root;
  // The marks read the merged object; each branch then reads a `null` its own way.
  const rootCodec =
    wire.branches === undefined || wire.branches.length === 0
      ? marked
      : readNullPerBranch(marked, wire.schema, wire.branches, root, wire.mergeReport, diagnostics);
  // The merged object's parts came from the branches: what was reported there points back (once
  // the per-branch reading has read its diagnostics by their merged pointers).
  if (wire.merged !== undefined)
    relocateIntoRootBranches(diagnostics, wire.merged.from, root, wire.merged.origins);
  const codec: Codec = rootCodec === wire.codec.root ? wire.codec : { version: 1, root: rootCodec };
  // Each place's report once: the rewrite compares a report with those before it where it is
  // made, and a relocation may then move two of them to one place.
  dropRepeats(diagnostics, profileReports);
  return { schema: wire.schema, codec, diagnostics };
}
