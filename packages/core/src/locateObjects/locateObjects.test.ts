import { describe, expect, it } from 'vitest';
import { locateObjects } from './locateObjects.ts';

describe('locateObjects', () => {
  it('finds objects in document order with escaped pointers', () => {
    const a = { type: 'string' };
    const b = { type: 'number' };
    const c = {};
    const root = { properties: { 'x/y': a, list: [b, { '~': c }] } };
    expect(locateObjects(root, new Set([c, a, b]))).toStrictEqual([
      [a, '/properties/x~1y'],
      [b, '/properties/list/0'],
      [c, '/properties/list/1/~0'],
    ]);
  });

  it('reports the first place of a shared object, finds the root, leaves out the absent', () => {
    const shared = {};
    const root = { a: shared, b: shared };
    expect(locateObjects(root, new Set([shared, {}]))).toStrictEqual([[shared, '/a']]);
    expect(locateObjects(root, new Map([[root, 1]]))).toStrictEqual([[root, '']]);
  });
});
