import { describe, expect, it } from 'vitest';
import { UsageError } from '../CliError/index.ts';
import { parseArgs, parseIntegerOption } from './parseArgs.ts';

const SPECS = {
  json: { kind: 'boolean' },
  timeout: { kind: 'string' },
  header: { kind: 'list' },
  help: { kind: 'boolean', short: 'h' },
} as const;

describe('parseArgs', () => {
  it('reads flags, --name value, --name=value, short aliases and positionals', () => {
    expect(parseArgs(['a.json', '--json', '--timeout', '5', '-h', 'b'], SPECS)).toStrictEqual({
      options: { json: true, timeout: '5', help: true },
      positionals: ['a.json', 'b'],
      rest: undefined,
    });
    expect(parseArgs(['--timeout=7', '--timeout=8'], SPECS).options).toStrictEqual({
      timeout: '8',
    });
  });

  it('keeps every value of a list option, in order', () => {
    expect(parseArgs(['--header', 'A: 1', '--header=B: 2', '--timeout', '5'], SPECS)).toStrictEqual(
      {
        options: { header: ['A: 1', 'B: 2'], timeout: '5' },
        positionals: [],
        rest: undefined,
      },
    );
  });

  it('hands everything after -- over untouched', () => {
    expect(parseArgs(['--json', '--', 'npx', '-y', '--json', '--'], SPECS)).toStrictEqual({
      options: { json: true },
      positionals: [],
      rest: ['npx', '-y', '--json', '--'],
    });
  });

  it('with stopAtPositional, hands the first positional and the rest over', () => {
    expect(
      parseArgs(['--json', 'node', 'server.js', '--port', '1'], SPECS, { stopAtPositional: true }),
    ).toStrictEqual({
      options: { json: true },
      positionals: [],
      rest: ['node', 'server.js', '--port', '1'],
    });
  });

  it('treats a lone - as a positional (stdin)', () => {
    expect(parseArgs(['-'], SPECS).positionals).toStrictEqual(['-']);
  });

  it('rejects unknown options, missing values and values given to flags', () => {
    expect(() => parseArgs(['--nope'], SPECS)).toThrow(new UsageError("unknown option '--nope'"));
    expect(() => parseArgs(['-x'], SPECS)).toThrow(new UsageError("unknown option '-x'"));
    expect(() => parseArgs(['--timeout'], SPECS)).toThrow(
      new UsageError("option '--timeout' needs a value"),
    );
    expect(() => parseArgs(['--timeout', '--'], SPECS)).toThrow(UsageError);
    expect(() => parseArgs(['--json=yes'], SPECS)).toThrow(
      new UsageError("option '--json' takes no value, got 'yes'"),
    );
    expect(() => parseArgs(['--toString'], SPECS)).toThrow(UsageError);
  });
});

describe('parseIntegerOption', () => {
  it('parses non-negative integers and passes undefined through', () => {
    expect(parseIntegerOption('250', '--timeout')).toBe(250);
    expect(parseIntegerOption(undefined, '--timeout')).toBe(undefined);
  });

  it('rejects anything else', () => {
    for (const value of ['', '-1', '1.5', '1e3', 'abc']) {
      expect(() => parseIntegerOption(value, '--timeout')).toThrow(UsageError);
    }
  });
});
