import { describe, expect, it } from 'vitest';
import { UsageError } from '../CliError/index.ts';
import { parseCycleMode, toDereferenceOptions } from './passOptions.ts';

describe('parseCycleMode', () => {
  it('parses ref, throw and unroll=N', () => {
    expect(parseCycleMode('ref')).toBe('ref');
    expect(parseCycleMode('throw')).toBe('throw');
    expect(parseCycleMode('unroll=3')).toStrictEqual({ unroll: 3 });
  });

  it('rejects anything else', () => {
    for (const value of ['unroll', 'unroll=', 'unroll=-1', 'REF', 'keep']) {
      expect(() => parseCycleMode(value)).toThrow(UsageError);
    }
  });
});

describe('toDereferenceOptions', () => {
  it('maps every option onto the pass options', () => {
    expect(
      toDereferenceOptions({
        cycles: 'unroll=2',
        unresolved: 'keep',
        dialect: 'draft-07',
        'max-bytes': '1000',
        'max-depth': '50',
      }),
    ).toStrictEqual({
      cycles: { unroll: 2 },
      unresolved: 'keep',
      dialect: 'draft-07',
      budget: { maxBytes: 1000, maxDepth: 50 },
    });
  });

  it('sets nothing that was not given', () => {
    expect(toDereferenceOptions({})).toStrictEqual({});
    expect(toDereferenceOptions({ 'max-depth': '9' })).toStrictEqual({ budget: { maxDepth: 9 } });
  });

  it('rejects unknown values', () => {
    expect(() => toDereferenceOptions({ unresolved: 'drop' })).toThrow(UsageError);
    expect(() => toDereferenceOptions({ dialect: 'draft-03' })).toThrow(UsageError);
    expect(() => toDereferenceOptions({ 'max-bytes': 'lots' })).toThrow(UsageError);
    expect(() => toDereferenceOptions({ 'max-depth': '0' })).toThrow(
      new UsageError("option '--max-depth' must be greater than 0"),
    );
  });
});
