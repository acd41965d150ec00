import fc from 'fast-check';
import { putOwn } from './union-fixtures.ts';

type Schema = Record<string, unknown>;

/** A generated tool schema and values drawn from it (most of them accepted: callers check). */
export interface SchemaWithValues {
  /** A 2020-12 document with an object root. */
  schema: Schema;
  /** Values built along the schema's own shape. */
  values: unknown[];
}

/** Property names of the generated objects: unions tell branches apart by them. */
const KEYS = ['a', 'b', 'kind', '__proto__'] as const;

/** Scalar and list leaves: overlapping types, listed values beside `null` and a `default`. */
const LEAVES: readonly Schema[] = [
  { type: 'string' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'null' },
  { const: 'a' },
  { const: 1 },
  { enum: ['a', 'b'] },
  { enum: ['a', 1, null] },
  { type: 'string', enum: ['a', 'b', null] },
  { type: ['string', 'null'], enum: ['a', null], default: 'a' },
  { type: ['string', 'null'], default: null },
  { type: 'array', items: { type: 'string' } },
  { type: 'array', items: { type: ['integer', 'null'] } },
];

/**
 * Arbitrary of tool schemas where a profile must tell values apart, each with values drawn from
 * it: unions (`anyOf`, and `oneOf` whose branches overlap) of objects that differ by their keys,
 * closed, open or open to a schema, beside scalars of overlapping types; `null` beside `enum`
 * and `default`; a record beside properties; recursion through arrays. The round-trip law's
 * random instances are seldom accepted by such schemas: these values are, mostly.
 *
 * @returns The arbitrary.
 */
export function unionSchema(): fc.Arbitrary<SchemaWithValues> {
  return fc.gen().map((g) => {
    const pick = <T>(...options: T[]): T => g(fc.constantFrom, ...options);
    /** How to build a value of each generated schema (replayed through `g`, so it shrinks). */
    const makers = new Map<unknown, () => unknown>();
    const draw = (schema: unknown): unknown => (makers.get(schema) ?? (() => null))();
    const made = <T extends Schema>(schema: T, make: () => unknown): T => {
      makers.set(schema, make);
      return schema;
    };
    const defs: Schema = {};

    const leaf = (): Schema => {
      const schema = structuredClone(pick(...LEAVES));
      return made(schema, () => {
        if (Object.hasOwn(schema, 'const')) return schema.const;
        if (Array.isArray(schema.enum)) return pick(...(schema.enum as unknown[]));
        const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
        switch (pick(...types)) {
          case 'string':
            return pick('', 'a', 'b', 'x y', '{"a":1}');
          case 'integer':
            return pick(0, 1, -2, 7);
          case 'number':
            return pick(0, 1.5, -2, 7);
          case 'boolean':
            return pick(true, false);
          case 'null':
            return null;
          default:
            return pick([], ['a'], ['a', 'b'], [1, null], [null]);
        }
      });
    };

    const object = (depth: number): Schema => {
      const names = g(() => fc.subarray([...KEYS], { minLength: 1, maxLength: 3 }));
      const properties: Schema = {};
      for (const name of names) {
        const tag = name === 'kind' && pick(true, false) ? pick('x', 'y', 'z') : undefined;
        putOwn(
          properties,
          name,
          tag === undefined ? node(depth + 1) : made({ const: tag }, () => tag),
        );
      }
      const required = names.filter(() => pick(true, false));
      const additional = pick<unknown>(undefined, false, false, true, { type: 'string' });
      const schema: Schema = { type: 'object', properties, required };
      if (additional !== undefined) schema.additionalProperties = additional;
      else if (pick(false, false, true)) schema.patternProperties = { '^x-': { type: 'integer' } };
      return made(schema, () => {
        const value: Schema = {};
        for (const name of names) {
          if (required.includes(name) || pick(true, false))
            putOwn(value, name, draw(properties[name]));
        }
        if (additional !== false && pick(false, false, true)) {
          value['x-more'] = typeof additional === 'object' ? 'm' : pick<unknown>(1, 'm');
        }
        // A name another branch may list, holding what that branch may refuse: where this object
        // takes unknown keys, the value is still this branch's (Notion's `parent` as
        // `{ database_id, page_id: 5 }`), though the other branch's guard may match it.
        const unlisted = KEYS.filter((name) => !names.includes(name));
        if (additional !== false && unlisted.length > 0 && pick(false, false, true)) {
          const name = pick(...unlisted);
          const other = typeof additional === 'object' ? 'm' : pick<unknown>(5, 'm', null, [1], {});
          if (additional !== undefined || schema.patternProperties === undefined)
            putOwn(value, name, other);
        }
        return value;
      });
    };

    const node = (depth: number): unknown => {
      const kind =
        depth >= 3
          ? pick('leaf', 'leaf', 'tree')
          : pick('leaf', 'objects', 'objects', 'leaves', 'nullable', 'record', 'tree', 'array');
      switch (kind) {
        case 'objects':
        case 'leaves': {
          const branches = Array.from({ length: pick(2, 2, 3) }, () =>
            kind === 'objects' && pick(true, true, false) ? object(depth) : leaf(),
          );
          const schema: Schema = { [pick('anyOf', 'anyOf', 'oneOf')]: branches };
          if (pick(false, false, true)) schema.default = null;
          return made(schema, () => draw(pick(...branches)));
        }
        case 'nullable': {
          const inner = pick(true, false) ? leaf() : object(depth);
          const schema: Schema = { anyOf: [inner, { type: 'null' }] };
          if (pick(true, false)) schema.default = null;
          return made(schema, () => (pick(true, false, false) ? null : draw(inner)));
        }
        case 'record': {
          const values = node(depth + 1);
          const name = made({ type: 'string' }, () => pick('s', 't'));
          const schema = { type: 'object', properties: { a: name }, additionalProperties: values };
          return made(schema, () => {
            const value: Schema = {};
            if (pick(true, false)) value.a = draw(name);
            for (const key of g(() => fc.subarray(['k', 'l', 'b']))) value[key] = draw(values);
            return value;
          });
        }
        case 'array': {
          const items = node(depth + 1);
          return made({ type: 'array', items }, () =>
            Array.from({ length: pick(0, 1, 2) }, () => draw(items)),
          );
        }
        case 'tree': {
          const tree = recursive();
          return made({ $ref: '#/$defs/Node' }, () => tree(0));
        }
        default:
          return leaf();
      }
    };

    /** The recursive definition, made on first use; its values nest at most three levels. */
    let treeValue: ((level: number) => unknown) | undefined;
    function recursive(): (level: number) => unknown {
      if (treeValue !== undefined) return treeValue;
      const label = leaf();
      defs.Node = {
        type: 'object',
        properties: { label, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        required: ['label'],
        ...(pick(true, false) ? { additionalProperties: false } : {}),
      };
      const tree = (level: number): unknown => ({
        label: draw(label),
        ...(level < 2 && pick(true, false)
          ? { children: Array.from({ length: pick(0, 1, 2) }, () => tree(level + 1)) }
          : {}),
      });
      treeValue = tree;
      return tree;
    }

    const root = object(0);
    const values = Array.from({ length: 6 }, () => draw(root));
    const schema: Schema = { ...root };
    if (Object.keys(defs).length > 0) schema.$defs = defs;
    return { schema, values };
  });
}
