import { toolSchemaError } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';
import type { BudgetOptions, DereferenceOptions } from '../types/index.ts';
import {
  budgetFor,
  DEFAULT_FACTOR,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MIN_BYTES,
  resolveOptions,
} from './resolveOptions.ts';

/** The budget of an input of `inputBytes` under the given budget options. */
function resolveBudget(options: BudgetOptions | undefined, inputBytes: number) {
  return budgetFor(
    resolveOptions(options === undefined ? {} : { budget: options }).budget,
    inputBytes,
  );
}

describe('resolveOptions', () => {
  it('fills in every default', () => {
    expect(resolveOptions()).toStrictEqual({
      dialect: '2020-12',
      cycles: 'ref',
      unrollLevels: 0,
      unresolved: 'permissive',
      root: 'any',
      foreignPatterns: 'keep',
      rootId: 'keep',
      budget: {
        minBytes: DEFAULT_MIN_BYTES,
        factor: DEFAULT_FACTOR,
        maxBytes: DEFAULT_MAX_BYTES,
        maxDepth: DEFAULT_MAX_DEPTH,
      },
    });
  });

  it('keeps every value given', () => {
    expect(
      resolveOptions({
        dialect: 'draft-07',
        cycles: { unroll: 3 },
        unresolved: 'keep',
        root: 'object',
        foreignPatterns: 'drop',
        rootId: 'drop',
        budget: { minBytes: 10, factor: 2, maxBytes: 100, maxDepth: 8 },
      }),
    ).toStrictEqual({
      dialect: 'draft-07',
      cycles: 'unroll',
      unrollLevels: 3,
      unresolved: 'keep',
      root: 'object',
      foreignPatterns: 'drop',
      rootId: 'drop',
      budget: { minBytes: 10, factor: 2, maxBytes: 100, maxDepth: 8 },
    });
    expect(resolveOptions({ cycles: 'throw' }).cycles).toBe('throw');
    expect(resolveOptions({ cycles: { unroll: 0 } })).toMatchObject({
      cycles: 'unroll',
      unrollLevels: 0,
    });
  });

  it('throws invalid-option for a value the pass does not know, naming the option', () => {
    const invalid: [DereferenceOptions, string][] = [
      [{ cycles: 'maybe' as never }, 'cycles'],
      [{ cycles: { unroll: -1 } }, 'cycles.unroll'],
      [{ cycles: { unroll: 1.5 } }, 'cycles.unroll'],
      [{ unresolved: 'drop' as never }, 'unresolved'],
      [{ dialect: 'draft-03' as never }, 'dialect'],
      [{ root: 'array' as never }, 'root'],
      [{ foreignPatterns: 'strip' as never }, 'foreignPatterns'],
      [{ rootId: 'strip' as never }, 'rootId'],
      [{ budget: { maxDepth: 0 } }, 'budget.maxDepth'],
    ];
    for (const [options, name] of invalid) {
      const error = toolSchemaError(() => resolveOptions(options));
      expect(error.code).toBe('invalid-option');
      expect(error.message.startsWith(`${name} must`)).toBe(true);
    }
  });
});

describe('resolveOptions on what a JavaScript caller may pass', () => {
  it('reads null as no options, and a null budget as no budget options', () => {
    expect(resolveOptions(null)).toStrictEqual(resolveOptions());
    expect(resolveOptions({ budget: null as never })).toStrictEqual(resolveOptions());
  });

  it('refuses options or a budget that are not objects, and options whose reading throws', () => {
    const cases: [unknown, string][] = [
      ['2020-12', 'The dereference options must be an object, got string.'],
      [{ budget: 5 }, 'The budget options must be an object, got number.'],
      [
        Object.defineProperty({}, 'cycles', {
          get() {
            throw new Error('getter');
          },
        }),
        'Reading the dereference option cycles threw: getter',
      ],
    ];
    for (const [options, message] of cases) {
      const error = toolSchemaError(() => resolveOptions(options as DereferenceOptions));
      expect(error.code).toBe('invalid-option');
      expect(error.message).toBe(message);
    }
  });
});

/** Builds `[[[...]]]` with `depth` arrays. */
function nestedArrays(depth: number): unknown[] {
  const root: unknown[] = [];
  let node = root;
  for (let level = 1; level < depth; level++) {
    const next: unknown[] = [];
    node.push(next);
    node = next;
  }
  return root;
}

describe('budgetFor', () => {
  it('has defaults that fit together: floor below cap, growth of at least 5×, stringifiable depth', () => {
    expect(DEFAULT_MIN_BYTES).toBeGreaterThan(0);
    expect(DEFAULT_MIN_BYTES).toBeLessThan(DEFAULT_MAX_BYTES);
    expect(DEFAULT_FACTOR).toBeGreaterThanOrEqual(5);
    expect(Number.isInteger(DEFAULT_MAX_DEPTH)).toBe(true);
    expect(() => JSON.stringify(nestedArrays(DEFAULT_MAX_DEPTH))).not.toThrow();
  });

  it('gives a small input the default floor and depth', () => {
    expect(resolveBudget(undefined, 0)).toStrictEqual({
      bytes: DEFAULT_MIN_BYTES,
      depth: DEFAULT_MAX_DEPTH,
    });
    expect(resolveBudget({}, 100)).toStrictEqual({
      bytes: DEFAULT_MIN_BYTES,
      depth: DEFAULT_MAX_DEPTH,
    });
  });

  it('keeps the floor up to the input size where the factor overtakes it', () => {
    const threshold = DEFAULT_MIN_BYTES / DEFAULT_FACTOR;
    expect(resolveBudget(undefined, Math.floor(threshold)).bytes).toBe(DEFAULT_MIN_BYTES);
    expect(resolveBudget(undefined, Math.ceil(threshold) + 1).bytes).toBe(
      DEFAULT_FACTOR * (Math.ceil(threshold) + 1),
    );
  });

  it('scales with the input above the floor', () => {
    const inputBytes = 20_000;
    expect(resolveBudget(undefined, inputBytes)).toStrictEqual({
      bytes: DEFAULT_FACTOR * inputBytes,
      depth: DEFAULT_MAX_DEPTH,
    });
    expect(resolveBudget(undefined, 2 * inputBytes).bytes).toBe(2 * DEFAULT_FACTOR * inputBytes);
  });

  it('lets an API-sized input inline at 5 times its size', () => {
    const inputBytes = 80 * 1024;
    expect(resolveBudget(undefined, inputBytes).bytes).toBeGreaterThanOrEqual(5 * inputBytes);
  });

  it('caps the output at maxBytes, whatever the input', () => {
    expect(resolveBudget(undefined, DEFAULT_MAX_BYTES).bytes).toBe(DEFAULT_MAX_BYTES);
    expect(resolveBudget(undefined, Number.MAX_SAFE_INTEGER).bytes).toBe(DEFAULT_MAX_BYTES);
  });

  it('uses each option given and the default for the others', () => {
    expect(resolveBudget({ minBytes: 1000 }, 10)).toStrictEqual({
      bytes: 1000,
      depth: DEFAULT_MAX_DEPTH,
    });
    expect(resolveBudget({ factor: 2 }, 100_000)).toStrictEqual({
      bytes: 200_000,
      depth: DEFAULT_MAX_DEPTH,
    });
    expect(resolveBudget({ maxBytes: 5000 }, 10)).toStrictEqual({
      bytes: 5000,
      depth: DEFAULT_MAX_DEPTH,
    });
    expect(resolveBudget({ maxDepth: 40 }, 10)).toStrictEqual({
      bytes: DEFAULT_MIN_BYTES,
      depth: 40,
    });
  });

  it('computes min(maxBytes, max(minBytes, factor × input)) with all options', () => {
    const options = { minBytes: 100, factor: 3, maxBytes: 1000, maxDepth: 8 };
    expect(resolveBudget(options, 10)).toStrictEqual({ bytes: 100, depth: 8 });
    expect(resolveBudget(options, 50)).toStrictEqual({ bytes: 150, depth: 8 });
    expect(resolveBudget(options, 500)).toStrictEqual({ bytes: 1000, depth: 8 });
  });

  it('lets the cap win over a floor above it', () => {
    expect(resolveBudget({ minBytes: 10_000, maxBytes: 1000 }, 1).bytes).toBe(1000);
  });

  it('throws invalid-option for a budget option that is not a positive number', () => {
    const invalid: unknown[] = [0, -1, Number.NaN, -Infinity, '100', null, true];
    for (const name of ['minBytes', 'factor', 'maxBytes', 'maxDepth']) {
      for (const value of invalid) {
        const options = { [name]: value } as BudgetOptions;
        const error = toolSchemaError(() => resolveBudget(options, 10));
        expect(error.code).toBe('invalid-option');
        expect(error.message).toContain(`budget.${name}`);
      }
    }
  });
});
