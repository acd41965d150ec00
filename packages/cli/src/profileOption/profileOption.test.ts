import { describe, expect, it } from 'vitest';
import { UsageError } from '../CliError/index.ts';
import { parseProfile, parseProfileList } from './profileOption.ts';

const LISTED =
  'mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict';

describe('parseProfile', () => {
  it('takes every profile name and nothing else', () => {
    expect(parseProfile('openai-strict')).toBe('openai-strict');
    expect(parseProfile(undefined)).toBe(undefined);
    expect(() => parseProfile('claude')).toThrow(
      new UsageError(`unknown profile 'claude' (profiles: ${LISTED})`),
    );
  });
});

describe('parseProfileList', () => {
  it('reads a comma-separated list in order, each profile once', () => {
    expect(parseProfileList('gemini, openai-strict,gemini')).toStrictEqual([
      'gemini',
      'openai-strict',
    ]);
    expect(() => parseProfileList('gemini,')).toThrow(UsageError);
  });
});
