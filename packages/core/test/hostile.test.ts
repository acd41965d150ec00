/**
 * Hostile inputs for `dereference`: reuse that explodes, deep nesting, long definition chains,
 * recursion, dangling and external references, prototype keys, `$ref`-looking data, malformed
 * containers and JavaScript object graphs that JSON cannot hold. Each test asserts a concrete
 * property of the result, not just that nothing threw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dereference, type JsonSchema, ToolSchemaError, toProviderSchema } from '../src/index.ts';
// The documented default of `budget.maxDepth`: the output never nests deeper.
import { DEFAULT_MAX_DEPTH } from '../src/resolveOptions/index.ts';
import { compileFresh } from './helpers/ajv.ts';
import {
  countSharedObjects,
  danglingRefs,
  firstJsonDifference,
  isObject,
  listRefs,
  resolveLocalRef,
} from './helpers/schema-refs.ts';

/**
 * Measures the nesting depth of a JSON value (objects and arrays) without recursion.
 *
 * @param value The value.
 * @returns 0 for a primitive, 1 for a flat object or array, and so on.
 */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return deepest;
}

/**
 * Validates instances with Ajv 2020 against the input and the output and returns the instances on
 * which they disagree.
 *
 * @param input The input schema.
 * @param output The output of `dereference`.
 * @param instances The instances.
 * @returns The disagreements (empty when Ajv agrees on every instance).
 */
function ajvDisagreements(
  input: unknown,
  output: unknown,
  instances: readonly unknown[],
): Array<{ instance: unknown; input: boolean; output: boolean }> {
  // Without `inlineRefs`, Ajv compiles each definition once instead of copying it at every use.
  const reference = compileFresh('2020-12', input, { inlineRefs: false });
  const result = compileFresh('2020-12', output, { inlineRefs: false });
  if ('error' in reference) throw reference.error;
  if ('error' in result) throw result.error;
  return instances
    .map((instance) => ({
      instance,
      input: reference.validate(instance) as boolean,
      output: result.validate(instance) as boolean,
    }))
    .filter((outcome) => outcome.input !== outcome.output);
}

/**
 * Follows one keyword path through an output schema, through `$ref`s into its root `$defs`,
 * without recursion, and records what stands beside the path at each level.
 *
 * @param root The output schema.
 * @param step The keyword path to enter at each level, e.g. `['items']` or `['properties', 'a']`.
 * @returns How many levels were entered, the distinct shapes of the levels (each level's schema
 *   without the path keyword, plus the keys of the keyword's value) and the schema at the end.
 */
function followPath(
  root: unknown,
  step: readonly [string, ...string[]],
): { levels: number; shapes: Set<string>; leaf: unknown } {
  let node: unknown = root;
  let levels = 0;
  const shapes = new Set<string>();
  for (let guard = 0; guard < 10_000_000; guard += 1) {
    if (isObject(node) && typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      // A kept reference must not carry siblings that would change the level's shape.
      if (Object.keys(siblings).some((key) => key !== '$defs')) shapes.add(JSON.stringify(node));
      const target = resolveLocalRef(root, $ref);
      if (!target.found) throw new Error(`dangling ${$ref}`);
      node = target.value;
      continue;
    }
    let next: unknown = node;
    for (const key of step)
      next = isObject(next) && Object.hasOwn(next, key) ? next[key] : undefined;
    if (next === undefined) return { levels, shapes, leaf: node };
    const level = node as Record<string, unknown>;
    const { [step[0]]: container, $defs: _defs, ...beside } = level;
    // For a map keyword (`properties`), which keys it holds is part of the shape.
    const keys = step.length > 1 ? Object.keys(container as object) : [];
    shapes.add(JSON.stringify({ beside, keys }));
    node = next;
    levels += 1;
  }
  throw new Error('followPath: no end');
}

/**
 * Builds the reuse bomb: definition `L0` is an object with `fields` properties that each refer to
 * `L1`, and so on down to a string leaf. Fully inlined it holds `fields^(levels-1)` leaves.
 *
 * @param levels The number of definitions.
 * @param fields The number of properties per level.
 * @returns The schema.
 */
function reuseBomb(levels: number, fields: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let level = 0; level < levels; level += 1) {
    defs[`L${level}`] =
      level === levels - 1
        ? { type: 'string', minLength: 1 }
        : {
            type: 'object',
            properties: Object.fromEntries(
              Array.from({ length: fields }, (_, field) => [
                `f${field}`,
                { $ref: `#/$defs/L${level + 1}` },
              ]),
            ),
          };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/L0' } }, $defs: defs };
}

/**
 * Builds an instance of the reuse bomb along one path (`f0` at every level) with a given leaf.
 *
 * @param levels The number of definitions.
 * @param leaf The value at the end.
 * @param field The property name used at every level.
 * @returns `{ root: { f0: { ... leaf } } }`.
 */
function bombInstance(levels: number, leaf: unknown, field = 'f0'): unknown {
  let value: unknown = leaf;
  for (let level = 0; level < levels - 1; level += 1) value = { [field]: value };
  return { root: value };
}

describe('exponential reuse', () => {
  for (const [levels, fields] of [
    [8, 8],
    [12, 12],
  ] as const) {
    it(`${levels} levels × ${fields} fields stays within 256 KB and keeps its meaning`, () => {
      const input = reuseBomb(levels, fields);
      const { schema, diagnostics } = dereference(input);
      const bytes = JSON.stringify(schema).length;
      expect(bytes).toBeLessThanOrEqual(256 * 1024);
      // Fully inlined it would be hundreds of MB, so some definitions must stay references.
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(new Set(diagnostics.map((diagnostic) => diagnostic.code))).toStrictEqual(
        new Set(['budget-ref-kept']),
      );
      expect(danglingRefs(schema)).toStrictEqual([]);
      const instances = [
        bombInstance(levels, 'x'),
        bombInstance(levels, ''),
        bombInstance(levels, 5),
        bombInstance(levels, 'x', `f${fields - 1}`),
        bombInstance(levels - 1, 'x'),
        bombInstance(3, 7),
        { root: {} },
        { root: 'x' },
      ];
      expect(ajvDisagreements(input, schema, instances)).toStrictEqual([]);
    });
  }
});

describe('deep plain nesting (50,000 levels)', () => {
  for (const [name, step] of [
    ['items', ['items']],
    ['properties.a', ['properties', 'a']],
  ] as const) {
    it(`nested ${name}: no RangeError, output depth bounded, same chain of ${name}`, () => {
      let input: Record<string, unknown> = { type: 'string' };
      for (let level = 0; level < 50_000; level += 1) {
        input =
          name === 'items'
            ? { type: 'array', items: input }
            : { type: 'object', properties: { a: input } };
      }
      let result: ReturnType<typeof dereference> | undefined;
      try {
        result = dereference(input);
      } catch (error) {
        // Refusing is allowed, overflowing the stack is not.
        expect(error).toBeInstanceOf(ToolSchemaError);
        return;
      }
      expect(nestingDepth(result.schema)).toBeLessThanOrEqual(DEFAULT_MAX_DEPTH);
      expect(() => JSON.stringify(result.schema)).not.toThrow();
      expect(danglingRefs(result.schema)).toStrictEqual([]);
      // The meaning is the same chain: 50,000 levels, then the string leaf.
      const { levels, shapes, leaf } = followPath(result.schema, step);
      expect(levels).toBe(50_000);
      expect([...shapes]).toStrictEqual([
        name === 'items'
          ? JSON.stringify({ beside: { type: 'array' }, keys: [] })
          : JSON.stringify({ beside: { type: 'object' }, keys: ['a'] }),
      ]);
      expect(leaf).toStrictEqual({ type: 'string' });
    });
  }
});

describe('a 3,000-long definition chain A0 → A1 → … → A2999', () => {
  const defs: Record<string, unknown> = {};
  for (let index = 0; index < 3_000; index += 1) {
    defs[`A${index}`] =
      index === 2_999
        ? { type: 'string' }
        : { type: 'object', properties: { next: { $ref: `#/$defs/A${index + 1}` } } };
  }
  const input = { $ref: '#/$defs/A0', $defs: defs };

  it('gives an output JSON.stringify can write, with bounded depth and the same chain', () => {
    const { schema, diagnostics } = dereference(input);
    expect(nestingDepth(schema)).toBeLessThanOrEqual(DEFAULT_MAX_DEPTH);
    expect(typeof JSON.stringify(schema)).toBe('string');
    expect(danglingRefs(schema)).toStrictEqual([]);
    for (const diagnostic of diagnostics) expect(diagnostic.code).toBe('budget-ref-kept');
    const { levels, shapes, leaf } = followPath(schema, ['properties', 'next']);
    expect(levels).toBe(2_999);
    expect([...shapes]).toStrictEqual([
      JSON.stringify({ beside: { type: 'object' }, keys: ['next'] }),
    ]);
    expect(leaf).toStrictEqual({ type: 'string' });
  });

  it('a chain cut by the depth budget accepts the same instances (Ajv)', () => {
    // Ajv itself compiles references recursively and overflows on a 3,000 chain, so the meaning
    // of depth cuts is checked on a 120 chain with a 50-level depth budget.
    const short: Record<string, unknown> = {};
    for (let index = 0; index < 120; index += 1) {
      short[`A${index}`] =
        index === 119
          ? { type: 'string' }
          : { type: 'object', properties: { next: { $ref: `#/$defs/A${index + 1}` } } };
    }
    const shortInput = { $ref: '#/$defs/A0', $defs: short };
    const { schema, diagnostics } = dereference(shortInput, { budget: { maxDepth: 50 } });
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const diagnostic of diagnostics) expect(diagnostic.code).toBe('budget-ref-kept');
    expect(nestingDepth(schema)).toBeLessThanOrEqual(50);
    expect(danglingRefs(schema)).toStrictEqual([]);
    const chain = (depth: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let level = 0; level < depth; level += 1) value = { next: value };
      return value;
    };
    const instances = [
      {},
      chain(5, {}),
      chain(2, 'x'),
      chain(60, 5),
      chain(100, {}),
      chain(119, 'x'),
      chain(119, {}),
      chain(118, 'x'),
      'x',
    ];
    expect(ajvDisagreements(shortInput, schema, instances)).toStrictEqual([]);
  });
});

describe('recursion', () => {
  const mutual = (order: 'AB' | 'BA'): Record<string, unknown> => {
    const a = { type: 'object', properties: { b: { $ref: '#/$defs/B' } } };
    const b = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, required: ['a'] };
    return {
      type: 'object',
      properties: { x: { $ref: '#/$defs/A' } },
      $defs: order === 'AB' ? { A: a, B: b } : { B: b, A: a },
    };
  };

  it('mutual recursion A ↔ B keeps exactly the two definitions, independent of key order', () => {
    const { schema, diagnostics } = dereference(mutual('AB'));
    expect(diagnostics).toStrictEqual([]);
    expect(isObject(schema) && isObject(schema.$defs) && Object.keys(schema.$defs).length).toBe(2);
    expect(danglingRefs(schema)).toStrictEqual([]);
    expect(firstJsonDifference(dereference(mutual('BA')).schema, schema)).toBeUndefined();
    const instances = [
      { x: {} },
      { x: { b: { a: {} } } },
      { x: { b: {} } },
      { x: { b: { a: { b: { a: 5 } } } } },
      { x: 5 },
    ];
    expect(ajvDisagreements(mutual('AB'), schema, instances)).toStrictEqual([]);
  });

  it('cycles: { unroll } through an alias definition (T = { $ref: A }) leaves no $ref', () => {
    const input = {
      $ref: '#/$defs/T',
      $defs: {
        T: { $ref: '#/$defs/A' },
        A: { type: 'object', properties: { next: { $ref: '#/$defs/T' } } },
      },
    };
    const { schema, diagnostics } = dereference(input, { cycles: { unroll: 2 } });
    expect(listRefs(schema)).toStrictEqual([]);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toContain('cycle-unrolled');
  });

  it('root recursion `$ref: "#"` becomes a named root $defs entry that the refs point to', () => {
    const input = {
      type: 'object',
      properties: { child: { $ref: '#' }, name: { type: 'string' } },
      additionalProperties: false,
    };
    const { schema, diagnostics } = dereference(input);
    expect(diagnostics).toStrictEqual([]);
    const refs = listRefs(schema);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(ref.value).toMatch(/^#\/\$defs\/[^/]+$/);
    expect(danglingRefs(schema)).toStrictEqual([]);
    const instances = [{}, { child: { child: { name: 'a' } } }, { child: 5 }, { other: 1 }];
    expect(ajvDisagreements(input, schema, instances)).toStrictEqual([]);
  });
});

describe('dangling and external references', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const input = {
    type: 'object',
    properties: {
      a: { $ref: '#/$defs/Nope', description: 'dangling' },
      b: { $ref: 'https://example.com/x.json', minimum: 1 },
    },
  };

  it('become permissive schemas with their siblings, with a diagnostic each, never fetched', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { schema, diagnostics } = dereference(input);
    expect(
      firstJsonDifference(schema, {
        type: 'object',
        properties: { a: { description: 'dangling' }, b: { minimum: 1 } },
      }),
    ).toBeUndefined();
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual([
      'ref-unresolved',
      'ref-external',
    ]);
    expect(diagnostics[0]!.pointer.startsWith('/properties/a')).toBe(true);
    expect(diagnostics[1]!.pointer.startsWith('/properties/b')).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("`unresolved: 'throw'` throws a ToolSchemaError with the code", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const codeOf = (schema: JsonSchema): string | undefined => {
      try {
        dereference(schema, { unresolved: 'throw' });
      } catch (error) {
        expect(error).toBeInstanceOf(ToolSchemaError);
        return (error as ToolSchemaError).code;
      }
      return undefined;
    };
    expect(codeOf({ properties: { a: { $ref: '#/$defs/Nope' } } })).toBe('ref-unresolved');
    expect(codeOf({ properties: { b: { $ref: 'https://example.com/x.json' } } })).toBe(
      'ref-external',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("`unresolved: 'keep'` keeps the references as they are", () => {
    const { schema } = dereference(input, { unresolved: 'keep' });
    expect(listRefs(schema).map((ref) => ref.value)).toStrictEqual(
      expect.arrayContaining(['#/$defs/Nope', 'https://example.com/x.json']),
    );
  });
});

describe('prototype keys', () => {
  it('__proto__, constructor and prototype as property and $defs names stay own data', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const input = JSON.parse(`{
      "type": "object",
      "properties": {
        "__proto__": { "$ref": "#/$defs/__proto__" },
        "constructor": { "$ref": "#/$defs/constructor" },
        "prototype": { "$ref": "#/$defs/prototype" }
      },
      "$defs": {
        "__proto__": { "type": "object", "properties": { "polluted": { "const": "yes" } },
                       "required": ["polluted"] },
        "constructor": { "type": "string" },
        "prototype": { "type": "object", "properties": { "next": { "$ref": "#/$defs/prototype" } } }
      }
    }`);
    const { schema, diagnostics } = dereference(input);
    expect(diagnostics).toStrictEqual([]);
    const output = schema as Record<string, unknown>;
    const properties = output.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties).sort()).toStrictEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.hasOwn(properties, '__proto__')).toBe(true);
    const ownValue = (object: unknown, key: string): unknown =>
      Object.getOwnPropertyDescriptor(object, key)?.value;
    expect(
      firstJsonDifference(ownValue(properties, '__proto__'), ownValue(input.$defs, '__proto__')),
    ).toBeUndefined();
    expect(firstJsonDifference(properties.constructor, { type: 'string' })).toBeUndefined();
    expect(danglingRefs(schema)).toStrictEqual([]);
    if (isObject(output.$defs)) expect(Object.getPrototypeOf(output.$defs)).toBe(Object.prototype);
    // Nothing reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
    expect(({} as Record<string, unknown>).type).toBe(undefined);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toStrictEqual(before);
    const instances = JSON.parse(
      '[{"__proto__": {"polluted": "yes"}}, {"__proto__": {}}, {"constructor": 1}, {"prototype": {"next": {"next": 1}}}, {"prototype": {"next": {}}}]',
    );
    expect(ajvDisagreements(input, schema, instances)).toStrictEqual([]);
  });
});

describe('data that looks like a reference', () => {
  it('$ref inside const, enum, default, examples and example is kept verbatim; x-foo goes', () => {
    const looksLikeRef = { $ref: '#/$defs/A' };
    const a = {
      type: 'object',
      const: looksLikeRef,
      enum: [looksLikeRef, { $ref: '#/$defs/Nope' }],
      default: looksLikeRef,
      examples: [looksLikeRef],
      example: looksLikeRef,
      'x-foo': looksLikeRef,
    };
    const input = {
      type: 'object',
      properties: { a, $ref: { type: 'string' }, $defs: { type: 'integer' } },
      $defs: { A: { type: 'string' } },
    };
    const { schema, diagnostics } = dereference(structuredClone(input));
    // An unknown keyword asserts nothing, and its $ref would dangle: it goes, with a diagnostic.
    expect(diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
      ['annotation-ref-dropped', '/properties/a/x-foo'],
    ]);
    const { 'x-foo': _, ...instances } = a;
    // $defs is unused (only data points "into" it), so it goes; everything else is unchanged.
    expect(
      firstJsonDifference(schema, {
        type: 'object',
        properties: { a: instances, $ref: { type: 'string' }, $defs: { type: 'integer' } },
      }),
    ).toBeUndefined();
  });
});

describe('malformed containers and references', () => {
  const containers: Array<[string, unknown]> = [
    ['null', null],
    ['an array', []],
    ['a string', 'A'],
    ['{ A: null }', { A: null }],
    ['{ A: 5 }', { A: 5 }],
    ['{ A: [] }', { A: [] }],
  ];
  for (const [name, defs] of containers) {
    it(`$defs: ${name} with a $ref into it does not throw and leaves no dangling $ref`, () => {
      const input = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: defs };
      const { schema, diagnostics } = dereference(input as JsonSchema);
      expect(danglingRefs(schema)).toStrictEqual([]);
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(typeof JSON.stringify(schema)).toBe('string');
    });
  }

  for (const [name, value] of [
    ['a number', 5],
    ['null', null],
    ['an object', { a: 1 }],
    ['an array', ['#']],
  ] as const) {
    it(`a $ref whose value is ${name} does not throw and does not pass through silently`, () => {
      const input = { type: 'object', properties: { a: { $ref: value, type: 'string' } } };
      const { schema, diagnostics } = dereference(input as JsonSchema);
      // An invalid `$ref` left in the output makes schema-validating clients reject the tool; it
      // may stay only when a diagnostic says so.
      const kept = listRefs(schema).filter((ref) => typeof ref.value !== 'string');
      const diagnosed = diagnostics.some((diagnostic) =>
        diagnostic.pointer.startsWith('/properties/a'),
      );
      expect(
        kept.length === 0 || diagnosed,
        `output ${JSON.stringify(schema)} keeps $ref ${JSON.stringify(value)}, diagnostics ${JSON.stringify(diagnostics)}`,
      ).toBe(true);
    });
  }
});

describe('JavaScript object graphs', () => {
  it('the same object reachable twice is copied into two unshared objects', () => {
    const shared = { type: 'string', minLength: 1 };
    const input = { type: 'object', properties: { a: shared, b: shared } };
    const { schema, diagnostics } = dereference(input);
    expect(diagnostics).toStrictEqual([]);
    expect(
      firstJsonDifference(schema, {
        type: 'object',
        properties: { a: { type: 'string', minLength: 1 }, b: { type: 'string', minLength: 1 } },
      }),
    ).toBeUndefined();
    const properties = (schema as { properties: Record<string, unknown> }).properties;
    expect(properties.a).not.toBe(properties.b);
    expect(countSharedObjects(input, schema)).toBe(0);
  });

  it('a true cycle is a ToolSchemaError invalid-schema, not a hang', () => {
    const input: Record<string, unknown> = { type: 'object', properties: {} };
    (input.properties as Record<string, unknown>).self = input;
    let caught: unknown;
    try {
      dereference(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolSchemaError);
    expect((caught as ToolSchemaError).code).toBe('invalid-schema');
  });

  /** Runs dereference and returns the ToolSchemaError code it throws, or 'none'. */
  const errorCode = (input: Record<string, unknown>): string => {
    try {
      dereference(input);
      return 'none';
    } catch (error) {
      if (error instanceof ToolSchemaError) return error.code;
      throw error;
    }
  };

  it('a bigint is a ToolSchemaError wherever it stands, never copied into the output', () => {
    expect(errorCode({ const: 10n })).toBe('invalid-schema');
    expect(errorCode({ default: [1, 10n] })).toBe('invalid-schema');
    expect(errorCode({ properties: { a: 10n } })).toBe('invalid-schema');
  });

  it('a value shared at every level (2⁴⁰ containers in JSON) is a ToolSchemaError, not a crash', () => {
    let shared: unknown = 1;
    for (let level = 0; level < 40; level++) shared = { a: shared, b: shared };
    expect(errorCode({ type: 'object', default: shared })).toBe('invalid-schema');
    expect(errorCode({ type: 'object', enum: [shared] })).toBe('invalid-schema');
  });

  it('a self-containing value shared twice per level is a ToolSchemaError, not a hang', () => {
    const looping: Record<string, unknown> = {};
    looping.a = looping;
    looping.b = looping;
    expect(errorCode({ type: 'object', const: looping })).toBe('invalid-schema');
  });

  it('many uses of one large shared value are a ToolSchemaError, not minutes of copying', () => {
    let large: unknown = 1;
    for (let level = 0; level < 19; level++) large = { a: large, b: large };
    const input: Record<string, unknown> = { type: 'object' };
    for (let use = 0; use < 2000; use++) input[`x-${use}`] = large;
    expect(errorCode(input)).toBe('invalid-schema');
  });
});

describe('values JSON cannot hold', () => {
  /** The code and pointer of the ToolSchemaError `dereference` throws, or what else happened. */
  const failure = (input: unknown): { code: string; pointer: string | undefined } | string => {
    try {
      dereference(input as JsonSchema);
      return 'no error';
    } catch (error) {
      if (error instanceof ToolSchemaError) return { code: error.code, pointer: error.pointer };
      return `plain ${String(error)}`;
    }
  };
  const revoked = (): object => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  const throwing = (): object =>
    Object.defineProperty({}, 'type', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
  const odd: [string, () => unknown][] = [
    ['a Date', () => new Date(0)],
    ['a Map', () => new Map([['a', 1]])],
    ['a Set', () => new Set([1])],
    ['a RegExp', () => /a/],
    ['NaN', () => Number.NaN],
    ['Infinity', () => Number.POSITIVE_INFINITY],
    ['a bigint', () => 10n],
    ['a throwing getter', throwing],
    ['a revoked Proxy', revoked],
  ];

  for (const [name, make] of odd) {
    it(`${name} is a ToolSchemaError invalid-schema with its pointer, in data and in schema positions`, () => {
      expect(failure({ type: 'object', default: { a: [1, make()] } })).toStrictEqual({
        code: 'invalid-schema',
        pointer: '/default',
      });
      expect(failure({ type: 'object', properties: { a: { const: make() } } })).toStrictEqual({
        code: 'invalid-schema',
        pointer: '/properties/a/const',
      });
      // Through a `$ref` too (the single walk gives way to the analysis, which says where).
      expect(
        failure({ properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { examples: [make()] } } }),
      ).toStrictEqual({ code: 'invalid-schema', pointer: '/$defs/A/examples' });
    });
  }

  for (const [name, make] of odd.filter(([name]) => name.startsWith('a ') && name !== 'a bigint')) {
    it(`${name} in a schema position is a ToolSchemaError, never an empty schema`, () => {
      const expected =
        name === 'a throwing getter'
          ? { code: 'invalid-schema', pointer: '/properties/a/type' }
          : { code: 'invalid-schema', pointer: '/properties/a' };
      expect(failure({ type: 'object', properties: { a: make() } })).toStrictEqual(expected);
    });
  }

  it('a revoked Proxy or a throwing getter at the root is a ToolSchemaError at the root', () => {
    expect(failure(revoked())).toStrictEqual({ code: 'invalid-schema', pointer: '' });
    expect(failure(throwing())).toStrictEqual({ code: 'invalid-schema', pointer: '/type' });
  });

  it('a document kept whole (a $dynamicRef) refuses them too, where its copy reads them', () => {
    // The index does not read every value of an unknown keyword; the copy of the whole does.
    for (const [, make] of odd) {
      const input = { $dynamicRef: '#meta', 'x-extra': { deep: [make()] } };
      expect(failure(input)).toMatchObject({ code: 'invalid-schema' });
      expect(
        failure({ ...input, $schema: 'http://json-schema.org/draft-07/schema#' }),
      ).toMatchObject({ code: 'invalid-schema' });
    }
  });
});

describe('what JSON leaves out (undefined, functions, symbols, holes)', () => {
  const fn = (): number => 1;
  // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test.
  const holed = (): unknown[] => [, { type: 'string' }];
  /** Each input, and the JSON document it reads as (what `JSON.stringify` writes of it). */
  const cases: [string, Record<string, unknown>][] = [
    [
      'a function under properties',
      { type: 'object', properties: { a: fn, b: { type: 'string' } } },
    ],
    ['a symbol as a keyword value', { type: 'object', items: Symbol('x'), minProperties: 1 }],
    ['undefined as a subschema', { type: 'object', additionalProperties: undefined }],
    ['a hole in allOf', { type: 'object', allOf: holed() }],
    ['a function in anyOf', { anyOf: [fn, { type: 'object' }] }],
    ['a function as a $ref', { type: 'object', $ref: fn }],
    ['a function as data', { type: 'object', default: fn, description: 'd' }],
  ];
  /** The same input with a cycle beside it, so the analysis road reads it. */
  const withCycle = (input: Record<string, unknown>): Record<string, unknown> => ({
    ...input,
    properties: { ...(input.properties as object), self: { $ref: '#' } },
  });

  for (const [name, input] of cases) {
    it(`${name}: the output is what the JSON document gives, on both roads`, () => {
      for (const document of [input, withCycle(input)]) {
        const read = JSON.parse(JSON.stringify(document)) as JsonSchema;
        const result = dereference(document as JsonSchema);
        expect(JSON.parse(JSON.stringify(result.schema))).toStrictEqual(result.schema);
        expect(result).toStrictEqual(dereference(read));
      }
    });
  }
});

describe('a very wide allOf (150,000 members, 6 MB of JSON)', () => {
  const wide = {
    type: 'object',
    allOf: Array.from({ length: 150_000 }, (_, index) => ({
      type: 'object',
      properties: { [`p${index % 5}`]: { type: 'string' } },
    })),
  };
  const expected = Object.fromEntries(
    Array.from({ length: 5 }, (_, index) => [`p${index}`, { type: 'string' }]),
  );

  it('makes an object root without overflowing the stack (no spread of the members)', () => {
    const result = dereference(wide as JsonSchema, { root: 'object' });
    expect((result.schema as { type: unknown }).type).toBe('object');
  });

  for (const profile of ['gemini', 'openai-strict'] as const) {
    it(`${profile}: merged into one object, each property merged once (no work per member pair)`, () => {
      const { schema } = toProviderSchema(wide as JsonSchema, profile);
      expect(schema.properties).toStrictEqual(
        profile === 'gemini'
          ? expected
          : Object.fromEntries(
              Object.entries(expected).map(([name]) => [name, { type: ['string', 'null'] }]),
            ),
      );
    });
  }
});

describe('an array that claims more items than it holds', () => {
  const claiming = (length: number): unknown[] => {
    const array: unknown[] = [];
    array.length = length;
    return array;
  };
  const places: [string, (array: unknown[]) => Record<string, unknown>][] = [
    ['required', (array) => ({ type: 'object', required: array })],
    ['enum', (array) => ({ enum: array })],
    ['allOf', (array) => ({ allOf: array })],
    ['a nested const', (array) => ({ const: [{ a: array }] })],
    ['a kept-whole document', (array) => ({ $dynamicRef: '#x', 'x-data': array })],
    ['a definition', (array) => ({ $ref: '#/$defs/A', $defs: { A: { examples: array } } })],
  ];
  for (const [name, make] of places) {
    it(`${name}: 2³² − 1 holes are a ToolSchemaError before any is read`, () => {
      const holes = claiming(2 ** 32 - 1);
      // A walk of the holes would take minutes; the reads of `length` alone are counted.
      expect(() => dereference(make(holes) as JsonSchema)).toThrow(
        expect.objectContaining({ name: 'ToolSchemaError', code: 'invalid-schema' }),
      );
    });
  }

  it('a holey array under the bound reads as JSON does: a null per hole', () => {
    const result = dereference({ type: 'object', required: claiming(1000) } as JsonSchema);
    expect((result.schema as { required: unknown[] }).required).toStrictEqual(
      new Array(1000).fill(null),
    );
  });
});

describe('depth bounds where the budget does not look', () => {
  /** A value nested `levels` arrays and objects deep. */
  const deepValue = (levels: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < levels; level++) value = level % 2 === 0 ? [value] : { a: value };
    return value;
  };
  /** A chain of definitions, each a `$ref` to the next plus one sibling keyword. */
  const siblingChain = (links: number): Record<string, unknown> => {
    const $defs: Record<string, unknown> = {};
    for (let link = 0; link < links; link++) {
      $defs[`A${link}`] =
        link === links - 1
          ? { type: 'string' }
          : { $ref: `#/$defs/A${link + 1}`, minLength: link + 1 };
    }
    return { type: 'object', properties: { a: { $ref: '#/$defs/A0' } }, $defs };
  };
  const list = {
    type: 'object',
    properties: { head: { $ref: '#/$defs/List' } },
    $defs: { List: { type: 'object', properties: { next: { $ref: '#/$defs/List' } } } },
  };
  const cases: [string, Record<string, unknown>, Parameters<typeof dereference>[1]][] = [
    ['default 3,000 deep', { type: 'object', default: deepValue(3000) }, {}],
    ['const 5,000 deep', { type: 'object', properties: { a: { const: deepValue(5000) } } }, {}],
    ['examples 3,000 deep', { examples: [deepValue(3000)] }, {}],
    [
      'an enum 3,000 deep through a $ref',
      { properties: { a: { $ref: '#/$defs/E' } }, $defs: { E: { enum: [deepValue(3000)] } } },
      {},
    ],
    ['a default 3,000 deep with root: object', { const: deepValue(3000) }, { root: 'object' }],
    ['3,000 links of $ref plus a sibling', siblingChain(3000), {}],
    ['unroll 100,000 levels', list, { cycles: { unroll: 100_000 } }],
    [
      'unroll 100,000 levels with a 1 GB budget',
      list,
      { cycles: { unroll: 100_000 }, budget: { maxBytes: 1e9 } },
    ],
    [
      'unroll 10,000 levels with maxDepth 64',
      list,
      { cycles: { unroll: 10_000 }, budget: { maxDepth: 64 } },
    ],
  ];

  for (const [name, input, options] of cases) {
    it(`${name}: an output JSON.stringify can write, within maxDepth`, () => {
      const { schema } = dereference(input, options);
      const maxDepth = options?.budget?.maxDepth ?? DEFAULT_MAX_DEPTH;
      expect(nestingDepth(schema)).toBeLessThanOrEqual(maxDepth);
      expect(typeof JSON.stringify(schema)).toBe('string');
    });
  }

  it('a value deeper than the budget is left out with value-too-deep at its pointer', () => {
    const { schema, diagnostics } = dereference({
      type: 'object',
      properties: { a: { type: 'array', default: deepValue(3000), minItems: 1 } },
    });
    expect(schema).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'array', minItems: 1 } },
    });
    expect(diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'value-too-deep', pointer: '/properties/a/default' },
    ]);
  });

  it('a value within the budget is kept as it is', () => {
    const value = deepValue(100);
    const { schema, diagnostics } = dereference({ type: 'object', default: value });
    expect(diagnostics).toStrictEqual([]);
    expect(schema).toStrictEqual({ type: 'object', default: value });
  });

  it('a $ref-plus-sibling chain counts the allOf wrapper: depth kept, meaning kept', () => {
    const input = siblingChain(60);
    const { schema, diagnostics } = dereference(input, { budget: { maxDepth: 32 } });
    expect(nestingDepth(schema)).toBeLessThanOrEqual(32);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((diagnostic) => diagnostic.code === 'budget-ref-kept')).toBe(true);
    expect(
      ajvDisagreements(input, schema, [{ a: 'x'.repeat(59) }, { a: 'x'.repeat(58) }, { a: 1 }]),
    ).toStrictEqual([]);
  });
});

describe('bounded diagnostics', () => {
  it('past 20 of one code, one summary diagnostic carries the count', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 500; index++)
      properties[`p${index}`] = { $ref: `#/$defs/Missing${index}` };
    const { diagnostics } = dereference({ type: 'object', properties });
    expect(diagnostics).toHaveLength(21);
    expect(
      diagnostics.slice(0, 20).every((diagnostic) => diagnostic.code === 'ref-unresolved'),
    ).toBe(true);
    expect(diagnostics[20]).toStrictEqual({
      code: 'ref-unresolved',
      pointer: '/properties/p20/$ref',
      message:
        '480 more ref-unresolved diagnostics left out (the first 20 are listed; this pointer is the first one left out).',
    });
  });

  it('a pointer 20,000 levels deep is capped at 513 characters, its message short', () => {
    let schema: Record<string, unknown> = { $ref: `#/$defs/${'x'.repeat(5000)}` };
    for (let level = 0; level < 20_000; level++) schema = { items: schema };
    const { diagnostics } = dereference(schema, { budget: { maxDepth: 100_000 } });
    expect(diagnostics).toHaveLength(1);
    const { pointer, message } = diagnostics[0]!;
    const full = `${'/items'.repeat(20_000)}/$ref`;
    expect(pointer).toBe(`${full.slice(0, 256)}…${full.slice(-256)}`);
    expect(pointer.length).toBe(513);
    expect(message.length).toBeLessThan(1100);
  });
});

describe('budget.maxBytes is a cap on the written output', () => {
  /** A draft-07 reuse bomb with long definition names under `definitions`, and a `$schema`. */
  const bomb = (): Record<string, unknown> => {
    const definitions: Record<string, unknown> = {};
    const name = (level: number): string => `Level${level}_${'n'.repeat(40)}`;
    for (let level = 0; level < 6; level++) {
      definitions[name(level)] =
        level === 5
          ? { type: 'string', description: 'd'.repeat(30) }
          : {
              type: 'object',
              properties: Object.fromEntries(
                Array.from({ length: 4 }, (_, field) => [
                  `field${field}`,
                  { $ref: `#/definitions/${name(level + 1)}` },
                ]),
              ),
            };
    }
    return {
      $schema: `http://json-schema.org/draft-07/schema#${'#'.repeat(200)}`,
      type: 'object',
      properties: {
        a: { $ref: `#/definitions/${name(0)}` },
        b: { $ref: `#/definitions/${name(1)}` },
      },
      definitions,
    };
  };

  it('every cap from 1,500 to 40,000 bytes holds (JSON.stringify length), or budget-exceeded says why', () => {
    const input = bomb();
    let held = 0;
    for (let cap = 1500; cap <= 40_000; cap += 250) {
      const { schema, diagnostics } = dereference(input, {
        budget: { maxBytes: cap, minBytes: 1 },
      });
      const length = JSON.stringify(schema).length;
      if (diagnostics.some((diagnostic) => diagnostic.code === 'budget-exceeded')) continue;
      expect(length, `cap ${cap}`).toBeLessThanOrEqual(cap);
      held++;
    }
    expect(held).toBeGreaterThan(100);
  });

  it('an input larger than the cap gives budget-exceeded, not a silent overrun', () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 200; index++) properties[`p${index}`] = { type: 'string' };
    const input = { type: 'object', properties };
    const { schema, diagnostics } = dereference(input, { budget: { maxBytes: 1000, minBytes: 1 } });
    expect(schema).toStrictEqual(input);
    expect(diagnostics.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'budget-exceeded', pointer: '' },
    ]);
  });
});

describe('a JavaScript object that contains itself in a schema position', () => {
  /** Wraps an object so that every property read is counted. */
  const counting = (target: Record<string, unknown>, reads: { count: number }) =>
    new Proxy(target, {
      get(object, key, receiver) {
        reads.count++;
        return Reflect.get(object, key, receiver);
      },
    });

  for (const [name, link] of [
    [
      'properties.self',
      (schema: Record<string, unknown>, next: unknown) => {
        schema.properties = { self: next };
      },
    ],
    [
      'items → anyOf[0] → additionalProperties (a loop of three)',
      (schema: Record<string, unknown>, next: unknown) => {
        const third = { additionalProperties: next };
        schema.items = { anyOf: [third] };
      },
    ],
  ] as const) {
    it(`${name}: a ToolSchemaError after a bounded number of reads, not 250,000 levels`, () => {
      const reads = { count: 0 };
      const schema: Record<string, unknown> = { type: 'object' };
      const proxy = counting(schema, reads);
      link(schema, proxy);
      let caught: unknown;
      try {
        dereference(proxy);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ToolSchemaError);
      expect((caught as ToolSchemaError).code).toBe('invalid-schema');
      // The single walk gives up at the depth budget (512 levels), the index at the loop.
      expect(reads.count).toBeLessThan(3_000);
    });
  }
});

describe('idempotence, key order included', () => {
  it('a $ref with a sibling, to an alias of a cyclic definition, comes back byte for byte', () => {
    for (const a of [
      { $ref: '#/$defs/Alias', description: 'x' },
      { description: 'x', $ref: '#/$defs/Alias' },
    ]) {
      const input = {
        type: 'object',
        properties: { a },
        $defs: {
          Alias: { $ref: '#/$defs/Node' },
          Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
        },
      };
      const once = dereference(input).schema;
      const twice = dereference(once).schema;
      expect(JSON.stringify(twice)).toBe(JSON.stringify(once));
      expect(once).toStrictEqual({
        type: 'object',
        properties: { a: { $ref: '#/$defs/Node', description: 'x' } },
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      });
    }
  });

  it('a relative budget is the one class that may not come back: budget-ref-kept says so', () => {
    const $defs: Record<string, unknown> = {};
    for (let level = 0; level < 8; level++) {
      const properties: Record<string, unknown> = {};
      for (let field = 0; field < 8; field++) {
        properties[`f${field}`] =
          level === 7
            ? { type: 'string', description: 'x'.repeat(50) }
            : { $ref: `#/$defs/L${level + 1}` };
      }
      $defs[`L${level}`] = { type: 'object', properties };
    }
    const input = { $ref: '#/$defs/L0', $defs };
    // 20 × the input: the second pass reads the larger output, so its budget is larger.
    const once = dereference(input);
    expect(new Set(once.diagnostics.map((diagnostic) => diagnostic.code))).toStrictEqual(
      new Set(['budget-ref-kept']),
    );
    expect(JSON.stringify(dereference(once.schema).schema).length).toBeGreaterThan(
      JSON.stringify(once.schema).length,
    );
    // An absolute bound does not move with the input: the bytes come back.
    const capped = dereference(input, { budget: { maxBytes: 5_000 } });
    expect(capped.diagnostics.length).toBeGreaterThan(0);
    expect(JSON.stringify(dereference(capped.schema, { budget: { maxBytes: 5_000 } }).schema)).toBe(
      JSON.stringify(capped.schema),
    );
  });
});
