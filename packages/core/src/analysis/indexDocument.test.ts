import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URI } from '../utils/uri.ts';
import { indexDocument } from './indexDocument.ts';

describe('indexDocument', () => {
  it('indexes every schema object in a schema position, with pointers and depths', () => {
    const index = indexDocument(
      {
        properties: { 'a/b': { items: { type: 'string' } } },
        allOf: [true, { minimum: 1 }],
        const: { properties: { ignored: {} } },
        $defs: { D: { type: 'null' } },
      },
      '2020-12',
    );
    expect(index.units.map((unit) => [unit.pointer, unit.depth])).toStrictEqual([
      ['', 0],
      ['/properties/a~1b', 2],
      ['/allOf/1', 2],
      ['/$defs/D', 2],
      ['/properties/a~1b/items', 3],
    ]);
    expect(index.units[0]!.children).toStrictEqual([1, 2]);
    expect(index.units[0]!.childDepth).toStrictEqual([2, 2]);
    expect(
      index.units[0]!.entries.map((entry) => [entry.key, entry.kind, entry.hidden]),
    ).toStrictEqual([
      ['properties', 3, false],
      ['allOf', 2, false],
      ['$defs', 3, true],
    ]);
    // The body is the output copy, with the subschemas' bodies in place and $defs left out.
    expect(index.units[0]!.body).toStrictEqual({
      properties: { 'a/b': { items: { type: 'string' } } },
      allOf: [true, { minimum: 1 }],
      const: { properties: { ignored: {} } },
    });
    expect((index.units[0]!.body.allOf as unknown[])[1]).toBe(index.units[2]!.body);
    expect(index.units[0]!.body.const).not.toBe(
      (index.units[0]!.source as { const: unknown }).const,
    );
  });

  it('resolves refs, including targets outside schema positions', () => {
    const index = indexDocument(
      {
        properties: { a: { $ref: '#/components/A' }, b: { $ref: '#/$defs/B' } },
        components: { A: { type: 'string' } },
        $defs: { B: true },
      },
      '2020-12',
    );
    const a = index.units.find((unit) => unit.pointer === '/properties/a')!;
    const b = index.units.find((unit) => unit.pointer === '/properties/b')!;
    expect(a.ref?.target.kind).toBe('unit');
    const target = index.units[(a.ref!.target as { unit: number }).unit]!;
    expect(target.pointer).toBe('/components/A');
    expect(b.ref?.target).toStrictEqual({ kind: 'boolean', value: true });
  });

  it('registers $id resources and $anchor names', () => {
    const index = indexDocument(
      {
        $id: 'https://example.com/root.json',
        $defs: { A: { $id: 'a.json', $anchor: 'here', type: 'string' } },
      },
      '2020-12',
    );
    expect([...index.resources.keys()]).toStrictEqual([
      DEFAULT_BASE_URI,
      'https://example.com/root.json',
      'https://example.com/a.json',
    ]);
    expect([...index.resources.get('https://example.com/a.json')!.anchors.keys()]).toStrictEqual([
      'here',
    ]);
  });

  it('ignores $id beside $ref in draft-07 and drops validation siblings with a diagnostic', () => {
    const index = indexDocument(
      { $ref: '#/definitions/A', $id: 'https://example.com/x.json', minimum: 1, title: 't' },
      'draft-07',
    );
    expect(index.resources.size).toBe(1);
    expect(index.units[0]!.body).toStrictEqual({ title: 't' });
    expect(index.diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
      ['ref-siblings-ignored', ''],
    ]);
  });

  it('reports values in schema positions that are no schema', () => {
    const index = indexDocument({ properties: { a: 3 }, items: 'x' }, '2020-12');
    expect(index.diagnostics.map((d) => [d.code, d.pointer])).toStrictEqual([
      ['schema-invalid', '/properties/a'],
      ['schema-invalid', '/items'],
    ]);
  });

  it('estimates the input size as compact JSON', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', maxLength: 20 } } };
    const index = indexDocument(schema, '2020-12');
    expect(index.inputBytes).toBe(JSON.stringify(schema).length);
  });
});
