import { describe, expect, it } from 'vitest';
import { forEachSubschema, visitSchemas } from './visitSchemas.ts';

describe('forEachSubschema', () => {
  it('lists the places of direct subschemas only', () => {
    const node = {
      properties: { a: { type: 'string' } },
      items: [true, {}],
      not: {},
      dependencies: { b: ['a'], c: {} },
      $defs: { D: {} },
      const: { properties: { x: {} } },
    };
    const places: [unknown, string | number][] = [];
    forEachSubschema(node, (container, key) => places.push([container, key]));
    expect(places).toStrictEqual([
      [node.properties, 'a'],
      [node.items, 0],
      [node.items, 1],
      [node, 'not'],
      [node.dependencies, 'b'],
      [node.dependencies, 'c'],
      [node.$defs, 'D'],
    ]);
  });
});

describe('visitSchemas', () => {
  it('visits schema objects in schema positions and skips data', () => {
    const seen: string[] = [];
    visitSchemas(
      JSON.parse(
        '{"title":"root","properties":{"$ref":{"title":"prop"},"__proto__":{"title":"proto"}},"default":{"title":"data"},"$defs":{"D":{"title":"def","items":{"title":"item"}}},"allOf":[true]}',
      ),
      (node) => seen.push(node.title as string),
    );
    expect(seen.sort()).toStrictEqual(['def', 'item', 'prop', 'proto', 'root']);
  });

  it('walks a 100,000-deep schema without recursion', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 100_000; level++) deep = { items: deep };
    let count = 0;
    visitSchemas(deep, () => count++);
    expect(count).toBe(100_001);
  });

  it('accepts booleans and non-schemas', () => {
    let count = 0;
    visitSchemas(true, () => count++);
    visitSchemas('x', () => count++);
    expect(count).toBe(0);
  });
});
