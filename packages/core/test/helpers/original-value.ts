import fc from 'fast-check';
import { parsePointerFragment, resolvePointer } from '../../src/utils/pointer.ts';
import { putOwn } from './union-fixtures.ts';

type Schema = Record<string, unknown>;

/** How deep {@link originalValue} follows a schema (and `$ref`s) before it draws any value. */
const MAX_DEPTH = 7;

/**
 * How many schema positions {@link originalValue} builds an arbitrary for, at most; past them it
 * draws any value. The arbitrary is built eagerly, every union branch and every `$ref` followed to
 * {@link MAX_DEPTH}: a wide recursive document (a config schema of hundreds of properties) made
 * hundreds of millions of them before drawing one value.
 */
const MAX_POSITIONS = 20_000;

/** Values of any type, some of them what a neighbouring property would refuse. */
const ANY = fc.constantFrom<unknown>(null, 5, 'm', true, [1], {}, { a: 1 });

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Arbitrary of values drawn from a JSON Schema as it is written (a tool's input schema, `$ref`s
 * followed inside it): one branch of each union with its siblings, the listed values, each
 * type's keywords loosely; and where an object takes keys it does not list, a name the document
 * lists elsewhere, holding any value. That last one is the value a union's other branch may
 * claim: Notion's `parent` as `{ database_id, page_id: 5 }`. Many values are not accepted:
 * callers keep those the original validator accepts.
 *
 * @param root The schema (a document: `$ref`s resolve against it).
 * @returns The arbitrary.
 */
export function originalValue(root: unknown): fc.Arbitrary<unknown> {
  const names = new Set<string>();
  const collect = (node: unknown, depth: number): void => {
    if (depth > 12 || node === null || typeof node !== 'object' || names.size >= 24) return;
    if (Array.isArray(node)) {
      for (const item of node) collect(item, depth + 1);
      return;
    }
    const properties = (node as Schema).properties;
    if (isSchema(properties)) for (const name of Object.keys(properties)) names.add(name);
    for (const value of Object.values(node)) collect(value, depth + 1);
  };
  collect(root, 0);
  const known = [...names];

  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#')) return undefined;
    const tokens = parsePointerFragment(ref.slice(1));
    if (tokens === undefined) return undefined;
    const found = resolvePointer(root, tokens);
    return found.found ? found.value : undefined;
  };

  let positions = 0;
  const value = (schema: unknown, depth: number, rivals: string[] = []): fc.Arbitrary<unknown> => {
    if (schema === true || depth > MAX_DEPTH || ++positions > MAX_POSITIONS) return ANY;
    if (!isSchema(schema)) return fc.constant(null);
    if (typeof schema.$ref === 'string') {
      const { $ref, ...rest } = schema;
      const target = resolve($ref);
      return isSchema(target) ? value(merge(rest, target), depth + 1) : ANY;
    }
    if (Object.hasOwn(schema, 'const')) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
      return fc.constantFrom(...schema.enum);
    const union = Array.isArray(schema.anyOf) ? schema.anyOf : schema.oneOf;
    if (Array.isArray(union) && union.length > 0) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
      // The names the other branches list: a value of this branch may hold one.
      const listedBy = union.map((branch) =>
        isSchema(branch) && isSchema(branch.properties) ? Object.keys(branch.properties) : [],
      );
      return fc.oneof(
        ...union.map((branch, index) =>
          value(
            merge(rest, branch),
            depth + 1,
            listedBy.flatMap((names, other) => (other === index ? [] : names)),
          ),
        ),
      );
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      const { allOf, ...rest } = schema;
      return value(
        allOf.reduce<Schema>((merged, part) => merge(merged, part), rest),
        depth + 1,
      );
    }
    const types = Array.isArray(schema.type)
      ? (schema.type as unknown[])
      : typeof schema.type === 'string'
        ? [schema.type]
        : isSchema(schema.properties) || Object.hasOwn(schema, 'additionalProperties')
          ? ['object']
          : Object.hasOwn(schema, 'items')
            ? ['array']
            : [];
    if (types.length === 0) return ANY;
    return fc.oneof(...types.map((type) => valueOfType(schema, String(type), depth, rivals)));
  };

  const valueOfType = (
    schema: Schema,
    type: string,
    depth: number,
    rivals: string[],
  ): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return fc.constantFrom(
          '',
          'a',
          'abc',
          '2024-01-01',
          '2024-01-01T00:00:00Z',
          'https://a.b',
          '123e4567-e89b-12d3-a456-426614174000',
        );
      case 'integer':
        return fc.constantFrom(0, 1, -1, 7, 100, ...numberBounds(schema).filter(Number.isInteger));
      case 'number':
        return fc.constantFrom(0, 1, -1, 0.5, 100, ...numberBounds(schema));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
        const items = schema.items === undefined ? true : schema.items;
        const least = typeof schema.minItems === 'number' ? Math.min(schema.minItems, 3) : 0;
        return fc
          .tuple(
            fc.tuple(...prefix.map((each) => value(each, depth + 1))),
            fc.array(value(items, depth + 1), { minLength: least, maxLength: least + 2 }),
          )
          .map(([head, tail]) => [...head, ...(items === false ? [] : tail)]);
      }
      case 'object':
        return objectValue(schema, depth, rivals);
      default:
        return ANY;
    }
  };

  const objectValue = (schema: Schema, depth: number, rivals: string[]): fc.Arbitrary<unknown> => {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const listed = Object.keys(properties);
    const additional = schema.additionalProperties;
    const open = additional !== false && schema.patternProperties === undefined;
    const unlisted = (name: string) => !Object.hasOwn(properties, name);
    // Mostly a name a rival branch lists, where there is one.
    const rival = rivals.filter(unlisted);
    const others = [...rival, ...rival, ...rival, ...known.filter(unlisted)];
    const extra: fc.Arbitrary<[string, unknown] | undefined> =
      open && (others.length > 0 || isSchema(additional))
        ? fc.option(
            fc.tuple(
              others.length > 0 ? fc.constantFrom(...others) : fc.constant('extra'),
              isSchema(additional) ? value(additional, depth + 1) : ANY,
            ),
            { nil: undefined, freq: 2 },
          )
        : fc.constant(undefined);
    return fc
      .tuple(
        fc.tuple(
          ...listed.map((name) =>
            required.includes(name)
              ? value(properties[name], depth + 1)
              : fc.option(value(properties[name], depth + 1), { nil: undefined }),
          ),
        ),
        extra,
      )
      .map(([values, other]) => {
        const object: Schema = {};
        listed.forEach((name, index) => {
          if (values[index] !== undefined) putOwn(object, name, values[index]);
        });
        if (other !== undefined && !Object.hasOwn(object, other[0]))
          putOwn(object, other[0], other[1]);
        return object;
      });
  };

  return value(root, 0);
}

/** The bounds a number schema states, as values to try. */
function numberBounds(schema: Schema): number[] {
  return ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']
    .map((keyword) => schema[keyword])
    .filter((bound): bound is number => typeof bound === 'number');
}

/** Two schemas' keywords in one (a union's siblings beside a branch): properties and required joined. */
function merge(left: Schema, right: unknown): Schema {
  if (!isSchema(right)) return left;
  const merged: Schema = { ...left, ...right };
  if (isSchema(left.properties) && isSchema(right.properties))
    merged.properties = { ...left.properties, ...right.properties };
  if (Array.isArray(left.required) && Array.isArray(right.required))
    merged.required = [...new Set([...left.required, ...right.required])];
  return merged;
}
