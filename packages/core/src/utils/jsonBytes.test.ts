import { describe, expect, it } from 'vitest';
import {
  ALL_OF_BYTES,
  BOOLEAN_SCHEMA_BYTES,
  containerBytes,
  keyBytes,
  REF_BYTES,
  scalarBytes,
} from './jsonBytes.ts';

describe('jsonBytes', () => {
  it('counts brackets and commas of a container, its members apart', () => {
    expect(containerBytes(0)).toBe('[]'.length);
    expect(containerBytes(1)).toBe('[]'.length);
    expect(containerBytes(3)).toBe('[,,]'.length);
  });

  it('counts a key with its quotes and colon', () => {
    expect(keyBytes('type')).toBe('"type":'.length);
    expect(keyBytes('')).toBe('"":'.length);
  });

  it('adds up to JSON.stringify for plain JSON', () => {
    const value = { type: 'object', required: ['a', 'b'], n: 12 };
    const bytes =
      containerBytes(3) +
      keyBytes('type') +
      scalarBytes('object') +
      keyBytes('required') +
      containerBytes(2) +
      scalarBytes('a') +
      scalarBytes('b') +
      keyBytes('n') +
      scalarBytes(12);
    expect(bytes).toBe(JSON.stringify(value).length);
  });

  it('counts JSON scalars and refuses what JSON cannot hold', () => {
    expect(['abc', 0, -12, 1.5, true, false, null].map(scalarBytes)).toStrictEqual([
      5, 1, 3, 12, 4, 5, 4,
    ]);
    expect([undefined, () => 1, Symbol('s'), 1n].map(scalarBytes)).toStrictEqual([-1, -1, -1, -1]);
  });

  it('sizes a boolean subschema, a kept $ref and an allOf wrapper as they are written', () => {
    expect(BOOLEAN_SCHEMA_BYTES).toBe('false'.length);
    expect(REF_BYTES).toBe(`${JSON.stringify({ $ref: '#/$defs/' })},`.length);
    expect(ALL_OF_BYTES).toBeGreaterThanOrEqual('"allOf":[],'.length);
    expect(ALL_OF_BYTES).toBeLessThanOrEqual('"allOf":[],'.length + 1);
  });
});
