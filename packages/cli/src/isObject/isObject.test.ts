import { describe, expect, it } from 'vitest';
import { isObject } from './isObject.ts';

describe('isObject', () => {
  it('accepts JSON objects only', () => {
    expect([{}, { a: 1 }, [], null, 'x', 1, true, undefined].map(isObject)).toStrictEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
