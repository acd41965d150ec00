import { describe, expect, it } from 'vitest';
import { indexDocument } from './indexDocument.ts';

function targetOf(schema: Record<string, unknown>, pointer: string) {
  const index = indexDocument(schema, '2020-12');
  const unit = index.units.find((each) => each.pointer === pointer)!;
  const target = unit.ref!.target;
  return target.kind === 'unit' ? index.units[target.unit]!.pointer : target;
}

describe('resolveReference', () => {
  it('resolves JSON Pointers, percent-decoded then unescaped', () => {
    expect(targetOf({ items: { $ref: '#/$defs/%7E0x~1y' }, $defs: { '~x/y': {} } }, '/items')).toBe(
      '/$defs/~0x~1y',
    );
  });

  it('resolves the empty fragment to the resource root', () => {
    expect(targetOf({ items: { $ref: '#' } }, '/items')).toBe('');
  });

  it('resolves anchors and relative $id references', () => {
    const schema = {
      $id: 'http://example.com/dir/root.json',
      properties: { a: { $ref: 'other.json#inner' }, b: { $ref: '/dir/other.json' } },
      $defs: { O: { $id: 'other.json', $defs: { I: { $anchor: 'inner' } } } },
    };
    expect(targetOf(schema, '/properties/a')).toBe('/$defs/O/$defs/I');
    expect(targetOf(schema, '/properties/b')).toBe('/$defs/O');
  });

  it('reports external and unresolved references without fetching', () => {
    expect(targetOf({ items: { $ref: 'https://example.com/x.json' } }, '/items')).toStrictEqual({
      kind: 'external',
      uri: 'https://example.com/x.json',
    });
    expect(targetOf({ items: { $ref: '#/nope' } }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'nothing is at that pointer',
    });
    expect(targetOf({ items: { $ref: '#missing' } }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'no anchor "missing" exists',
    });
    expect(targetOf({ items: { $ref: '#/a~2' } }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'its fragment is not a JSON Pointer',
    });
    expect(targetOf({ items: { $ref: '#/const' }, const: 3 }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'the value there is not a schema',
    });
  });

  it('does not follow inherited properties', () => {
    expect(targetOf({ items: { $ref: '#/constructor' } }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'nothing is at that pointer',
    });
    expect(targetOf({ items: { $ref: '#/__proto__' } }, '/items')).toStrictEqual({
      kind: 'unresolved',
      reason: 'nothing is at that pointer',
    });
  });
});
