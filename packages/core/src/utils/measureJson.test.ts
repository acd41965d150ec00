import { nestedItems, toolSchemaError } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import { measureJson } from './measureJson.ts';

describe('measureJson', () => {
  it('counts the compact JSON size of ASCII values without escapes exactly', () => {
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      -42,
      123_456_789_012,
      '',
      'hello world',
      {},
      [],
      [[]],
      [1],
      [1, 'a', null, true, false],
      { a: 1 },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      {
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
        anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }, {}],
        enum: [[], {}, [[1, 2], { x: -3 }]],
        '': { ' ': '' },
      },
    ];
    for (const value of values) {
      expect(measureJson(value).bytes, JSON.stringify(value)).toBe(JSON.stringify(value).length);
    }
  });

  it('counts a shared object once per use, as JSON.stringify writes it', () => {
    const shared = { type: 'string', enum: ['a', 'b'] };
    const value = { properties: { a: shared, b: shared }, items: [shared, shared] };
    expect(measureJson(value)).toStrictEqual({
      bytes: JSON.stringify(value).length,
      depth: 4,
    });
  });

  it('counts undefined and functions in arrays as null, as JSON.stringify writes them', () => {
    const value = [undefined, () => 1, 1];
    expect(measureJson(value).bytes).toBe(JSON.stringify(value).length);
  });

  it('reports depth 0 for a scalar', () => {
    for (const value of [null, true, 1, 'a']) expect(measureJson(value).depth).toBe(0);
  });

  it('counts the containers on the deepest path', () => {
    expect(measureJson({}).depth).toBe(1);
    expect(measureJson([]).depth).toBe(1);
    expect(measureJson({ a: 1 }).depth).toBe(1);
    expect(measureJson([[]]).depth).toBe(2);
    expect(measureJson({ a: { b: [1] } }).depth).toBe(3);
    expect(measureJson({ a: {}, b: { c: { d: {} } }, e: [] }).depth).toBe(4);
    expect(measureJson([1, [2, [3, [4]]], []]).depth).toBe(4);
  });

  it('measures 100,000 levels of nesting without overflowing the stack', () => {
    const levels = 100_000;
    const root = nestedItems(levels);
    // Each level writes `{"items":` and `}`; the innermost object is `{}`.
    const perLevel = '{"items":}'.length;
    expect(measureJson(root)).toStrictEqual({
      bytes: levels * perLevel + '{}'.length,
      depth: levels + 1,
    });
  });

  it('throws invalid-schema on a cycle between objects', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { next: node };
    expect(toolSchemaError(() => measureJson(node)).code).toBe('invalid-schema');
  });

  it('throws invalid-schema on a cycle through an array', () => {
    const list: unknown[] = [];
    list.push({ anyOf: list });
    expect(toolSchemaError(() => measureJson({ items: list })).code).toBe('invalid-schema');
  });
});
