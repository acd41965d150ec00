import { nestedItems, toolSchemaError } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { cloneJson, cloneTree, setOwn, setOwnAt } from './cloneJson.ts';

/** Counts the `items` links below `root` without recursion. */
function chainLength(root: unknown): number {
  let count = 0;
  let node = root as Record<string, unknown>;
  while (node.items !== undefined) {
    node = node.items as Record<string, unknown>;
    count++;
  }
  return count;
}

/** Collects every object and array reachable from `root`. */
function containers(root: unknown): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    seen.add(value);
    stack.push(...Object.values(value));
  }
  return seen;
}

describe('setOwn', () => {
  it('writes an ordinary key by assignment', () => {
    const target: Record<string, unknown> = { a: 1 };
    setOwn(target, 'b', 2);
    setOwn(target, 'a', 3);
    expect(target).toStrictEqual({ a: 3, b: 2 });
    expect(Object.keys(target)).toStrictEqual(['a', 'b']);
  });

  it('writes __proto__ as an own enumerable data property, not the prototype', () => {
    const target: Record<string, unknown> = {};
    const value = { type: 'string' };
    setOwn(target, '__proto__', value);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')).toStrictEqual({
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.keys(target)).toStrictEqual(['__proto__']);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"type":"string"}}');
  });

  it('writes __proto__ as an own property even when the value is null or a scalar', () => {
    const target: Record<string, unknown> = {};
    setOwn(target, '__proto__', null);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')?.value).toBeNull();
  });

  it('does not pollute Object.prototype', () => {
    setOwn({}, '__proto__', { polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('cloneJson', () => {
  it('returns JSON scalars as they are', () => {
    expect(cloneJson(null)).toBeNull();
    expect(cloneJson(true)).toBe(true);
    expect(cloneJson(0)).toBe(0);
    expect(cloneJson(-1.5)).toBe(-1.5);
    expect(cloneJson('a')).toBe('a');
  });

  it('copies objects and arrays deeply, sharing no container', () => {
    const input = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'array', items: [{ const: [1, { x: null }] }] },
      },
      required: ['a'],
      enum: [[], {}],
    };
    const copy = cloneJson(input);
    expect(copy).toStrictEqual(input);
    const original = containers(input);
    const copied = containers(copy);
    expect(copied.size).toBe(original.size);
    for (const container of copied) expect(original.has(container)).toBe(false);
  });

  it('copies an array root as an array', () => {
    const input = [1, 'a', [true], { b: null }];
    const copy = cloneJson(input);
    expect(copy).toStrictEqual(input);
    expect(Array.isArray(copy)).toBe(true);
    expect(copy[2]).not.toBe(input[2]);
  });

  it('keeps the order of keys', () => {
    const copy = cloneJson({ z: 1, a: { y: 2, b: 3 }, m: [] });
    expect(Object.keys(copy)).toStrictEqual(['z', 'a', 'm']);
    expect(Object.keys(copy.a)).toStrictEqual(['y', 'b']);
  });

  it('does not change the input', () => {
    const input = { a: [1, { b: 2 }], c: { d: undefined } };
    const before = JSON.stringify(input);
    cloneJson(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.keys(input.c)).toStrictEqual(['d']);
  });

  it('keeps __proto__ keys as own properties without touching prototypes', () => {
    const input = JSON.parse(
      '{"__proto__":{"polluted":true},"properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}}}',
    );
    const copy = cloneJson(input);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.keys(copy)).toStrictEqual(['__proto__', 'properties']);
    expect(Object.keys(copy.properties)).toStrictEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toStrictEqual({
      polluted: true,
    });
    expect(copy.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(input));
  });

  it('keeps a scalar __proto__ value as an own property', () => {
    const copy = cloneJson(JSON.parse('{"__proto__":null,"a":1}'));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toStrictEqual(['__proto__', 'a']);
  });

  it('drops undefined, functions and symbols from objects, as JSON.stringify does', () => {
    const input = { a: undefined, b: () => 1, c: Symbol('c'), d: 1, e: { f: undefined } };
    const copy = cloneJson(input);
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(input)));
    expect(Object.keys(copy)).toStrictEqual(['d', 'e']);
    expect(Object.keys(copy.e)).toStrictEqual([]);
  });

  it('turns undefined, functions, symbols and holes in arrays into null, as JSON.stringify does', () => {
    // biome-ignore lint/suspicious/noSparseArray: a hole is one of the inputs under test
    const input = [undefined, () => 1, Symbol('s'), , 2];
    const copy = cloneJson(input);
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(input)));
    expect(copy).toStrictEqual([null, null, null, null, 2]);
  });

  it('ignores symbol keys and non-enumerable properties', () => {
    const input: Record<string | symbol, unknown> = { a: 1, [Symbol('s')]: 2 };
    Object.defineProperty(input, 'hidden', { value: 3, enumerable: false });
    expect(cloneJson(input)).toStrictEqual({ a: 1 });
  });

  it('throws invalid-schema on a bigint, at the root or nested', () => {
    expect(toolSchemaError(() => cloneJson(1n)).code).toBe('invalid-schema');
    expect(toolSchemaError(() => cloneJson({ a: { minimum: 1n } })).code).toBe('invalid-schema');
    expect(toolSchemaError(() => cloneJson({ enum: [1, 2n] })).code).toBe('invalid-schema');
  });

  it('throws invalid-schema on a cycle between objects', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { self: node };
    expect(toolSchemaError(() => cloneJson(node)).code).toBe('invalid-schema');
  });

  it('throws invalid-schema on a cycle through an array, and on a self-reference', () => {
    const list: unknown[] = [1];
    list.push({ items: list });
    expect(toolSchemaError(() => cloneJson({ anyOf: list })).code).toBe('invalid-schema');
    const self: Record<string, unknown> = {};
    self.self = self;
    expect(toolSchemaError(() => cloneJson(self)).code).toBe('invalid-schema');
  });

  it('copies an object shared by several parents once per use, without an error', () => {
    const shared = { type: 'string', enum: ['a'] };
    const input = { properties: { a: shared, b: shared }, items: [shared, shared] };
    const copy = cloneJson(input);
    expect(copy).toStrictEqual(input);
    const copies = [copy.properties.a, copy.properties.b, copy.items[0], copy.items[1]];
    expect(new Set(copies).size).toBe(4);
    expect(new Set(copies.map((item) => item?.enum)).size).toBe(4);
    for (const item of copies) expect(item).not.toBe(shared);
  });

  it('copies a shared object that appears on both sides of a deep branch (a DAG, not a cycle)', () => {
    const leaf = { type: 'null' };
    const middle = { anyOf: [leaf, { not: leaf }] };
    const input = { allOf: [middle, { items: middle }, leaf] };
    expect(cloneJson(input)).toStrictEqual(input);
  });

  it('copies 100,000 levels of nesting without overflowing the stack', () => {
    const copy = cloneJson(nestedItems(100_000));
    expect(chainLength(copy)).toBe(100_000);
  });

  it('copies 100,000 levels of array nesting without overflowing the stack', () => {
    let input: unknown[] = [];
    const root = input;
    for (let level = 0; level < 100_000; level++) {
      const next: unknown[] = [];
      input.push(next);
      input = next;
    }
    let depth = 0;
    for (let node = cloneJson(root); node.length > 0; node = node[0] as unknown[]) depth++;
    expect(depth).toBe(100_000);
  });
});

describe('cloneTree', () => {
  it('returns scalars as they are', () => {
    expect(cloneTree(null)).toBeNull();
    expect(cloneTree(false)).toBe(false);
    expect(cloneTree(7)).toBe(7);
    expect(cloneTree('s')).toBe('s');
  });

  it('copies objects and arrays deeply, sharing no container', () => {
    const input = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { items: [{ const: [1, { x: null }] }] } },
      required: ['a'],
    };
    const copy = cloneTree(input);
    expect(copy).toStrictEqual(input);
    const original = containers(input);
    const copied = containers(copy);
    expect(copied.size).toBe(original.size);
    for (const container of copied) expect(original.has(container)).toBe(false);
  });

  it('copies an array root as an array and keeps key order', () => {
    const input = [{ z: 1, a: 2 }, [3]];
    const copy = cloneTree(input);
    expect(copy).toStrictEqual(input);
    expect(Object.keys(copy[0] as object)).toStrictEqual(['z', 'a']);
  });

  it('copies a shared subtree once per use', () => {
    const shared = { type: 'string' };
    const copy = cloneTree({ a: shared, b: shared });
    expect(copy).toStrictEqual({ a: { type: 'string' }, b: { type: 'string' } });
    expect(copy.a).not.toBe(copy.b);
    expect(copy.a).not.toBe(shared);
  });

  it('keeps __proto__ keys as own properties without touching prototypes', () => {
    const input = JSON.parse(
      '{"__proto__":{"polluted":true},"properties":{"__proto__":"scalar","b":{"__proto__":{}}}}',
    );
    const copy = cloneTree(input);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(copy.properties.b)).toBe(Object.prototype);
    expect(Object.keys(copy)).toStrictEqual(['__proto__', 'properties']);
    expect(Object.keys(copy.properties)).toStrictEqual(['__proto__', 'b']);
    expect(copy.polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(input));
  });

  it('copies 100,000 levels of nesting without overflowing the stack', () => {
    expect(chainLength(cloneTree(nestedItems(100_000)))).toBe(100_000);
  });
});

describe('setOwnAt', () => {
  it('sets an array index or an object key, __proto__ as own data', () => {
    const list: unknown[] = [1, 2];
    setOwnAt(list, 1, 'two');
    expect(list).toStrictEqual([1, 'two']);
    const object: Record<string, unknown> = {};
    setOwnAt(object, '__proto__', { polluted: true });
    setOwnAt(object, 'a', 1);
    expect(Object.keys(object)).toStrictEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
