import { describe, expect, it } from 'vitest';
import { keyIndexOf, SCANNED_KEYS } from './keyLists.ts';

describe('key lists', () => {
  it('scans a short list and looks a long one up, with the same answers', () => {
    const short = Array.from({ length: SCANNED_KEYS }, (_, index) => `k${index}`);
    const long = [...short, 'k8', '__proto__'];
    for (const keys of [short, long]) {
      const index = new Map(keys.map((key, at) => [key, at]));
      expect(keys.map((key) => keyIndexOf(keys, index, key))).toStrictEqual(
        keys.map((_, at) => at),
      );
      expect(['x', 'constructor', 'K0'].map((key) => keyIndexOf(keys, index, key))).toStrictEqual([
        -1, -1, -1,
      ]);
    }
    // Past the cutoff the index answers, so a list of thousands of keys is not searched.
    const stale = new Map([['k0', 7]]);
    expect(keyIndexOf(short, stale, 'k0')).toBe(0);
    expect(keyIndexOf(long, stale, 'k0')).toBe(7);
  });
});
