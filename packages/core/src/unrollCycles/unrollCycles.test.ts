import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types/index.ts';
import { unrollCycles } from './unrollCycles.ts';

describe('unrollCycles', () => {
  const list = () => ({
    properties: { head: { $ref: '#/$defs/List' } },
    $defs: {
      List: {
        properties: { value: { const: { $ref: '#/$defs/List' } }, next: { $ref: '#/$defs/List' } },
      },
    },
  });

  it('inlines n levels of the cycle, then a permissive schema, and drops the entry', () => {
    const diagnostics: Diagnostic[] = [];
    const out = unrollCycles(list(), '$defs', new Set(['List']), 1, 1e6, diagnostics);
    expect(out).toStrictEqual({
      properties: {
        head: { properties: { value: { const: { $ref: '#/$defs/List' } }, next: {} } },
      },
    });
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['cycle-unrolled']);
  });

  it('unrolls fewer levels when copies would pass the size bound', () => {
    const diagnostics: Diagnostic[] = [];
    const out = unrollCycles(list(), '$defs', new Set(['List']), 50, 2000, diagnostics);
    expect(JSON.stringify(out).length).toBeLessThan(2000);
    expect(diagnostics[0]!.message).toMatch(/instead of 50/);
  });

  it('leaves entries that are not cyclic in place', () => {
    const out = unrollCycles(
      { items: { $ref: '#/$defs/Kept' }, $defs: { Kept: { type: 'string' } } },
      '$defs',
      new Set(),
      3,
      1e6,
      [],
    );
    expect(out).toStrictEqual({
      items: { $ref: '#/$defs/Kept' },
      $defs: { Kept: { type: 'string' } },
    });
  });
});
