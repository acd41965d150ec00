import fc from 'fast-check';

/** Property names of generated tool schemas, some of them hostile to naive object code. */
const NAMES = [
  'id',
  'name',
  'tags',
  'kind',
  'meta',
  'items',
  '__proto__',
  'constructor',
  'a b',
  '$ref',
] as const;

/**
 * Arbitrary of tool input schemas shaped like what Zod, Valibot, ArkType and OpenAPI emit:
 * typed objects with optional, nullable and defaulted properties, enums and literal unions,
 * discriminated unions, records and open objects, arrays and tuples, intersections, string and
 * number bounds, formats and patterns, `{}`, recursion through `$defs`, and objects that judge
 * which keys they hold (`not: { required }`, `maxProperties`, `dependentRequired`).
 *
 * @returns The arbitrary (a 2020-12 document with an object root).
 */
export function toolSchema(): fc.Arbitrary<Record<string, unknown>> {
  return fc.gen().map((g) => {
    const defs: Record<string, unknown> = {};
    const recursive = g(fc.boolean);
    const node = (depth: number): unknown => {
      const kinds =
        depth >= 3
          ? ['scalar', 'scalar', 'enum', 'any', 'ref']
          : [
              'scalar',
              'scalar',
              'enum',
              'const-union',
              'nullable',
              'object',
              'object',
              'record',
              'open',
              'array',
              'tuple',
              'union',
              'allOf',
              'any',
              'ref',
              'typeArray',
            ];
      const kind = g(fc.constantFrom, ...kinds);
      switch (kind) {
        case 'scalar':
          return g(
            fc.constantFrom,
            { type: 'string' },
            { type: 'string', minLength: 1, maxLength: 5 },
            { type: 'string', format: 'date-time' },
            { type: 'string', format: 'uri' },
            { type: 'string', pattern: '^[a-z]+$' },
            { type: 'number' },
            { type: 'integer', minimum: 0, maximum: 10 },
            { type: 'number', exclusiveMinimum: 0 },
            { type: 'boolean' },
            { type: 'null' },
            { type: 'string', default: 'x', description: 'with a default' },
          );
        case 'enum':
          return g(
            fc.constantFrom,
            { enum: ['a', 'b'] },
            { type: 'string', enum: ['x'] },
            { enum: [1, 2, 3] },
            { enum: ['1', 1] },
            { enum: [true, 'true', null] },
            { const: 'fixed' },
            { const: 7 },
            { enum: [{ a: 1 }, 'a'] },
          );
        case 'const-union':
          return { anyOf: [{ const: 'a' }, { const: 'b' }, { const: 2 }] };
        case 'nullable':
          return { anyOf: [node(depth + 1), { type: 'null' }] };
        case 'object':
          return objectNode(depth);
        case 'record':
          return {
            type: 'object',
            additionalProperties: node(depth + 1),
            ...(g(fc.boolean) ? { propertyNames: { pattern: '^[a-z]+$' } } : {}),
          };
        case 'open':
          return {
            ...objectNode(depth),
            additionalProperties: g(fc.boolean) ? true : node(depth + 1),
          };
        case 'array':
          return {
            type: 'array',
            items: node(depth + 1),
            ...(g(fc.boolean) ? { minItems: 1, maxItems: 4 } : {}),
          };
        case 'tuple':
          return {
            type: 'array',
            prefixItems: [node(depth + 1), node(depth + 1)],
            ...(g(fc.boolean) ? { items: false, minItems: 2 } : {}),
          };
        case 'union':
          return unionOfObjects(depth);
        case 'allOf':
          return { allOf: [objectNode(depth), objectNode(depth)] };
        case 'any':
          return g(fc.constantFrom, {}, true, { description: 'anything' });
        case 'typeArray':
          return { type: ['string', 'number'], minimum: 1 };
        default: {
          if (!recursive) return { type: 'string' };
          defs.Tree = {
            type: 'object',
            properties: {
              label: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/Tree' } },
            },
            required: ['label'],
          };
          return { $ref: '#/$defs/Tree', description: 'a tree' };
        }
      }
    };
    /** Two objects, told apart by a `type` const or not, under `oneOf` or `anyOf`. */
    const unionOfObjects = (depth: number): Record<string, unknown> => {
      const discriminated = g(fc.boolean);
      const branches = [0, 1].map((index) => {
        const object = objectNode(depth) as {
          properties: Record<string, unknown>;
          required: string[];
        };
        if (discriminated) {
          object.properties = { type: { const: `t${index}` }, ...object.properties };
          object.required = ['type', ...object.required];
        }
        return object;
      });
      return { [g(fc.boolean) ? 'oneOf' : 'anyOf']: branches };
    };
    const objectNode = (depth: number): Record<string, unknown> => {
      const names = g(() =>
        fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }),
      );
      const properties: Record<string, unknown> = {};
      for (const name of names)
        Object.defineProperty(properties, name, {
          value: node(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      const required = names.filter(() => g(fc.boolean));
      const closed = g(fc.constantFrom, 'closed', 'closed', 'default');
      // Keywords that tell which keys an object holds, as hand-written tools use them: "not
      // both", at most one, a key that needs another.
      const [first, second] = names;
      const keys = g(fc.constantFrom, 'none', 'none', 'none', 'none', 'not-both', 'max', 'needs');
      return {
        type: 'object',
        properties,
        required,
        ...(closed === 'closed' ? { additionalProperties: false } : {}),
        ...(keys === 'not-both' && second !== undefined
          ? { not: { required: [first, second] } }
          : {}),
        ...(keys === 'max' ? { maxProperties: 1 } : {}),
        ...(keys === 'needs' && second !== undefined
          ? { dependentRequired: { [first as string]: [second] } }
          : {}),
      };
    };
    // Mostly an object; sometimes any node, sometimes a union of objects (which the profiles
    // that want an object root merge into one).
    const rootKind = g(fc.integer, { min: 0, max: 6 });
    const root =
      rootKind === 0
        ? (node(0) as Record<string, unknown>)
        : rootKind === 1
          ? unionOfObjects(0)
          : objectNode(0);
    const document: Record<string, unknown> =
      typeof root === 'object' && root !== null ? { ...root } : {};
    if (Object.keys(defs).length > 0) document.$defs = defs;
    return document;
  });
}

/**
 * Arbitrary of values a wire schema (a provider profile's output: `type`, `enum`, `anyOf`,
 * `nullable`, `properties`, `required`, `items`) accepts, mostly. JSON-encoded strings are
 * generated where the description says so. Callers still check each value with a validator.
 *
 * @param schema A wire schema.
 * @param depth How deep the value already is.
 * @returns The arbitrary.
 */
export function wireValue(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (schema === null || typeof schema !== 'object' || depth > 8)
    return fc.constantFrom(null, 1, 'a', {}, []);
  const s = schema as Record<string, unknown>;
  const options: fc.Arbitrary<unknown>[] = [];
  if (s.nullable === true) options.push(fc.constant(null));
  if (Array.isArray(s.anyOf)) {
    options.push(...s.anyOf.map((branch) => wireValue(branch, depth + 1)));
  } else if (Array.isArray(s.enum) && s.enum.length > 0) {
    options.push(fc.constantFrom(...s.enum));
  } else {
    const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : ['any'];
    for (const type of types) options.push(valueOfType(s, type as string, depth));
  }
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function valueOfType(
  s: Record<string, unknown>,
  type: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return typeof s.description === 'string' && s.description.includes('JSON-encoded')
        ? fc.oneof(
            fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
            fc.constantFrom('{"label":"x"}', '[1]', 'not json'),
          )
        : fc.constantFrom('', 'a', 'ab', 'abc', 'x y', '2024-01-01T00:00:00Z', 'https://a.b');
    case 'number':
      return fc.constantFrom(0, 1, 2, -1, 0.5, 7, 11);
    case 'integer':
      return fc.constantFrom(0, 1, 2, -1, 7, 11);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(wireValue(s.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      const names = Object.keys(properties);
      return fc
        .tuple(
          ...names.map((name) =>
            required.includes(name)
              ? wireValue(properties[name], depth + 1)
              : fc.option(wireValue(properties[name], depth + 1), { nil: undefined }),
          ),
        )
        .map((values) => {
          const object: Record<string, unknown> = {};
          names.forEach((name, index) => {
            if (values[index] !== undefined)
              Object.defineProperty(object, name, {
                value: values[index],
                enumerable: true,
                writable: true,
                configurable: true,
              });
          });
          return object;
        });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
