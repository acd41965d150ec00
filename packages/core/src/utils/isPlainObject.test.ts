import { describe, expect, it } from 'vitest';
import { isPlainObject } from './isPlainObject.ts';

describe('isPlainObject', () => {
  it('accepts objects, with or without a prototype', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ type: 'string' })).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it('rejects null, arrays and scalars', () => {
    for (const value of [null, undefined, [], [1], 'a', 1, true, Symbol('s'), () => 1]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });
});
