import { describe, expect, it } from 'vitest';
import { isAmong, keySetOf, SCANNED_KEYS } from './keyLists.ts';

describe('key lists', () => {
  it('scans a short list and hashes a long one, with the same answers', () => {
    const short = Array.from({ length: SCANNED_KEYS }, (_, index) => `k${index}`);
    const long = [...short, 'k8', '__proto__'];
    expect(keySetOf(short)).toBeUndefined();
    expect(keySetOf(long)).toStrictEqual(new Set(long));
    for (const keys of [short, long]) {
      const set = keySetOf(keys);
      expect(keys.map((key) => isAmong(keys, set, key))).toStrictEqual(keys.map(() => true));
      expect(['x', 'constructor', 'K0'].map((key) => isAmong(keys, set, key))).toStrictEqual([
        false,
        false,
        false,
      ]);
    }
  });
});
