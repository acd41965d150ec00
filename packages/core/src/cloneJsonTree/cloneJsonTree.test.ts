import { describe, expect, it } from 'vitest';
import { cloneJsonTree } from './cloneJsonTree.ts';

describe('cloneJsonTree', () => {
  it('returns primitives as they are', () => {
    expect(cloneJsonTree(null)).toBe(null);
    expect(cloneJsonTree(true)).toBe(true);
    expect(cloneJsonTree(3)).toBe(3);
    expect(cloneJsonTree('a')).toBe('a');
  });

  it('copies objects and arrays deeply, sharing nothing', () => {
    const shared = { type: 'string' };
    const input = {
      type: 'object',
      properties: { a: shared, b: shared },
      required: ['a'],
      enum: [[1, { x: null }]],
    };
    const copy = cloneJsonTree(input);
    expect(copy).toStrictEqual(input);
    expect(copy).not.toBe(input);
    expect(copy.properties.a).not.toBe(shared);
    expect(copy.properties.b).not.toBe(shared);
    expect(copy.properties.a).not.toBe(copy.properties.b);
    expect(copy.required).not.toBe(input.required);
    expect(copy.enum[0]).not.toBe(input.enum[0]);
  });

  it('keeps the order of keys and array items', () => {
    const copy = cloneJsonTree({ z: 1, a: [3, 2, 1], m: {} });
    expect(Object.keys(copy)).toStrictEqual(['z', 'a', 'm']);
    expect(copy.a).toStrictEqual([3, 2, 1]);
  });

  it('keeps a __proto__ key as an own data property', () => {
    const input = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}');
    const copy = cloneJsonTree(input);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(Object.keys(copy.properties)).toStrictEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(copy.properties, '__proto__')?.value).toStrictEqual({
      type: 'string',
    });
  });

  it('copies a tree deeper than the call stack allows for recursion', () => {
    let deep: Record<string, unknown> = {};
    const input = deep;
    for (let level = 0; level < 100_000; level += 1) {
      const next = {};
      deep.items = next;
      deep = next;
    }
    const copy = cloneJsonTree(input);
    let depth = 0;
    for (let node = copy; node.items !== undefined; node = node.items as Record<string, unknown>) {
      depth += 1;
    }
    expect(depth).toBe(100_000);
  });
});
