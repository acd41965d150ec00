import { type OlderShape, olderDataShape, olderSubschemaShape } from '../profiles/olderShapes.ts';
import { type BudgetLimits, budgetFor, maxDataDepthFor } from '../resolveOptions/index.ts';
import type { Diagnostic, Dialect } from '../types/index.ts';
import { cloneJson, setOwn, setOwnAt } from '../utils/cloneJson.ts';
import { copyMeasured, createCopyMeasure } from '../utils/copyMeasured.ts';
import { annotationRefDropped, byPointer } from '../utils/diagnostics.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import {
  ALL_OF_BYTES,
  BOOLEAN_SCHEMA_BYTES,
  containerBytes,
  keyBytes,
  rootIdentityBytes,
  scalarBytes,
} from '../utils/jsonBytes.ts';
import { MAX_DEPTH, MAX_UNITS } from '../utils/limits.ts';
import { MAX_ARRAY_ITEMS } from '../utils/measureJson.ts';
import { annotateReference, mergeReference } from '../utils/mergeReference.ts';
import { escapePointerToken, isPointerFragment, parsePointerFragment } from '../utils/pointer.ts';
import { DEFAULT_BASE_URI, resolveUri } from '../utils/uri.ts';
import {
  needsValidatorRewrite,
  validatorKeywordFlag,
  writeKeywordsValidatorsCompile,
} from '../utils/validatorKeywords.ts';
import { forEachSubschema, subschemaPointer } from '../visitSchemas/index.ts';
import {
  carriedReference,
  definitionContainer,
  idKeyword as idKeywordOf,
  isAnnotation,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from '../vocabulary/index.ts';
import { followSchemaPointer } from './followSchemaPointer.ts';

type SchemaObject = Record<string, unknown>;
type Holder = SchemaObject | unknown[];

/** A `$ref` target met during the walk: one per target object. */
interface Target {
  /** The target schema (a boolean, or an object of the input). */
  value: SchemaObject | boolean;
  /** It is an entry of the root `$defs`/`definitions`: no other target or root part overlaps it. */
  definition: boolean;
  /** It was expanded at least once (its first expansion counts toward the input size). */
  expanded: boolean;
  /** It is being expanded: a `$ref` to it now closes a cycle. */
  active: boolean;
}

/**
 * Work items of the walk, kept in parallel arrays indexed by a stack pointer (no object per item).
 * Each has a `meta` number: its kind (2 bits), its flags ({@link COUNTING}, {@link HAS_ENTRIES},
 * {@link FIRST}; 3 bits) and the estimated output depth where it stands, as the plan measures
 * it (the rest, from {@link DEPTH_SHIFT}).
 * - `WALK`: emit the input schema object `source` into `out`, the empty object already standing
 *   at `holder[key]`;
 * - `LINK`: apply the `$ref` (`source`) of the object emitted into `out` once its subschemas are
 *   done;
 * - `MERGE`: merge the expanded target (`source.value`) with the keywords beside its `$ref`
 *   (`out`) and put the result at `holder[key]`.
 */
const WALK = 0;
const LINK = 1;
const MERGE = 2;
/** Its bytes count toward the input size (the root, or a definition's first expansion). */
const COUNTING = 1;
/** The object holds subschema keywords: an inlined target may need `allOf` beside them. */
const HAS_ENTRIES = 2;
/** Its bytes count as read: the root, or any target's first expansion. */
const FIRST = 4;
const DEPTH_SHIFT = 5;
/**
 * The walk also gives up once its output outgrows what it has read this many times (and is
 * past {@link WALK_MIN_BYTES}): reuse dominates, and the analysis sizes it before copying
 * anything, where the walk would copy up to the budget first.
 */
const WALK_GROWTH = 20;
const WALK_MIN_BYTES = 16 * 1024;

/** What {@link tryInlineAcyclic} gives: the output root, its diagnostics, and what it holds. */
export interface InlinedDocument {
  schema: unknown;
  diagnostics: Diagnostic[];
  /**
   * The {@link OlderShape}s the output's keywords hold (0: none), which a lenient profile would
   * otherwise find by walking the output once more.
   */
  olderShapes: number;
}

/**
 * Dereferences a document in one walk that copies the output while it follows each `$ref`:
 * the common case of a document whose references form no cycle and whose inlined output fits
 * the budget. The result is the one the full analysis would emit, object for object and key for
 * key. It gives up (`undefined`) on anything that needs the analysis or a diagnostic: a cycle, a
 * budget or depth cut, a `$ref` that is not a local JSON Pointer, an `$id` below the root or an
 * anchor, a `$dynamicRef` anywhere the index would look, an invalid subschema, a keyword beside
 * a draft-07 `$ref`, or an output that grows past {@link WALK_GROWTH} times what it has read.
 * Its diagnostics are the analysis's about one keyword: `annotation-ref-dropped`, for a keyword
 * no dialect defines whose value holds a `$ref` (left out), and those of the keywords validators
 * refuse (`writeKeywordsValidatorsCompile`), each reported where it stands.
 * Giving up costs at most the walk so far: the size is checked as it grows.
 *
 * @param root The input document (an object).
 * @param dialect The dialect in force.
 * @param limits The resolved budget options.
 * @param foreignPatterns What to do with a `pattern` that has no ECMA-262 `u` form.
 * @param notesOlderShapes Whether to note the {@link OlderShape}s the output holds (a test per
 *   key: only a caller that reads them pays for it).
 * @returns The output root, its diagnostics about single keywords and the older shapes it holds
 *   (0 unless noted), or `undefined` when the
 *   full analysis is needed.
 */
export function tryInlineAcyclic(
  root: SchemaObject,
  dialect: Dialect,
  limits: BudgetLimits,
  foreignPatterns: 'keep' | 'drop' = 'keep',
  notesOlderShapes = false,
): InlinedDocument | undefined {
  try {
    return walkDocument(root, dialect, limits, foreignPatterns, notesOlderShapes);
  } catch {
    // A JavaScript cycle or a bigint in data, a getter that throws, a revoked Proxy: the full
    // analysis reports it its own way, with the pointer where it stands.
    return undefined;
  }
}

function walkDocument(
  root: SchemaObject,
  dialect: Dialect,
  limits: BudgetLimits,
  foreignPatterns: 'keep' | 'drop',
  notesOlderShapes: boolean,
): InlinedDocument | undefined {
  const siblingsApply = refHasSiblings(dialect);
  const idKeyword = idKeywordOf(dialect);
  const byRef = new Map<string, Target>();
  const byObject = new Map<object, Target>();
  // The walk reads keys with `for…in` (no key array per object): only own keys then, as long as
  // no prototype adds enumerable ones. An environment that polluted `Object.prototype` gets the
  // analysis, which reads `Object.keys`.
  for (const _ in Object.prototype) return undefined;
  const rootTarget: Target = { value: root, definition: false, expanded: true, active: true };
  byObject.set(root, rootTarget);
  /** Definition maps met in the walk: never emitted, but scanned for what the index would see. */
  const definitionMaps = new Set<SchemaObject>();
  /** Root keywords no dialect defines that a `$ref` pointed into: dropped from the output. */
  const containers = new Set<string>();
  /**
   * Diagnostics about one keyword of an input object (one no dialect defines whose value holds a
   * `$ref`, left out; one validators refuse, written anew): per input object, each keyword with
   * its diagnostic, pointer still empty. Reported at the end, once their places are known.
   */
  let held: Map<SchemaObject, [keyword: string, diagnostic: Diagnostic][]> | undefined;
  /** The {@link OlderShape}s of every keyword emitted (with `notesOlderShapes`; else 0). */
  let olderShapes = 0;

  const budget = budgetFor(limits, 0);
  const largestBudget = budgetFor(limits, Number.MAX_SAFE_INTEGER).bytes;
  const maxDepth = Math.max(4, budget.depth - 2);
  const maxDataDepth = maxDataDepthFor(budget.depth);
  let limit = Math.min(budget.bytes, WALK_MIN_BYTES);
  /** The plan's estimate of the output bytes (the same per-object measure as the index). */
  let outputBytes = rootIdentityBytes(root, idKeyword);
  /** A lower bound of the index's input bytes: the root and each root definition, once. */
  let inputBytes = 0;
  /** Bytes of the root and of every target's first expansion (these may overlap). */
  let readBytes = 0;
  let objects = 0;
  const measure = createCopyMeasure();

  /** Per item: its kind, its flags (shifted by 2) and its depth (shifted by DEPTH_SHIFT). */
  const metas: number[] = [];
  const sources: unknown[] = [];
  const outs: SchemaObject[] = [];
  const holders: Holder[] = [];
  const keys: (string | number)[] = [];
  let size = 0;
  /** Targets being expanded, with the stack position of their walk: below it, they are done. */
  const expanding: Target[] = [];
  const expandingAt: number[] = [];
  const top: { value: unknown } = { value: {} };
  push(WALK | ((COUNTING | FIRST) << 2), root, top.value as SchemaObject, top, 'value');
  while (size > 0) {
    size--;
    while (expanding.length > 0 && expandingAt[expandingAt.length - 1]! > size) {
      expandingAt.pop();
      expanding.pop()!.active = false;
    }
    const meta = metas[size]!;
    const kind = meta & 3;
    if (kind === WALK) {
      if (!walk(sources[size] as SchemaObject, outs[size]!, holders[size]!, keys[size]!, meta)) {
        return undefined;
      }
    } else if (kind === LINK) {
      if (!link(sources[size] as string, outs[size]!, holders[size]!, keys[size]!, meta, false)) {
        return undefined;
      }
    } else {
      const cell = sources[size] as { value: unknown };
      setOwnAt(holders[size]!, keys[size]!, merge(outs[size]!, cell.value));
    }
  }
  if (!fits() || !scanDefinitions()) return undefined;
  const diagnostics = held === undefined ? [] : placeHeldDiagnostics(held);
  if (diagnostics === undefined) return undefined;

  let schema = top.value;
  // As the analysis does: nothing points into them any more.
  for (const key of containers) delete (schema as SchemaObject)[key];
  // As the full emit does: the root keeps its `$schema` and its `$id` (not beside a draft-07
  // `$ref`), first.
  const id = root[idKeyword];
  const keepsId =
    typeof id === 'string' &&
    (siblingsApply || !(typeof root.$ref === 'string' && Object.hasOwn(root, '$ref')));
  if (schema !== null && typeof schema === 'object' && (root.$schema !== undefined || keepsId)) {
    const out: SchemaObject = {};
    if (root.$schema !== undefined) out.$schema = cloneJson(root.$schema);
    if (keepsId) {
      out[idKeyword] = id;
      if (notesOlderShapes) olderShapes |= olderDataShape(idKeyword, id);
    }
    for (const key of Object.keys(schema)) setOwn(out, key, (schema as SchemaObject)[key]);
    schema = out;
  }
  return { schema, diagnostics, olderShapes };

  function push(
    meta: number,
    source: unknown,
    out: SchemaObject,
    holder: Holder,
    key: string | number,
  ): number {
    metas[size] = meta;
    sources[size] = source;
    outs[size] = out;
    holders[size] = holder;
    keys[size] = key;
    return size++;
  }

  function merge(siblings: SchemaObject, target: unknown): unknown {
    return siblingsApply ? mergeReference(siblings, target) : annotateReference(siblings, target);
  }

  /** Emits one schema object's own keywords and queues its subschemas and its `$ref`. */
  function walk(
    source: SchemaObject,
    out: SchemaObject,
    holder: Holder,
    slotKey: string | number,
    meta: number,
  ): boolean {
    if (++objects > MAX_UNITS) return false;
    const depth = meta >>> DEPTH_SHIFT;
    const countFlag = (meta >>> 2) & (COUNTING | FIRST);
    /** A child's meta, but for the containers between it and this object (added per child). */
    const childMeta = WALK | (countFlag << 2) | (depth << DEPTH_SHIFT);
    // draft-07 and earlier: `$ref` replaces the whole object, siblings included, so it must be
    // known before the other keywords. Later dialects find it in the loop (one lookup fewer).
    const dropsSiblings =
      !siblingsApply && typeof source.$ref === 'string' && Object.hasOwn(source, '$ref');
    const firstChild = size;
    let ref: string | undefined;
    let hasEntries = false;
    let bytes = 0;
    let slotBytes = 0;
    let emitted = 0;
    let dataDepth = 0;
    /** Whether {@link writeKeywordsValidatorsCompile} may have to write a keyword anew. */
    let validatorFlags = 0;
    /** The {@link OlderShape}s of its keywords (a local: a store per key into the walk's scope cost more). */
    let older = 0;
    if (!hasPlainPrototype(source)) return false;
    for (const key in source) {
      const value = source[key];
      const kind = keywordKind(key);
      const dollar = key.charCodeAt(0) === 36; /* $ */
      if (kind === KeywordKind.Data && !dollar && key !== idKeyword && !dropsSiblings) {
        const type = typeof value;
        if (type === 'string' || type === 'number' || type === 'boolean' || value === null) {
          // The output byte measure (`jsonBytes`), as the index takes it: same budget decision.
          const size = scalarBytes(value);
          // `NaN` or an infinity: the index reports it.
          if (size < 0) return false;
          bytes += keyBytes(key) + size;
          if (key === '__proto__') setOwn(out, key, value);
          else out[key] = value;
          validatorFlags |= validatorKeywordFlag(key, value);
          if (notesOlderShapes) older |= olderDataShape(key, value);
          emitted++;
          continue;
        }
      }
      if (key === '$ref') {
        if (typeof value !== 'string') return false;
        ref = value;
        continue;
      }
      if (kind === KeywordKind.Definitions) {
        if (isPlainObject(value)) {
          definitionMaps.add(value);
          hasEntries = true;
        }
        continue;
      }
      if (key === '$schema') continue;
      // The root's own `$id` names the document: local pointers still resolve from the root.
      if (key === idKeyword && source === root && typeof value === 'string') {
        if (!isRootIdentity(value)) return false;
        continue;
      }
      // Identity and dynamic scope change how references resolve: the index handles them.
      if (dollar ? key !== '$comment' : key === idKeyword) return false;
      // draft-07 and earlier: keywords beside `$ref` are dropped with a diagnostic.
      if (dropsSiblings && !isAnnotation(key)) return false;
      if (
        kind === KeywordKind.Schema ||
        (kind === KeywordKind.SchemaOrArray && !Array.isArray(value))
      ) {
        hasEntries = true;
        if (typeof value === 'boolean') {
          slotBytes += BOOLEAN_SCHEMA_BYTES;
          out[key] = value;
        } else if (isPlainObject(value)) {
          const child: SchemaObject = {};
          out[key] = child;
          push(childMeta + (1 << DEPTH_SHIFT), value, child, out, key);
        } else {
          return false;
        }
      } else if (
        (kind === KeywordKind.SchemaArray || kind === KeywordKind.SchemaOrArray) &&
        Array.isArray(value)
      ) {
        // Too long to walk: the analysis refuses it.
        if (value.length > MAX_ARRAY_ITEMS) return false;
        hasEntries = true;
        if (notesOlderShapes) older |= olderSubschemaShape(kind, value);
        const items = new Array(value.length);
        out[key] = items;
        bytes += containerBytes(value.length);
        for (let item = 0; item < value.length; item++) {
          const each: unknown = value[item];
          if (typeof each === 'boolean') {
            slotBytes += BOOLEAN_SCHEMA_BYTES;
            items[item] = each;
          } else if (isPlainObject(each)) {
            const child: SchemaObject = {};
            items[item] = child;
            push(childMeta + (2 << DEPTH_SHIFT), each, child, items, item);
          } else {
            return false;
          }
        }
      } else if (
        (kind === KeywordKind.SchemaMap || kind === KeywordKind.SchemaOrDataMap) &&
        isPlainObject(value)
      ) {
        hasEntries = true;
        if (notesOlderShapes) older |= olderSubschemaShape(kind, value);
        const map: SchemaObject = {};
        out[key] = map;
        let names = 0;
        if (!hasPlainPrototype(value)) return false;
        for (const name in value) {
          const each = value[name];
          if (each === undefined) continue;
          names++;
          bytes += keyBytes(name);
          let copy: unknown;
          if (kind === KeywordKind.SchemaOrDataMap && Array.isArray(each)) {
            copy = copyMeasured(each, Math.min(maxDepth, maxDataDepth), measure);
            if (copy === undefined) return false;
            slotBytes += measure.bytes;
          } else if (typeof each === 'boolean') {
            slotBytes += BOOLEAN_SCHEMA_BYTES;
            copy = each;
          } else if (isPlainObject(each)) {
            copy = {};
            push(childMeta + (2 << DEPTH_SHIFT), each, copy as SchemaObject, map, name);
          } else {
            return false;
          }
          if (name === '__proto__') setOwn(map, name, copy);
          else map[name] = copy;
        }
        bytes += containerBytes(names);
      } else {
        const type = typeof value;
        if (type === 'undefined' || type === 'function' || type === 'symbol') continue;
        const copy = copyMeasured(value, Math.min(maxDepth - depth - 1, maxDataDepth), measure);
        if (copy === undefined) return false;
        bytes += measure.bytes;
        // Many keys that share one large value: stop before the object alone passes any budget.
        if (bytes > largestBudget) return false;
        if (measure.depth > dataDepth) dataDepth = measure.depth;
        const carried = carriedReference(key, copy, measure.ref);
        if (carried !== undefined) {
          // Left out, but measured as if emitted, as the analysis does.
          if (held === undefined) held = new Map();
          holdDiagnostic(held, source, key, annotationRefDropped(key, '', carried));
        } else {
          if (key === '__proto__') setOwn(out, key, copy);
          else out[key] = copy;
          validatorFlags |= validatorKeywordFlag(key, copy);
          if (notesOlderShapes) older |= olderDataShape(key, copy);
        }
      }
      bytes += keyBytes(key);
      emitted++;
    }
    bytes += slotBytes + containerBytes(emitted);
    // Most objects have no flag, and most with one (`nullable` beside a `type`) need nothing.
    if (validatorFlags !== 0) rewriteForValidators(out, source, validatorFlags);
    if (older !== 0) olderShapes |= older;
    outputBytes += bytes;
    if ((countFlag & COUNTING) !== 0) inputBytes += bytes;
    if ((countFlag & FIRST) !== 0) readBytes += bytes;
    if (depth + 1 + dataDepth > maxDepth || (outputBytes > limit && !fits())) return false;
    // The `$ref` is applied once the subschemas beside it are finished, as the full emit does:
    // its work item goes below theirs.
    if (ref !== undefined) {
      // Any keyword beside the `$ref` may collide with its target's: then `allOf` wraps it.
      const linkMeta = LINK | (meta & ~3) | (hasEntries || emitted > 0 ? HAS_ENTRIES << 2 : 0);
      // Nothing beside the `$ref` (the common case): its target is emitted right into `out`.
      if (emitted === 0) return link(ref, out, holder, slotKey, linkMeta, true);
      if (size === firstChild) push(linkMeta, ref, out, holder, slotKey);
      else insertBelow(firstChild, linkMeta, ref, out, holder, slotKey);
    }
    return true;
  }

  /**
   * Writes what validators refuse in an object's output in the form they compile, holding the
   * diagnostics to report once the object's place is known.
   */
  function rewriteForValidators(out: SchemaObject, source: SchemaObject, flags: number): void {
    if (!needsValidatorRewrite(flags, out)) return;
    const findings = writeKeywordsValidatorsCompile(out, dialect, foreignPatterns);
    if (findings === undefined) return;
    if (held === undefined) held = new Map();
    for (const { code, keyword, message } of findings)
      holdDiagnostic(held, source, keyword, { code, pointer: '', message });
  }

  /** Puts a work item at `at`, below the items pushed since (few: a `$ref`'s siblings). */
  function insertBelow(
    at: number,
    meta: number,
    source: unknown,
    out: SchemaObject,
    holder: Holder,
    key: string | number,
  ): void {
    for (let item = size; item > at; item--) {
      metas[item] = metas[item - 1]!;
      sources[item] = sources[item - 1];
      outs[item] = outs[item - 1]!;
      holders[item] = holders[item - 1]!;
      keys[item] = keys[item - 1]!;
    }
    size++;
    metas[at] = meta;
    sources[at] = source;
    outs[at] = out;
    holders[at] = holder;
    keys[at] = key;
  }

  /**
   * Expands a `$ref` in place: queues the walk of a fresh copy of its target, emitted right into
   * `out` when nothing stands beside the `$ref` (`alone`), else into a cell merged with `out`
   * afterwards.
   */
  function link(
    ref: string,
    out: SchemaObject,
    holder: Holder,
    key: string | number,
    meta: number,
    alone: boolean,
  ): boolean {
    const target = resolve(ref);
    if (target === undefined || target.active) return false;
    if (typeof target.value === 'boolean') {
      setOwnAt(holder, key, merge(out, target.value));
      return true;
    }
    const wrap = siblingsApply && ((meta >>> 2) & HAS_ENTRIES) !== 0 ? 2 : 0;
    if (wrap > 0) outputBytes += ALL_OF_BYTES;
    const flags = target.expanded ? 0 : target.definition ? COUNTING | FIRST : FIRST;
    const walkMeta = WALK | (flags << 2) | (((meta >>> DEPTH_SHIFT) + wrap) << DEPTH_SHIFT);
    target.expanded = true;
    target.active = true;
    if (alone) {
      expanding.push(target);
      expandingAt.push(push(walkMeta, target.value, out, holder, key));
    } else {
      const cell = { value: {} as unknown };
      push(MERGE, cell, out, holder, key);
      expanding.push(target);
      expandingAt.push(push(walkMeta, target.value, cell.value as SchemaObject, cell, 'value'));
    }
    return true;
  }

  /** Whether the estimated output still fits the budget the input read so far allows. */
  function fits(): boolean {
    if (outputBytes <= limit) return true;
    limit = Math.min(
      budgetFor(limits, inputBytes).bytes,
      Math.max(WALK_MIN_BYTES, WALK_GROWTH * readBytes),
    );
    return outputBytes <= limit;
  }

  /**
   * Resolves a local JSON Pointer `$ref` the way the index does: through the subschema keywords
   * of each schema object on the way, then through raw JSON where the pointer leaves them.
   */
  function resolve(ref: string): Target | undefined {
    const known = byRef.get(ref);
    if (known !== undefined) return known;
    if (ref.charCodeAt(0) !== 35 /* # */) return undefined;
    const tokens = pointerTokens(ref);
    if (tokens === undefined) return undefined;
    const found = followSchemaPointer(root, tokens, dialect);
    if (found === undefined) return undefined;
    const container = definitionContainer(ref);
    if (container !== undefined) containers.add(container);
    let target = typeof found.value === 'object' ? byObject.get(found.value) : undefined;
    if (target === undefined) {
      target = { value: found.value, definition: found.definition, expanded: false, active: false };
      if (typeof found.value === 'object') byObject.set(found.value, target);
    }
    byRef.set(ref, target);
    return target;
  }

  /**
   * The diagnostics held per input object (`annotation-ref-dropped`, and those of keywords
   * validators refuse), at their places in the input, as the analysis reports them: one per place
   * a walked object stands (the root, each expanded target at its `$ref`'s pointer, and their
   * subschemas), in pointer order; none for a root container of definitions, which goes anyway. Searched only when such a keyword was met.
   * Gives up on an object met at two places (a JavaScript object used twice): the analysis
   * reads places, not objects.
   */
  function placeHeldDiagnostics(
    holders: Map<SchemaObject, [keyword: string, diagnostic: Diagnostic][]>,
  ): Diagnostic[] | undefined {
    const pending: [unknown, string][] = [[root, '']];
    for (const [ref, target] of byRef) {
      if (!target.expanded) continue;
      let pointer = '';
      for (const token of pointerTokens(ref)!) pointer += `/${escapePointerToken(token)}`;
      pending.push([target.value, pointer]);
    }
    const placed = new Map<object, string>();
    const found: Diagnostic[] = [];
    let holdersPlaced = 0;
    while (pending.length > 0) {
      const [schema, pointer] = pending.pop()!;
      if (!isPlainObject(schema)) continue;
      const known = placed.get(schema);
      if (known !== undefined) {
        if (known !== pointer) return undefined;
        continue;
      }
      placed.set(schema, pointer);
      const held = holders.get(schema);
      if (held !== undefined) {
        holdersPlaced++;
        for (const [keyword, diagnostic] of held) {
          if (schema === root && containers.has(keyword)) continue;
          found.push({ ...diagnostic, pointer: `${pointer}/${escapePointerToken(keyword)}` });
        }
      }
      // Definitions are placed through the `$ref`s that expanded them (above), not where they sit.
      forEachSubschema(schema, (container, key, keyword) => {
        if (keywordKind(keyword) === KeywordKind.Definitions) return;
        const at = subschemaPointer(pointer, schema, container, key, keyword);
        pending.push([(container as SchemaObject)[key as string], at]);
      });
    }
    // Each walked object stands at one of these places: else the analysis knows better.
    return holdersPlaced === holders.size ? found.sort(byPointer) : undefined;
  }

  /**
   * The index also reads every definition nothing here expanded, and the targets of their
   * `$ref`s: a `$dynamicRef` there makes it keep the whole document, an `$id` can change how a
   * pointer resolves. Scans them (no copy) and gives up on either.
   */
  function scanDefinitions(): boolean {
    const seen = new Set<object>();
    const pending: [SchemaObject, number][] = [];
    const queue = (value: unknown, depth: number): void => {
      if (!isPlainObject(value) || seen.has(value)) return;
      if (byObject.get(value)?.expanded === true) return;
      seen.add(value);
      pending.push([value, depth]);
    };
    for (const map of definitionMaps) for (const name of Object.keys(map)) queue(map[name], 1);
    while (pending.length > 0) {
      const [schema, depth] = pending.pop()!;
      if (++objects > MAX_UNITS || depth > MAX_DEPTH) return false;
      for (const key of Object.keys(schema)) {
        const value = schema[key];
        if (key === '$ref') {
          if (typeof value !== 'string') continue;
          if (value.charCodeAt(0) !== 35 /* # */) return false;
          // An anchor names a schema the index already holds; a pointer may reach a new one.
          if (!isPointerFragment(value.slice(1))) continue;
          const target = resolve(value);
          if (target === undefined) return false;
          queue(target.value, depth + 1);
          continue;
        }
        if (key === idKeyword || key.charCodeAt(0) === 36 /* $ */) {
          if (key !== '$schema' && key !== '$comment' && keywordKind(key) === KeywordKind.Data) {
            return false;
          }
        }
        const kind = keywordKind(key);
        if (kind === KeywordKind.Data) continue;
        // What the index reads here, as a subschema or beside a draft-07 `$ref`: arrays of
        // schemas under any schema keyword, one schema, or a map of schemas.
        if (Array.isArray(value)) {
          for (const item of value) queue(item, depth + 1);
        } else if (kind === KeywordKind.Schema || kind === KeywordKind.SchemaOrArray) {
          queue(value, depth + 1);
        } else if (isPlainObject(value)) {
          for (const name of Object.keys(value)) queue(value[name], depth + 1);
        }
      }
    }
    return true;
  }
}

/**
 * Notes a diagnostic about one keyword of an input object, once however often the object is
 * walked. Not a closure in the walk's loop: one there makes every iteration allocate a scope.
 */
function holdDiagnostic(
  holders: Map<SchemaObject, [keyword: string, diagnostic: Diagnostic][]>,
  source: SchemaObject,
  keyword: string,
  diagnostic: Diagnostic,
): void {
  const held = holders.get(source);
  if (held === undefined) {
    holders.set(source, [[keyword, diagnostic]]);
    return;
  }
  for (const [each] of held) if (each === keyword) return;
  held.push([keyword, diagnostic]);
}

/**
 * Whether a root `$id` is one the index takes without a diagnostic: an anchor (`#name`) or a
 * URI reference that resolves against the default base.
 */
function isRootIdentity(id: string): boolean {
  return id.startsWith('#') || resolveUri(id, DEFAULT_BASE_URI) !== undefined;
}

/** Whether `for…in` over a value lists its own keys only (given a clean `Object.prototype`). */
function hasPlainPrototype(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Parsed `#/…` references, kept across calls: the documents of one API repeat the same few
 * hundred. Module-level on purpose (strings and token lists only, bounded in count and length, so
 * input strings kept alive stay small): parsing per call made the walk 6% slower in CPU time on
 * the real corpus (`bench/`, an A/B of both builds, 21 interleaved rounds).
 */
const parsedPointers = new Map<string, readonly string[] | null>();
const PARSED_POINTERS_LIMIT = 4096;
const PARSED_POINTER_MAX_LENGTH = 256;

/** The JSON Pointer tokens of a `#…` reference, or `undefined` when its fragment is not one. */
function pointerTokens(ref: string): readonly string[] | undefined {
  let tokens = parsedPointers.get(ref);
  if (tokens === undefined) {
    const fragment = ref.slice(1);
    tokens = isPointerFragment(fragment) ? (parsePointerFragment(fragment) ?? null) : null;
    if (ref.length <= PARSED_POINTER_MAX_LENGTH) {
      if (parsedPointers.size >= PARSED_POINTERS_LIMIT) parsedPointers.clear();
      parsedPointers.set(ref, tokens);
    }
  }
  return tokens ?? undefined;
}
