import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_UNITS } from './limits.ts';

describe('limits', () => {
  it('leave room for any real document: a 100,000-deep input and 1,000,000 subschemas', () => {
    expect(MAX_DEPTH).toBeGreaterThan(100_000);
    expect(MAX_UNITS).toBeGreaterThan(1_000_000);
  });

  it('stay small enough to end a walk over an object that contains itself in bounded work', () => {
    expect(Number.isSafeInteger(MAX_DEPTH * MAX_UNITS)).toBe(true);
    expect(MAX_UNITS).toBeLessThanOrEqual(10_000_000);
  });
});
