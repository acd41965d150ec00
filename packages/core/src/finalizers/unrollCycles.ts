import type { Budget } from '../resolveOptions/index.ts';
import type { Diagnostic } from '../types/index.ts';
import { cloneTree } from '../utils/cloneJson.ts';
import { countOf } from '../utils/countOf.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { type JsonMeasure, measureJson } from '../utils/measureJson.ts';
import { mergeReference } from '../utils/mergeReference.ts';
import { forEachSubschema, visitSchemas } from '../visitSchemas/index.ts';
import type { Finalizer } from './types.ts';

type SchemaObject = Record<string, unknown>;

/**
 * `cycles: { unroll: n }`: unrolls the cycles the road kept as `$ref` (see {@link unrollCycles}).
 * Nothing to do for other modes, or when no cycle was kept.
 *
 * @param schema The output so far.
 * @param context The call's context.
 * @returns The output with its cycles unrolled.
 */
export const unrollCyclesFinalizer: Finalizer = (schema, context) => {
  const { options, cycles, diagnostics } = context;
  if (options.cycles !== 'unroll' || cycles === undefined || !isPlainObject(schema)) return schema;
  return unrollCycles(
    schema,
    cycles.defsKeyword,
    cycles.names,
    options.unrollLevels,
    { bytes: cycles.maxBytes, depth: cycles.maxDepth },
    diagnostics,
  );
};

/**
 * Replaces the `$ref`s into root `$defs` that close cycles by copies of their targets, `levels`
 * deep, then by a permissive schema (with a `cycle-unrolled` diagnostic): for clients that
 * accept no `$ref` at all. Only refs to the given entries are unrolled; entries nothing refers
 * to any more are removed. Works on the pass's own output, without recursion.
 *
 * @param root The output root (owned; rewritten in place).
 * @param defsKeyword Where the entries live (`$defs` or `definitions`).
 * @param cyclic Names of the entries that lie on cycles.
 * @param levels How many times a cycle is inlined before it is cut.
 * @param budget Size and depth bound: fewer levels are unrolled when copies would pass either.
 * @param diagnostics Where cuts are reported.
 * @returns The rewritten root.
 */
export function unrollCycles(
  root: SchemaObject,
  defsKeyword: string,
  cyclic: ReadonlySet<string>,
  levels: number,
  budget: Budget,
  diagnostics: Diagnostic[],
): SchemaObject {
  const defs = root[defsKeyword] as SchemaObject | undefined;
  if (defs === undefined || cyclic.size === 0) return root;
  const prefix = `#/${defsKeyword}/`;
  delete root[defsKeyword];
  const bodies = new Map<string, SchemaObject>();
  for (const name of cyclic) bodies.set(name, defs[name] as SchemaObject);

  const depth = fittingLevels(bodies, prefix, levels, budget, measureJson(root));
  if (depth < levels) {
    diagnostics.push({
      code: 'cycle-unrolled',
      pointer: '',
      message: `Cycles were unrolled ${countOf(depth, 'level')} instead of ${levels}: more would pass the budget of ${budget.bytes} bytes and ${budget.depth} levels.`,
    });
  }
  const cut = new Set<string>();
  // Work items: a schema position (parent container + key) and how many levels are left.
  const work: [SchemaObject | unknown[], string | number, number][] = [];
  const wrapper: SchemaObject = { root };
  work.push([wrapper, 'root', depth]);
  while (work.length > 0) {
    const [parent, key, left] = work.pop()!;
    const schema = (parent as SchemaObject)[key as string];
    if (schema === null || typeof schema !== 'object') continue;
    const node = schema as SchemaObject;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith(prefix) && cyclic.has(ref.slice(prefix.length))) {
      const name = ref.slice(prefix.length);
      delete node.$ref;
      if (left > 0) {
        (parent as SchemaObject)[key as string] = mergeReference(
          node,
          cloneTree(bodies.get(name)!),
        );
        // Visit the merged schema again: the target may itself be a `$ref` into the cycle.
        work.push([parent, key, left - 1]);
        continue;
      }
      cut.add(name);
    }
    pushChildren(node, left);
  }
  for (const name of [...cut].sort()) {
    diagnostics.push({
      code: 'cycle-unrolled',
      pointer: '',
      message: `The recursion through "${name}" was inlined ${countOf(depth, 'level')} deep, then replaced by a permissive schema.`,
    });
  }
  const rest: SchemaObject = {};
  for (const name of Object.keys(defs)) if (!cyclic.has(name)) rest[name] = defs[name];
  const result = wrapper.root as SchemaObject;
  if (Object.keys(rest).length > 0) result[defsKeyword] = rest;
  return result;

  function pushChildren(node: SchemaObject, left: number): void {
    forEachSubschema(node, (container, key) => work.push([container, key, left]));
  }
}

/**
 * The largest number of levels (≤ `levels`) whose copies fit the size bound and the depth bound.
 * Each level nests at most one body deeper (a `$ref` inside a body, plus the `allOf` a merge may
 * add), so the depth of `n` levels is at most the root's plus `n` times that.
 */
function fittingLevels(
  bodies: Map<string, SchemaObject>,
  prefix: string,
  levels: number,
  budget: Budget,
  root: JsonMeasure,
): number {
  const size = new Map<string, number>();
  const refs = new Map<string, string[]>();
  let deepestBody = 0;
  for (const [name, body] of bodies) {
    const measure = measureJson(body);
    size.set(name, measure.bytes);
    deepestBody = Math.max(deepestBody, measure.depth + 2);
    // Only `$ref`s in schema positions: one inside `default` or `const` is data.
    const found: string[] = [];
    visitSchemas(body, (node) => {
      const ref = node.$ref;
      if (
        typeof ref === 'string' &&
        ref.startsWith(prefix) &&
        bodies.has(ref.slice(prefix.length))
      ) {
        found.push(ref.slice(prefix.length));
      }
    });
    refs.set(name, found);
  }
  let previous = new Map<string, number>();
  for (const name of bodies.keys()) previous.set(name, 2);
  let best = 0;
  for (let level = 1; level <= levels; level++) {
    const next = new Map<string, number>();
    let worst = 0;
    for (const name of bodies.keys()) {
      let bytes = size.get(name)!;
      for (const target of refs.get(name)!) bytes += previous.get(target)!;
      next.set(name, bytes);
      worst = Math.max(worst, bytes);
    }
    if (root.bytes + worst * 4 > budget.bytes) break;
    if (root.depth + level * deepestBody > budget.depth) break;
    best = level;
    previous = next;
  }
  return best;
}
