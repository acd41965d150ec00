import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../resolveOptions/index.ts';
import type { DereferenceOptions, Diagnostic } from '../types/index.ts';
import { measureJson } from '../utils/measureJson.ts';
import type { FinalizerContext } from './types.ts';
import { unrollCycles, unrollCyclesFinalizer } from './unrollCycles.ts';

describe('unrollCycles', () => {
  const roomy = { bytes: 1e6, depth: 512 };
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
    const out = unrollCycles(list(), '$defs', new Set(['List']), 1, roomy, diagnostics);
    expect(out).toStrictEqual({
      properties: {
        head: { properties: { value: { const: { $ref: '#/$defs/List' } }, next: {} } },
      },
    });
    expect(diagnostics.map((d) => d.code)).toStrictEqual(['cycle-unrolled']);
  });

  it('unrolls fewer levels when copies would pass the size bound', () => {
    const diagnostics: Diagnostic[] = [];
    const out = unrollCycles(
      list(),
      '$defs',
      new Set(['List']),
      50,
      { bytes: 2000, depth: 512 },
      diagnostics,
    );
    expect(JSON.stringify(out).length).toBeLessThan(2000);
    expect(diagnostics[0]!.message).toMatch(/instead of 50/);
  });

  it('unrolls fewer levels when copies would pass the depth bound, whatever the byte budget', () => {
    const diagnostics: Diagnostic[] = [];
    const out = unrollCycles(
      list(),
      '$defs',
      new Set(['List']),
      10_000,
      { bytes: 1e9, depth: 64 },
      diagnostics,
    );
    expect(measureJson(out).depth).toBeLessThanOrEqual(64);
    expect(diagnostics[0]!.message).toMatch(/instead of 10000/);
  });

  it('leaves entries that are not cyclic in place', () => {
    const out = unrollCycles(
      { items: { $ref: '#/$defs/Kept' }, $defs: { Kept: { type: 'string' } } },
      '$defs',
      new Set(),
      3,
      roomy,
      [],
    );
    expect(out).toStrictEqual({
      items: { $ref: '#/$defs/Kept' },
      $defs: { Kept: { type: 'string' } },
    });
  });
});

describe('unrollCyclesFinalizer', () => {
  const kept = () => ({
    properties: { next: { $ref: '#/$defs/List' } },
    $defs: { List: { properties: { next: { $ref: '#/$defs/List' } } } },
  });
  const context = (options: DereferenceOptions, withCycles = true): FinalizerContext => ({
    options: resolveOptions(options),
    dialect: '2020-12',
    diagnostics: [],
    cycles: withCycles
      ? { defsKeyword: '$defs', names: new Set(['List']), maxBytes: 1e6, maxDepth: 512 }
      : undefined,
    keptWhole: false,
  });

  it('unrolls the kept cycles on request, then cuts them with a diagnostic', () => {
    const on = context({ cycles: { unroll: 1 } });
    expect(unrollCyclesFinalizer(kept(), on)).toStrictEqual({
      properties: { next: { properties: { next: {} } } },
    });
    expect(on.diagnostics.map((diagnostic) => diagnostic.code)).toStrictEqual(['cycle-unrolled']);
  });

  it('leaves the output alone in the other cycle modes and when no cycle was kept', () => {
    for (const [options, withCycles] of [
      [{}, true],
      [{ cycles: 'throw' }, true],
      [{ cycles: { unroll: 2 } }, false],
    ] as const) {
      const input = kept();
      const off = context(options, withCycles);
      expect(unrollCyclesFinalizer(input, off)).toBe(input);
      expect(input).toStrictEqual(kept());
      expect(off.diagnostics).toStrictEqual([]);
    }
  });
});
