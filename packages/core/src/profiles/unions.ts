import type { CodecGuard, CodecNode } from '../types/index.ts';
import { DistinctValues } from '../utils/distinctValues.ts';
import { localReferenceResolver } from '../utils/pointer.ts';
import type { Depth, Place, RewriteContext, Rewritten } from './context.ts';
import { takeBack } from './context.ts';
import { assignAnnotations } from './describe.ts';
import { readSharedNullAsAbsent } from './exclusiveNull.ts';
import {
  acceptsEmptyObject,
  closedKeys,
  guardIsExact,
  guardsOnlyNull,
  guardsOverlap,
  readGuard,
  sharesOnlyEmptyObject,
  type TagIndex,
  tagIndexOf,
  tagsApart,
} from './guards.ts';
import { jsonString } from './jsonString.ts';
import { mapAlike } from './mapAlike.ts';
import { isNullSchema, makeNullable } from './nullable.ts';
import { rewriteLeafAt } from './scalarLeaf.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Rewrites a union (`anyOf`; `oneOf` arrives here as `anyOf`). Where branches map differently,
 * the codec picks a branch by its guard, so branches that map differently must be told apart by
 * their guards on both sides; otherwise the whole union travels as a JSON string. A `null` branch
 * is written in the provider's nullable spelling.
 *
 * @param branches The original branches (siblings already merged into each).
 * @param place The union's position: original schema, wire annotations, pointer, depth, state.
 * @returns The rewritten position.
 */
export function rewriteUnion(branches: readonly unknown[], place: Place): Rewritten {
  const { schema: original, annotations, context, pointer, depth } = place;
  const inner: Depth = { schemas: depth.schemas + 1, objects: depth.objects };
  const reports = context.diagnostics.length;
  const summarized = context.summarized;
  /** The branches that accept a value, rewritten. */
  const all: Rewritten[] = [];
  /** The same but for the branches that are only `null` (the union's nullability). */
  let results: Rewritten[] = [];
  /** A `oneOf`'s branches, read as exclusive ({@link readSharedNullAsAbsent}). */
  const exclusive = context.exclusiveBranches?.has(branches) === true;
  /** Where each of `results` stands (its diagnostics' prefix), kept for an exclusive union only. */
  const resultPointers: string[] = [];
  // Each branch's guards are read when a pair first needs them: a union that travels as a JSON
  // string is mostly told at its first branches.
  const guards: Array<BranchGuards | undefined> = [];
  const guardsAt = (index: number): BranchGuards => {
    let known = guards[index];
    if (known === undefined) {
      const result = results[index]!;
      // A closed original closes the wire's guard where the wire cannot say it (see `readGuard`).
      const wire = readGuard(result.wire, closedKeys(result.original), false);
      const exact = guardIsExact(result.original);
      // Where the profile closed the branch's object, the keys the wire lists close its
      // original guard too (see `readGuard`).
      const original = readGuard(result.original, wire.keys, exact);
      known = {
        wire: wire.guard,
        original: original.guard,
        wireTags: tagIndexOf(wire.guard),
        originalTags: tagIndexOf(original.guard),
        exact,
        takesEmpty: acceptsEmptyObject(result.original),
        size: wire.size + original.size,
      };
      guards[index] = known;
    }
    return known;
  };
  // The branches so far, grouped to compare each new branch only with those that map
  // differently: the passive ones (two of them never need telling apart), and the others by
  // codec (codecs that map alike need no telling apart either, see `mapAlike`).
  const passive: number[] = [];
  const active: CodecClass[] = [];
  let work = 0;
  /** Whether the branches at `left` and `right` cannot be told apart (counted in `work`). */
  const clash = (left: number, right: number): boolean => {
    const leftGuards = guardsAt(left);
    const rightGuards = guardsAt(right);
    work += 1 + leftGuards.size + rightGuards.size;
    return ambiguous(leftGuards, rightGuards);
  };
  for (let index = 0; index < branches.length; index++) {
    const branch = branches[index];
    const before = context.diagnostics.length;
    const summarizedBefore = context.summarized;
    const result =
      rewriteLeafAt(branch, inner, context) ??
      context.rewrite(branch, `${pointer}/anyOf/${index}`, inner);
    if (result.never === true) {
      // A branch that accepts no value is left out, which changes nothing: what was reported on
      // the way (its JSON string) is not on the wire.
      takeBack(context, before, summarizedBefore);
      continue;
    }
    all.push(result);
    if (guardsOnlyNull(result.original)) continue;
    const right = results.length;
    results.push(result);
    if (exclusive) resultPointers.push(`${pointer}/anyOf/${index}`);
    // A branch that maps differently from an earlier one and cannot be told apart from it sends
    // the whole union as a JSON string: the branches after it need not be rewritten.
    const why = result.passive
      ? clashWithActive(active, right, result, clash)
      : clashWithAny(active, passive, results, right, result, clash);
    const tooMany = work > MAX_GUARD_WORK;
    if (why || tooMany) {
      takeBack(context, reports, summarized);
      return jsonString(
        original,
        annotations,
        tooMany
          ? `The branches of this union map differently and are too many to tell apart (${results.length} of ${branches.length} compared)`
          : 'The branches of this union map differently and cannot be told apart',
        context,
        pointer,
      );
    }
    if (result.passive) passive.push(right);
  }
  if (all.length === 0) return context.rewrite(false, pointer, inner);
  if (exclusive) {
    const read = readSharedNullAsAbsent(
      results,
      resultPointers,
      localReferenceResolver(context.root),
      context.diagnostics,
    );
    // A branch that now reads `null` otherwise maps differently from the branches it was alike
    // with: they must be told apart too.
    if (
      read.some((result, index) => result !== results[index] && clashesWithAny(read, index, clash))
    ) {
      takeBack(context, reports, summarized);
      return jsonString(
        original,
        annotations,
        'The branches of this union map differently and cannot be told apart',
        context,
        pointer,
      );
    }
    results = read;
  }
  const hasNull = results.length < all.length;
  if (results.length === 0) return all[0]!;
  const acceptsNull = all.some((result) => result.acceptsNull);
  const wire = unionWire(
    results.map((result) => result.wire),
    annotations,
    hasNull,
    context,
  );
  if (results.every((result) => result.passive)) {
    return { wire, codec: null, passive: true, acceptsNull, original };
  }
  const branchCodecs = results.map((result, index) => {
    const { wire, original, exact } = guardsAt(index);
    return { exact, branch: { wire, original, codec: result.codec } };
  });
  // The encoder takes the first branch whose original guard matches: a branch that accepts all
  // its guard matches goes first, so a value it shares with another branch is encoded its way.
  const ordered = [
    ...branchCodecs.filter((each) => each.exact),
    ...branchCodecs.filter((each) => !each.exact),
  ].map((each) => each.branch);
  // `null` stays `null` both ways, before any branch that would also take it.
  if (hasNull)
    ordered.unshift({ wire: { types: ['null'] }, original: { types: ['null'] }, codec: null });
  return {
    wire,
    codec: { kind: 'union', branches: ordered },
    passive: false,
    acceptsNull,
    original,
  };
}

/** The guards of a branch, on the wire and in the original. */
interface BranchGuards {
  wire: CodecGuard;
  original: CodecGuard;
  /** The wire guard's discriminators, where a tag alone may tell it apart ({@link tagsApart}). */
  wireTags: TagIndex | undefined;
  /** The same for the original guard. */
  originalTags: TagIndex | undefined;
  /** The original branch accepts every value its guard matches ({@link guardIsExact}). */
  exact: boolean;
  /** The original branch surely accepts `{}` ({@link acceptsEmptyObject}). */
  takesEmpty: boolean;
  /** The length of the lists in both guards: what comparing them walks. */
  size: number;
}

/** Branches of a union whose codecs map alike and are not passive: their indexes, and the first's codec. */
interface CodecClass {
  codec: CodecNode;
  members: number[];
}

/**
 * Work a union may spend telling its branches apart: a pair of branches costs one, plus the
 * length of their guards' lists. Telling n branches apart compares up to n²/2 pairs: a union of
 * 10⁴ branches that map differently would take minutes. Past this (a thousand or so
 * discriminated branches), the union travels as a JSON string.
 */
const MAX_GUARD_WORK = 1 << 22;

/**
 * A passive branch against the earlier branches that are not passive: whether one maps
 * differently (another codec) and cannot be told apart from it.
 */
function clashWithActive(
  active: readonly CodecClass[],
  right: number,
  result: Rewritten,
  clash: (left: number, right: number) => boolean,
): boolean {
  for (const codecClass of active) {
    if (mapAlike(codecClass.codec, result.codec)) continue;
    for (const left of codecClass.members) if (clash(left, right)) return true;
  }
  return false;
}

/**
 * A branch that is not passive against every earlier branch of another codec: whether one
 * cannot be told apart from it. Joins its class (or makes one) on the way.
 */
function clashWithAny(
  active: CodecClass[],
  passive: readonly number[],
  results: readonly Rewritten[],
  right: number,
  result: Rewritten,
  clash: (left: number, right: number) => boolean,
): boolean {
  let own: CodecClass | undefined;
  for (const codecClass of active) {
    if (own === undefined && mapAlike(codecClass.codec, result.codec)) {
      own = codecClass;
      continue;
    }
    for (const left of codecClass.members) if (clash(left, right)) return true;
  }
  for (const left of passive) {
    if (!mapAlike(results[left]!.codec, result.codec) && clash(left, right)) return true;
  }
  if (own === undefined) active.push({ codec: result.codec, members: [right] });
  else own.members.push(right);
  return false;
}

/**
 * Whether the branch at `right` maps differently from another branch and cannot be told apart
 * from it.
 */
function clashesWithAny(
  results: readonly Rewritten[],
  right: number,
  clash: (left: number, right: number) => boolean,
): boolean {
  const { codec } = results[right]!;
  return results.some(
    (other, left) => left !== right && !mapAlike(other.codec, codec) && clash(left, right),
  );
}

/**
 * Whether two branches that map differently cannot be told apart: the decoder needs their wire
 * guards apart; the encoder needs their original guards apart, unless one of them accepts all
 * its guard matches (then it is tried first, and a shared value is one it accepts).
 */
function ambiguous(left: BranchGuards, right: BranchGuards): boolean {
  // Where two object branches share only `{}`, it needs no telling apart: every object codec
  // decodes `{}` to `{}`; and where both originals accept it, either encodes it to its own wire.
  if (
    !tagsApart(left.wireTags, right.wireTags) &&
    guardsOverlap(left.wire, right.wire) &&
    !sharesOnlyEmptyObject(left.wire, right.wire)
  )
    return true;
  return (
    !left.exact &&
    !right.exact &&
    !tagsApart(left.originalTags, right.originalTags) &&
    guardsOverlap(left.original, right.original) &&
    !(left.takesEmpty && right.takesEmpty && sharesOnlyEmptyObject(left.original, right.original))
  );
}

/** Up to this many branches, {@link unionWire} compares each with the earlier ones. */
const FEW_BRANCHES = 4;

/** `anyOf` of the wire branches, nested unions flattened, `null` in the provider's spelling. */
function unionWire(
  branches: readonly SchemaObject[],
  annotations: SchemaObject,
  nullable: boolean,
  context: RewriteContext,
): SchemaObject {
  const flat: SchemaObject[] = [];
  // Past a few branches, fingerprinted from the first: branches alike but for a tag deep inside
  // (a discriminated union's) made each new one a deep comparison with every earlier one.
  const seen = new DistinctValues(branches.length > FEW_BRANCHES ? 0 : undefined);
  for (const branch of branches) {
    const nested = Object.keys(branch).every(
      (key) => key === 'anyOf' || key === 'description' || key === 'title',
    );
    const parts =
      nested && Array.isArray(branch.anyOf) ? (branch.anyOf as SchemaObject[]) : [branch];
    for (const part of parts) if (seen.add(part)) flat.push(part);
  }
  const withoutNull = flat.filter((branch) => !isNullSchema(branch));
  const hasNull = nullable || withoutNull.length < flat.length;
  if (withoutNull.length === 0) return { type: 'null', ...annotations };
  let wire: SchemaObject;
  if (withoutNull.length === 1) {
    wire = { ...withoutNull[0] };
    assignAnnotations(wire, annotations);
  } else wire = { ...annotations, anyOf: withoutNull };
  if (hasNull) wire = makeNullable(wire, context.recipe);
  return wire;
}
