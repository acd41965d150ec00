import type { Budget } from '../resolveOptions/index.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { countOf } from '../utils/countOf.ts';
import { ALL_OF_BYTES, REF_BYTES, rootIdentityBytes } from '../utils/jsonBytes.ts';
import { idKeyword as idKeywordOf, refHasSiblings } from '../vocabulary/index.ts';
import { createEntryNamer } from './nameEntries.ts';
import { stronglyConnectedComponents } from './stronglyConnectedComponents.ts';
import type { DocumentIndex } from './types.ts';

/** What {@link planOutput} decided: which refs stay, what goes into root `$defs`, in what order to build. */
export interface OutputPlan {
  /** `cutRef[u] === 1`: the `$ref` of unit u closes a cycle and stays a `$ref`. */
  cutRef: Uint8Array;
  /** `kept[u] === 1`: every use of unit u is a `$ref` (it lies on a cycle or breaks the budget). */
  kept: Uint8Array;
  /** `cyclic[u] === 1`: unit u is a `$defs` entry because it lies on a cycle. */
  cyclic: Uint8Array;
  /** Units emitted under the root `$defs`, sorted by name. */
  entries: number[];
  /** Name of each entry under `$defs`. */
  names: Map<number, string>;
  /** Reachable units in build order: every unit after the units it inlines. */
  order: number[];
  /** How many times each unit's body is taken besides where it stands: inlined, as entry, as root. */
  uses: Int32Array;
  /** Estimated compact bytes of the output. */
  bytes: number;
  /** Estimated depth of the output. */
  depth: number;
  /** Units visited by the size rounds (each pass over the build order counts its length). */
  work: number;
  /** Units kept as `$ref` for the budget, with their reason. */
  diagnostics: Diagnostic[];
}

/**
 * Buffers reused by every call: the one module-level state of the analysis, kept on purpose. The
 * plan's arrays are views of them, read before the next call starts (`analyseDocument` is done
 * with the plan when it returns). Allocating them per call made the analysis road 4% slower in
 * CPU time on the real corpus's cyclic variants (typed arrays past 64 bytes take an off-heap
 * store and count toward GC pressure; `bench/`, an A/B of both builds, 21 interleaved rounds).
 */
let sharedInts = new Int32Array(2048);
let sharedFlags = new Uint8Array(4096);
let sharedFloats = new Float64Array(3072);

/** Zeroed views of the shared buffers for a plan of `count` units (grown when too small). */
function scratch(count: number): { ints: Int32Array; flags: Uint8Array; floats: Float64Array } {
  if (sharedInts.length < count * 2) {
    sharedInts = new Int32Array(count * 4);
    sharedFlags = new Uint8Array(count * 8);
    sharedFloats = new Float64Array(count * 6);
  }
  const ints = sharedInts.subarray(0, count * 2);
  const flags = sharedFlags.subarray(0, count * 4);
  const floats = sharedFloats.subarray(0, count * 3);
  ints.fill(0);
  flags.fill(0);
  floats.fill(0);
  return { ints, flags, floats };
}

/**
 * Decides how the output is built, before anything is built: finds the cycles (strongly
 * connected components of the reference graph), computes every unit's inlined size and depth
 * bottom-up, and keeps a `$ref` for as few units as it takes to fit the budget (those with the
 * largest saving first). Deterministic: ties are broken by input pointer, never by key order.
 *
 * @param index The document index.
 * @param budget The bound on the output.
 * @param cycles `'throw'` to throw on a cycle instead of keeping it.
 * @returns The plan.
 */
export function planOutput(
  index: DocumentIndex,
  budget: Budget,
  cycles: 'ref' | 'throw',
): OutputPlan {
  const units = index.units;
  const count = units.length;
  const { ints, flags, floats } = scratch(count);
  const refUnit = ints.subarray(0, count).fill(-1);
  let refs = 0;
  for (const unit of units) {
    if (unit.ref?.target.kind === 'unit') {
      refUnit[unit.id] = unit.ref.target.unit;
      refs++;
    }
  }
  const cutRef = flags.subarray(0, count);
  const cycleEntry = flags.subarray(count, 2 * count);
  // Most documents have no cycle: one depth-first walk orders them, and only a walk that meets a
  // back edge pays for the strongly connected components.
  let walked = refs > 0 ? buildOrder(index, refUnit, cutRef, [0]) : treeOrder(index);
  if (walked === undefined) {
    const adjacency = units.map((unit) => {
      const target = refUnit[unit.id]!;
      return target === -1 ? unit.children : [...unit.children, target];
    });
    const component = stronglyConnectedComponents(count, (node) => adjacency[node]!, [0]);
    for (let unit = 0; unit < count; unit++) {
      const target = refUnit[unit]!;
      if (component[unit] !== -1 && target !== -1 && component[unit] === component[target]) {
        cutRef[unit] = 1;
        cycleEntry[target] = 1;
      }
    }
  }
  const cycleEntries = sortByPointer(index, indicesOf(cycleEntry));
  if (cycles === 'throw' && cycleEntries.length > 0) {
    const where = cycleEntries.map((unit) => `#${units[unit]!.pointer}`).join(', ');
    throw new ToolSchemaError(
      'cycle',
      `The schema is recursive (through ${where}); it cannot be inlined without $ref.`,
      units[cycleEntries[0]!]!.pointer,
    );
  }

  walked ??= buildOrder(index, refUnit, cutRef, [0, ...cycleEntries]);
  if (walked === undefined) {
    throw new Error('toolschema: a cycle is left after cutting every reference inside a cycle');
  }
  const order: number[] = walked;
  // Every use of a definition on a cycle is a `$ref`, also from outside the cycle: inlining the
  // entry point once would look friendlier, but a second pass over the output would inline one
  // more level each time (behind a proxy, or when a server already uses toolschema).
  const kept = flags.subarray(2 * count, 3 * count);
  kept.set(cycleEntry);
  const reason = new Map<number, string>();
  const size = floats.subarray(0, count);
  const depth = floats.subarray(count, 2 * count);
  const mult = floats.subarray(2 * count);

  const siblingsWrap = refHasSiblings(index.dialect);
  /**
   * What the estimate adds besides the units: the root's `$schema` and `$id` (emitted first),
   * the longer `definitions` spelling of every kept `$ref` in draft-07 and earlier, and each
   * kept name (estimated from its base name, with room for a `_2` suffix).
   */
  const rootExtra =
    index.units[0] === undefined
      ? 0
      : rootIdentityBytes(index.units[0].source, idKeywordOf(index.dialect));
  const defsExtra = siblingsWrap ? 0 : 'definitions'.length - '$defs'.length;
  const namer = createEntryNamer(index);
  const nameLength = new Int32Array(count).fill(-1);
  const refBytes = (unit: number): number => {
    if (nameLength[unit] === -1) nameLength[unit] = namer.baseName(unit).length + 3;
    return REF_BYTES + defsExtra + nameLength[unit]!;
  };
  const forwarders: number[] = [];
  /**
   * Containers a `$ref` target may be wrapped in: `allOf: [...]` beside any keyword it may
   * collide with (a chain of `$ref` plus one sibling nests two levels per link).
   */
  const wrapDepth = (unit: number): number =>
    siblingsWrap && (units[unit]!.entries.length > 0 || units[unit]!.ownBytes > 2) ? 2 : 0;

  // Depth first: cut every unit whose inlined depth would pass the bound (deepest part first).
  const maxDepth = Math.max(4, budget.depth - 2);
  // Without `$ref`s to inline, the output is the input: as deep and (at most) as big. Nothing
  // to measure unless the input itself is too deep.
  let inputDepth = 0;
  if (refs === 0) {
    for (const unit of order) {
      const below = units[unit]!.depth + 1 + units[unit]!.dataDepth;
      if (below > inputDepth) inputDepth = below;
    }
  }
  const trivial = refs === 0 && inputDepth <= maxDepth;
  for (const unit of trivial ? [] : order) {
    let current = measure(unit);
    while (current > maxDepth) {
      const deepest = deepestPart(unit);
      if (deepest === -1) break;
      kept[deepest] = 1;
      reason.set(
        deepest,
        `inlined, it would nest the output deeper than ${countOf(budget.depth, 'level')}`,
      );
      for (let position = forwarders.length - 1; position >= 0; position--) {
        measure(forwarders[position]!);
      }
      current = measure(unit);
    }
  }

  // Then size: keep the units whose inlining costs the most until the output fits, one at a
  // time (each choice measured anew). Most documents need a few; a graph that explodes can need
  // thousands, and a pass over the graph per choice is quadratic: past SINGLE_ROUNDS choices,
  // every reused unit whose inlined size passes a threshold is kept in one bottom-up pass, the
  // threshold halving until the output fits (a few dozen passes whatever the graph).
  let work = 0;
  let bytes = trivial ? index.inputBytes + rootExtra : total();
  // The input bounds the output from above but also counts the definitions nothing points to,
  // which the output leaves out: over the budget, the output is measured before it is reported
  // as too large.
  if (trivial && bytes > budget.bytes) bytes = total();
  for (let round = 0; bytes > budget.bytes && round < SINGLE_ROUNDS; round++) {
    multiplicities();
    const best = bestCandidate();
    if (best === -1) break;
    keep(best, bytes);
    bytes = total();
  }
  // A pass keeps something only if some candidate is larger than the threshold; one that keeps
  // nothing changes no size and no multiplicity. So the threshold skips down to the largest
  // candidate, and the rounds stop when no unit is left to keep: once the input's reuse is gone
  // (5,000 definitions used once each), a few dozen empty passes over the graph made the plan
  // the slowest part of `dereference`.
  let stale = true;
  let largest = 0;
  for (
    let threshold = budget.bytes / 4;
    bytes > budget.bytes && threshold >= REF_BYTES;
    threshold /= 2
  ) {
    if (stale) {
      largest = multiplicities();
      stale = false;
    }
    if (largest === 0) break;
    if (largest <= threshold) continue;
    keepLarger(threshold, bytes);
    bytes = total();
    stale = true;
  }

  const entrySet = flags.subarray(3 * count);
  for (const unit of order) if (cycleEntry[unit] === 1 || kept[unit] === 1) entrySet[unit] = 1;
  const names = namer.name(indicesOf(entrySet));
  const entries = [...names.keys()].sort((a, b) => compare(names.get(a)!, names.get(b)!));

  const uses = ints.subarray(count);
  uses[0] = 1;
  for (const unit of entries) uses[unit]! += 1;
  for (const unit of order) {
    const target = refUnit[unit]!;
    if (target !== -1 && cutRef[unit] === 0 && kept[target] === 0) uses[target]! += 1;
  }

  const diagnostics: Diagnostic[] = [];
  for (const unit of [...reason.keys()].sort((a, b) => a - b)) {
    diagnostics.push({
      code: 'budget-ref-kept',
      pointer: units[unit]!.pointer,
      message: `Kept as $ref "#/${siblingsWrap ? '$defs' : 'definitions'}/${names.get(unit)}": ${reason.get(unit)}.`,
    });
  }
  if (bytes > budget.bytes) {
    diagnostics.push({
      code: 'budget-exceeded',
      pointer: '',
      message: `The output is about ${Math.round(bytes)} bytes, over the budget of ${budget.bytes}: nothing is left to keep as $ref (the input itself, or what stays, is that large).`,
    });
  }
  let rootDepth = trivial ? inputDepth : depth[0]!;
  for (const unit of entries) rootDepth = Math.max(rootDepth, depth[unit]! + 2);
  return {
    cutRef,
    kept,
    cyclic: cycleEntry,
    entries,
    names,
    order,
    uses,
    bytes,
    depth: rootDepth,
    work,
    diagnostics,
  };

  /** Keeps a unit as `$ref` for the size budget, with the reason. */
  function keep(unit: number, bytes: number): void {
    kept[unit] = 1;
    reason.set(
      unit,
      `inlined ${mult[unit]} times it would grow the output to about ${Math.round(bytes)} bytes, past the budget of ${budget.bytes}`,
    );
  }

  /** The unit whose `$ref` saves the most (ties: the first pointer), or -1. */
  function bestCandidate(): number {
    work += order.length;
    let best = -1;
    let bestSaving = 0;
    for (const unit of order) {
      if (unit === 0 || kept[unit] === 1 || mult[unit]! < 2) continue;
      const saving = (mult[unit]! - 1) * size[unit]! - mult[unit]! * REF_BYTES;
      if (
        saving > bestSaving ||
        (saving === bestSaving && best !== -1 && units[unit]!.pointer < units[best]!.pointer)
      ) {
        best = unit;
        bestSaving = saving;
      }
    }
    return best;
  }

  /**
   * One bottom-up pass: sizes each unit as `total` does and keeps every unit used more than once
   * whose inlined size passes `threshold` (its parents then count a `$ref` for it).
   */
  function keepLarger(threshold: number, bytes: number): void {
    work += order.length;
    for (const unit of order) {
      const unitBytes = measureSize(unit);
      if (unit !== 0 && kept[unit] === 0 && mult[unit]! >= 2 && unitBytes > threshold) {
        keep(unit, bytes);
      }
    }
  }

  /** Inlined depth of a unit from its parts (already measured), stored in `depth`. */
  function measure(unit: number): number {
    const { children, childDepth, dataDepth } = units[unit]!;
    let deepest = 1 + dataDepth;
    for (let position = 0; position < children.length; position++) {
      const child = children[position]!;
      const below = childDepth[position]! + (kept[child] === 1 ? 1 : depth[child]!);
      if (below > deepest) deepest = below;
    }
    const target = refUnit[unit]!;
    if (target !== -1 && cutRef[unit] === 0 && kept[target] === 0) {
      deepest = Math.max(deepest, wrapDepth(unit) + depth[target]!);
    }
    depth[unit] = deepest;
    return deepest;
  }

  /** The inlined part (child or target) that makes a unit deepest, or -1. */
  function deepestPart(unit: number): number {
    const { children, childDepth } = units[unit]!;
    let best = -1;
    let bestDepth = 1;
    for (let position = 0; position < children.length; position++) {
      const child = children[position]!;
      if (kept[child] === 1) continue;
      const below = childDepth[position]! + depth[child]!;
      if (below > bestDepth) {
        best = child;
        bestDepth = below;
      }
    }
    const target = refUnit[unit]!;
    if (
      target !== -1 &&
      cutRef[unit] === 0 &&
      kept[target] === 0 &&
      wrapDepth(unit) + depth[target]! > bestDepth
    ) {
      best = target;
    }
    // Prefer the definition over a bare `{ $ref }` that only forwards to it.
    forwarders.length = 0;
    while (best !== -1 && units[best]!.entries.length === 0) {
      const next = refUnit[best]!;
      if (next === -1 || cutRef[best] === 1 || kept[next] === 1) break;
      forwarders.push(best);
      best = next;
    }
    return best;
  }

  /** Inlined size of a unit from its parts (already sized), stored in `size`. */
  function measureSize(unit: number): number {
    const { children, ownBytes } = units[unit]!;
    let bytes = ownBytes;
    for (const child of children) bytes += kept[child] === 1 ? refBytes(child) : size[child]!;
    const target = refUnit[unit]!;
    if (target !== -1) {
      bytes +=
        cutRef[unit] === 1 || kept[target] === 1
          ? refBytes(target)
          : size[target]! + (wrapDepth(unit) > 0 ? ALL_OF_BYTES : 0);
    }
    size[unit] = bytes;
    return bytes;
  }

  /** Sizes bottom-up; returns the output's estimated bytes. */
  function total(): number {
    work += order.length;
    for (const unit of order) measureSize(unit);
    // The root once, and each kept unit once more under the root `$defs` (its name as key, a
    // comma), inside `"$defs":{}`.
    let sum = size[0]! + rootExtra;
    let anyKept = false;
    for (const unit of order) {
      if (kept[unit] === 1) {
        sum += size[unit]! + refBytes(unit) - REF_BYTES - defsExtra + 4;
        anyKept = true;
      }
    }
    return anyKept ? sum + DEFS_BYTES + defsExtra : sum;
  }

  /**
   * How many copies of each unit the output holds (needed only to choose what to keep). Returns
   * the inlined size (as `total` left it) of the largest unit `keepLarger` could keep, or 0.
   */
  function multiplicities(): number {
    work += order.length;
    mult.fill(0);
    mult[0] = 1;
    let largest = 0;
    for (let position = order.length - 1; position >= 0; position--) {
      const unit = order[position]!;
      if (kept[unit] === 1) mult[unit]! += 1;
      const times = mult[unit]!;
      if (times === 0) continue;
      // Every use of a unit comes before it in this walk: its count is final here.
      if (unit !== 0 && kept[unit] === 0 && times >= 2 && size[unit]! > largest) {
        largest = size[unit]!;
      }
      for (const child of units[unit]!.children) if (kept[child] === 0) mult[child]! += times;
      const target = refUnit[unit]!;
      if (target !== -1 && cutRef[unit] === 0 && kept[target] === 0) mult[target]! += times;
    }
    return largest;
  }
}

/**
 * Orders the reachable units so that each comes after every unit it inlines (a post-order of
 * the graph without the cut refs), or tells that the graph still has a cycle (`undefined`).
 */
function buildOrder(
  index: DocumentIndex,
  refUnit: Int32Array,
  cutRef: Uint8Array,
  roots: readonly number[],
): number[] | undefined {
  const units = index.units;
  const state = new Uint8Array(units.length);
  let cyclic = false;
  const order: number[] = [];
  const stack: number[] = [];
  for (const root of roots) {
    if (state[root] !== 0) continue;
    stack.push(root);
    while (stack.length > 0) {
      const unit = stack[stack.length - 1]!;
      if (state[unit] === 0) {
        state[unit] = 1;
        const children = units[unit]!.children;
        const target = cutRef[unit] === 1 ? -1 : refUnit[unit]!;
        if (target !== -1) visit(target);
        for (let position = children.length - 1; position >= 0; position--)
          visit(children[position]!);
        if (cyclic) return undefined;
      } else {
        stack.pop();
        if (state[unit] === 1) {
          state[unit] = 2;
          order.push(unit);
        }
      }
    }
  }
  return order;

  function visit(next: number): void {
    if (state[next] === 1) cyclic = true;
    else if (state[next] === 0) stack.push(next);
  }
}

/**
 * The build order of a document without references: its units form a tree discovered parent
 * first, so children come after their parent and the reverse order is a post-order. Units only
 * found under `$defs` (or other hidden keywords) are not reachable and are left out.
 */
function treeOrder(index: DocumentIndex): number[] {
  const units = index.units;
  const reachable = new Uint8Array(units.length);
  reachable[0] = 1;
  for (const unit of units) {
    if (reachable[unit.id] === 1) for (const child of unit.children) reachable[child] = 1;
  }
  const order: number[] = [];
  for (let unit = units.length - 1; unit >= 0; unit--) if (reachable[unit] === 1) order.push(unit);
  return order;
}

/** Bytes of `"$defs":{},` around the kept entries. */
const DEFS_BYTES = 11;

/** Size choices made one at a time before the plan keeps units in bulk (see {@link planOutput}). */
const SINGLE_ROUNDS = 32;

function indicesOf(flags: Uint8Array): number[] {
  const found: number[] = [];
  for (let unit = 0; unit < flags.length; unit++) if (flags[unit] === 1) found.push(unit);
  return found;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders units by depth, then pointer: independent of key order, cheap for deep pointers. */
function sortByPointer(index: DocumentIndex, unitIds: number[]): number[] {
  const units = index.units;
  return unitIds.sort(
    (a, b) => units[a]!.depth - units[b]!.depth || compare(units[a]!.pointer, units[b]!.pointer),
  );
}
