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
        'foreign-patterns': 'drop',
        'root-id': 'drop',
        'max-bytes': '1000',
        'max-depth': '50',
      }),
    ).toStrictEqual({
      cycles: { unroll: 2 },
      unresolved: 'keep',
      dialect: 'draft-07',
      foreignPatterns: 'drop',
      rootId: 'drop',
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
      new UsageError("option '--max-depth' must be greater than 0, got '0'"),
    );
  });

  it('accepts the dialects as the adapters spell targets, and as the pass spells them', () => {
    expect(toDereferenceOptions({ dialect: 'draft-2020-12' })).toStrictEqual({
      dialect: '2020-12',
    });
    expect(toDereferenceOptions({ dialect: 'draft-2019-09' })).toStrictEqual({
      dialect: '2019-09',
    });
    expect(toDereferenceOptions({ dialect: '2020-12' })).toStrictEqual({ dialect: '2020-12' });
    expect(toDereferenceOptions({ dialect: 'draft-07' })).toStrictEqual({ dialect: 'draft-07' });
  });

  it('names the option and echoes the value it refuses', () => {
    expect(() => toDereferenceOptions({ dialect: 'draft-03' })).toThrow(
      new UsageError(
        "option '--dialect' must be one of draft-04, draft-06, draft-07, 2019-09, 2020-12, got 'draft-03'",
      ),
    );
    expect(() => toDereferenceOptions({ unresolved: 'drop' })).toThrow(
      new UsageError("option '--unresolved' must be 'permissive', 'keep' or 'throw', got 'drop'"),
    );
    expect(() => toDereferenceOptions({ 'max-bytes': 'lots' })).toThrow(
      new UsageError("option '--max-bytes' must be a non-negative integer, got 'lots'"),
    );
    expect(() => toDereferenceOptions({ 'foreign-patterns': 'strip' })).toThrow(
      new UsageError("option '--foreign-patterns' must be 'keep' or 'drop', got 'strip'"),
    );
    expect(() => toDereferenceOptions({ 'root-id': 'strip' })).toThrow(
      new UsageError("option '--root-id' must be 'keep' or 'drop', got 'strip'"),
    );
  });
});
