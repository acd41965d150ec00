import { describe, expect, it } from 'vitest';
import { deepEqual } from './deepEqual.ts';

describe('deepEqual', () => {
  it('compares scalars by value', () => {
    expect(deepEqual(null, null)).toBe(true);
    expect(deepEqual(1, 1)).toBe(true);
    expect(deepEqual('a', 'a')).toBe(true);
    expect(deepEqual(true, true)).toBe(true);
    expect(deepEqual(1, 2)).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(0, false)).toBe(false);
    expect(deepEqual('', null)).toBe(false);
  });

  it('tells null apart from an empty object or array', () => {
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({}, null)).toBe(false);
    expect(deepEqual(null, [])).toBe(false);
  });

  it('tells arrays apart from objects', () => {
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({}, [])).toBe(false);
    expect(deepEqual({ 0: 'a' }, ['a'])).toBe(false);
    expect(deepEqual(['a'], { 0: 'a' })).toBe(false);
  });

  it('compares objects structurally, ignoring key order', () => {
    expect(deepEqual({ a: 1, b: [2, { c: 3 }] }, { b: [2, { c: 3 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(deepEqual({ a: 1 }, { b: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
  });

  it('compares arrays by position and length', () => {
    expect(deepEqual([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1], [1, 1])).toBe(false);
    expect(deepEqual([1, 1], [1])).toBe(false);
    expect(deepEqual([], [])).toBe(true);
  });

  it('finds a difference deep inside', () => {
    const left = { anyOf: [{ type: 'string' }, { properties: { a: { enum: [1, 2, 3] } } }] };
    const right = { anyOf: [{ type: 'string' }, { properties: { a: { enum: [1, 2, 4] } } }] };
    expect(deepEqual(left, right)).toBe(false);
    expect(deepEqual(left, structuredClone(left))).toBe(true);
  });

  it('does not treat a missing key as equal to a key with another name', () => {
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual({ a: null }, {})).toBe(false);
  });

  it('does not find inherited properties in the other object', () => {
    expect(deepEqual({ toString: 1 }, { valueOf: 1 })).toBe(false);
    expect(deepEqual({ constructor: Object }, { x: Object })).toBe(false);
  });

  it('compares own __proto__ keys as data', () => {
    const left: unknown = JSON.parse('{"__proto__":{"type":"string"}}');
    expect(deepEqual(left, JSON.parse('{"__proto__":{"type":"string"}}'))).toBe(true);
    expect(deepEqual(left, JSON.parse('{"__proto__":{"type":"number"}}'))).toBe(false);
    expect(deepEqual(left, { x: { type: 'string' } })).toBe(false);
  });

  it('compares two 100,000-deep values without overflowing the stack', () => {
    const build = (leaf: number): Record<string, unknown> => {
      const root: Record<string, unknown> = {};
      let node = root;
      for (let level = 0; level < 100_000; level++) {
        const next: Record<string, unknown> = {};
        node.items = next;
        node = next;
      }
      node.const = leaf;
      return root;
    };
    expect(deepEqual(build(1), build(1))).toBe(true);
    expect(deepEqual(build(1), build(2))).toBe(false);
  });
});
