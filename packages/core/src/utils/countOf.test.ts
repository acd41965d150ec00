import { describe, expect, it } from 'vitest';
import { countOf } from './countOf.ts';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect([0, 1, 2].map((count) => countOf(count, 'level'))).toStrictEqual([
      '0 levels',
      '1 level',
      '2 levels',
    ]);
  });
});
