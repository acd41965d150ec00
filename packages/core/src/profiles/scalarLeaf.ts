import { isBooleanBound } from '../utils/exclusiveBounds.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import type { Depth, RewriteContext, Rewritten } from './context.ts';
import { countEnum, countWritten, MAX_SCHEMA_DEPTH } from './context.ts';
import { acceptedValue } from './describe.ts';
import { applicableKeywords, isAssertionKey } from './keywords.ts';
import type { LeafAction, LeafTable, LeafTables } from './leafTable.ts';
import { keepsAnnotation, type Recipe } from './recipe.ts';
import { RECIPES } from './recipes/index.ts';

type SchemaObject = Record<string, unknown>;

/**
 * Keys that steer the general rewrite of a scalar (a reference, a combinator, a `const`, OpenAPI's
 * `nullable`, `examples` joining the description). A string `enum` every provider takes as it is
 * (the other types' values depend on the recipe).
 */
const GENERAL_KEYS = ['$ref', 'allOf', 'anyOf', 'oneOf', 'const', 'enum', 'nullable', 'examples'];

/** Keywords whose value the recipe checks (a format list, a bound, a regex dialect). */
const CHECKED_KEYWORDS = new Set(['format', 'minItems', 'pattern']);

function compileLeafTable(recipe: Recipe, type: string): LeafTable {
  const actions = new Map<string, LeafAction>();
  const slots: string[] = [];
  for (const key of GENERAL_KEYS) actions.set(key, { kind: 'general' });
  for (const keyword of recipe.annotations) {
    actions.set(keyword, {
      kind: 'annotation',
      slot: slots.length,
      keyword,
    });
    slots.push(keyword);
  }
  for (const keyword of applicableKeywords(type)) {
    if (!recipe.keywords.has(keyword)) {
      // Refused: the general rewrite moves it into the description and reports it.
      actions.set(keyword, { kind: 'general' });
      continue;
    }
    actions.set(keyword, {
      kind: 'keyword',
      slot: slots.length,
      checked: CHECKED_KEYWORDS.has(keyword),
    });
    slots.push(keyword);
  }
  actions.set('type', { kind: 'type' });
  if (type === 'string') actions.set('enum', { kind: 'enum' });
  return { actions, slots };
}

/** Every recipe's leaf tables, compiled once (immutable afterwards). */
const LEAF_TABLES: ReadonlyMap<Recipe, LeafTables> = new Map(
  Object.values(RECIPES).map((recipe) => [
    recipe,
    {
      string: compileLeafTable(recipe, 'string'),
      number: compileLeafTable(recipe, 'number'),
      integer: compileLeafTable(recipe, 'integer'),
      boolean: compileLeafTable(recipe, 'boolean'),
    },
  ]),
);

/**
 * A recipe's leaf tables, looked up once per call (a rewrite's context holds them).
 *
 * @param recipe The profile's rules.
 * @returns Its tables (`undefined` for a recipe not among the profiles': no leaf path).
 */
export function leafTablesOf(recipe: Recipe): LeafTables | undefined {
  return LEAF_TABLES.get(recipe);
}

/** The leaf table for a `type`, if the type is a scalar one. */
function leafTable(tables: LeafTables | undefined, type: string): LeafTable | undefined {
  if (tables === undefined) return undefined;
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return tables[type];
    default:
      return undefined;
  }
}

/**
 * The rewrite of the commonest node, a scalar leaf (`{ type: "string", description }`, or with
 * an `enum` of strings), in one scan of its keys: the wire keeps its `type`, the recipe's
 * annotations and the keywords the recipe accepts (or the listed strings, other assertions
 * beside them left to the general rewrite), in that order, as the general rewrite writes them.
 * Where the leaf already has exactly those keys in that order it is its own wire (the
 * self-contained schema is this call's own, and no rewrite writes into a leaf's wire); inside an
 * unrolled cycle, where the same node stands at many places, it is copied.
 *
 * @param schema A schema object of the self-contained schema (or one a rewrite built).
 * @param context The call's state.
 * @returns The rewritten leaf, or `undefined` when the node needs the general rewrite (no scalar
 *   `type`, a combinator, a non-string value listed, a refused keyword...).
 */
export function rewriteScalarLeaf(
  schema: SchemaObject,
  context: RewriteContext,
): Rewritten | undefined {
  const wire = scalarLeafWire(schema, context);
  if (wire === undefined) return undefined;
  return { wire, codec: null, passive: true, acceptsNull: false, original: schema };
}

/**
 * The wire of a scalar leaf (see {@link rewriteScalarLeaf}: its rewrite is always this wire, no
 * codec, refusing `null`), without the result object around it: an object's properties are
 * mostly such leaves, and it reads the wire alone.
 *
 * @param schema A schema object of the self-contained schema (or one a rewrite built).
 * @param context The call's state.
 * @returns The leaf's wire, or `undefined` when the node needs the general rewrite.
 */
function scalarLeafWire(schema: SchemaObject, context: RewriteContext): SchemaObject | undefined {
  // Read where a scan of the keys stands (nearly always the first): asked by name, on leaves of
  // many shapes, the load missed V8's cache of property lookups and went to the runtime.
  let type: unknown;
  for (const key in schema) {
    if (key === 'type') {
      type = schema[key];
      break;
    }
  }
  if (typeof type !== 'string') return undefined;
  const table = leafTable(context.leafTables, type);
  if (table === undefined) return undefined;
  let values: unknown[] | undefined;
  let listed: unknown[] | undefined;
  // Whether the node's keys are the wire's, in the wire's order.
  let same = true;
  let lastSlot = -1;
  let first = true;
  // Keywords the wire keeps, and keys that may assert something the wire leaves out.
  let kept = false;
  let unread = false;
  for (const key in schema) {
    const isFirst = first;
    first = false;
    // Every leaf has a `type`, the same in every table: known without a lookup.
    if (key === 'type') {
      same &&= isFirst;
      continue;
    }
    const action = table.actions.get(key);
    if (action === undefined) {
      same = false;
      unread ||= isAssertionKey(key);
      continue;
    }
    if (action.kind === 'general') return undefined;
    if (action.kind === 'type') {
      same &&= isFirst;
      continue;
    }
    let value = schema[key];
    if (action.kind === 'enum') {
      if (!isStringList(value)) return undefined;
      listed = value;
      same &&= lastSlot < table.slots.length;
      lastSlot = table.slots.length;
      continue;
    }
    if (action.kind === 'annotation') {
      if (!keepsAnnotation(action.keyword, value)) {
        same = false;
        continue;
      }
    } else if (isBooleanBound(key, value)) {
      return undefined;
    } else if (action.checked) {
      // A value the provider refuses is described by the general rewrite; one written in
      // another form (a pattern) makes a new wire.
      const accepted = acceptedValue(key, value, context);
      if (accepted === undefined) return undefined;
      if (accepted !== value) {
        same = false;
        value = accepted;
      }
      kept = true;
    } else {
      kept = true;
    }
    same &&= action.slot > lastSlot;
    lastSlot = action.slot;
    values ??= new Array<unknown>(table.slots.length);
    values[action.slot] = value;
  }
  // Beside listed values, other assertions are described: the general rewrite does that.
  if (listed !== undefined && (kept || unread)) return undefined;
  let wire = schema;
  if (!same || context.unrolling > 0) {
    wire = writeLeaf(type, table.slots, values);
    if (listed !== undefined) wire.enum = listed;
  }
  if (listed !== undefined) countEnum(context, listed);
  return wire;
}

/**
 * The rewrite of a scalar leaf standing at a position, as the walk gives it, without the walk's
 * other steps or the position's pointer (built only where a rewrite reports): the properties of
 * an object are mostly such leaves.
 *
 * @param input The schema at the position.
 * @param depth How deep the position stands.
 * @param context The call's state.
 * @returns The rewritten leaf (counted as written), or `undefined` where the walk is needed.
 */
export function rewriteLeafAt(
  input: unknown,
  depth: Depth,
  context: RewriteContext,
): Rewritten | undefined {
  const wire = leafWireAt(input, depth, context);
  if (wire === undefined) return undefined;
  return { wire, codec: null, passive: true, acceptsNull: false, original: input };
}

/**
 * The wire of a scalar leaf standing at a position (see {@link rewriteLeafAt}), counted as
 * written: its rewrite is this wire, no codec, refusing `null` (what an object reads of it).
 *
 * @param input The schema at the position.
 * @param depth How deep the position stands.
 * @param context The call's state.
 * @returns The leaf's wire, or `undefined` where the walk is needed.
 */
export function leafWireAt(
  input: unknown,
  depth: Depth,
  context: RewriteContext,
): SchemaObject | undefined {
  if (!isPlainObject(input) || depth.schemas > MAX_SCHEMA_DEPTH) return undefined;
  const wire = scalarLeafWire(input, context);
  if (wire !== undefined) countWritten(context);
  return wire;
}

/** A non-empty list of strings: values every provider lists as they are. */
function isStringList(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')
  );
}

/** A new leaf wire `{ type, ...slots }`, keys in slot order. */
function writeLeaf(
  type: string,
  slots: readonly string[],
  values: readonly unknown[] | undefined,
): SchemaObject {
  const wire: SchemaObject = { type };
  if (values === undefined) return wire;
  for (let slot = 0; slot < slots.length; slot++) {
    if (Object.hasOwn(values, slot)) wire[slots[slot]!] = values[slot];
  }
  return wire;
}
