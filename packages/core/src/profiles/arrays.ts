import type { CodecNode } from '../types/index.ts';
import { deepEqual } from '../utils/deepEqual.ts';
import type { Depth, Place, Rewritten } from './context.ts';
import { report } from './context.ts';
import { wantsContainer } from './decoder.ts';
import { guardTypesOf } from './guards.ts';
import { rewriteLeafAt } from './scalarLeaf.ts';
import { typedWire } from './typedWire.ts';

type SchemaObject = Record<string, unknown>;

/** Array keywords the rewrite handles itself. */
export const ARRAY_STRUCTURE = new Set(['items', 'prefixItems', 'additionalItems']);

/**
 * Rewrites an array schema: its items, and a tuple (`prefixItems`, or `items` as an array in
 * draft-07) either kept or, where the recipe asks, written as `items: { anyOf }` with the bounds
 * the tuple implies (positions are then checked by the validator only).
 *
 * @param place The position: original schema, wire annotations, pointer, depth, state.
 * @returns The rewritten position (before the keyword filter).
 */
export function rewriteArray(place: Place): Rewritten {
  const { schema, annotations, context, pointer, depth } = place;
  const inner: Depth = { schemas: depth.schemas + 1, objects: depth.objects };
  const tupleKeyword = Array.isArray(schema.items) ? 'items' : 'prefixItems';
  const prefix = Array.isArray(schema.items)
    ? (schema.items as unknown[])
    : Array.isArray(schema.prefixItems)
      ? (schema.prefixItems as unknown[])
      : [];
  const restKeyword = Array.isArray(schema.items) ? 'additionalItems' : 'items';
  // A tuple whose `maxItems` ends within its positions has no items past them (Pydantic's
  // `tuple[float, float]` lists `minItems`/`maxItems: 2` and no `items`): the rest schema judges
  // nothing, so the wire gives no branch for it (a JSON-string branch a model might fill).
  const rest =
    prefix.length > 0 && typeof schema.maxItems === 'number' && schema.maxItems <= prefix.length
      ? false
      : (schema[restKeyword] ?? true);
  const wire = typedWire('array', annotations);
  if (prefix.length === 0) {
    const items =
      rewriteLeafAt(rest, inner, context) ??
      context.rewrite(rest, `${pointer}/${restKeyword}`, inner);
    wire.items = items.wire;
    if (rest === false) wire.maxItems = 0;
    return {
      wire,
      codec: { kind: 'array', items: items.codec },
      passive: items.passive,
      acceptsNull: false,
      original: schema,
    };
  }
  const positions = prefix.map((item, index) =>
    context.rewrite(item, `${pointer}/${tupleKeyword}/${index}`, inner),
  );
  const tail =
    rest === false ? undefined : context.rewrite(rest, `${pointer}/${restKeyword}`, inner);
  const codec: CodecNode = {
    kind: 'tuple',
    prefix: positions.map((position) => position.codec),
    items: tail?.codec ?? null,
  };
  const passive = positions.every((position) => position.passive) && (tail?.passive ?? true);
  if (!context.recipe.tuplesAsItems) {
    wire.prefixItems = positions.map((position) => position.wire);
    wire.items = tail === undefined ? false : tail.wire;
    return { wire, codec, passive, acceptsNull: false, original: schema };
  }
  const options: SchemaObject[] = [];
  for (const option of [...positions, ...(tail === undefined ? [] : [tail])]) {
    if (!options.some((known) => deepEqual(known, option.wire))) options.push(option.wire);
  }
  wire.items = options.length === 1 ? options[0] : { anyOf: options };
  // Merged, the positions take a string where any of them does. Where a position's original
  // takes one too (a typeless schema sent as the object its keywords constrain), a string there
  // is a value: its codec passes strings through, so `repair` does not parse them as JSON.
  if (options.some(acceptsString)) {
    codec.prefix = codec.prefix.map((node, index) =>
      node !== null && wantsContainer(node) && takesString(prefix[index])
        ? stringsAsThey(node)
        : node,
    );
  }
  if (tail === undefined) {
    const max =
      typeof schema.maxItems === 'number'
        ? Math.min(schema.maxItems, prefix.length)
        : prefix.length;
    wire.maxItems = max;
  }
  report(
    context,
    'profile-tuple',
    pointer,
    'This tuple became an array whose items may be any of its positions; the validator checks each position.',
  );
  return { wire, codec, passive, acceptsNull: false, original: schema };
}

/** Whether a wire schema may accept a string (its types name one, or it names none). */
function acceptsString(schema: SchemaObject): boolean {
  return guardTypesOf(schema)?.includes('string') ?? true;
}

/** Whether an original position may accept a string (a `$ref` or a typeless schema may). */
function takesString(schema: unknown): boolean {
  return schema === true || guardTypesOf(schema)?.includes('string') !== false;
}

/** A codec that passes a string through as it came and maps anything else with `node`. */
function stringsAsThey(node: Exclude<CodecNode, null>): CodecNode {
  return {
    kind: 'union',
    branches: [
      { wire: { types: ['string'] }, original: { types: ['string'] }, codec: null },
      { wire: {}, original: {}, codec: node },
    ],
  };
}
