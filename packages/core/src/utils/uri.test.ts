import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URI, resolveUri } from './uri.ts';

describe('resolveUri', () => {
  it('resolves a relative reference against the base and splits off the fragment', () => {
    expect(
      resolveUri('other.json#/$defs/A', 'https://example.com/schemas/root.json'),
    ).toStrictEqual({ uri: 'https://example.com/schemas/other.json', fragment: '/$defs/A' });
  });

  it('gives the base itself for a fragment-only reference', () => {
    expect(resolveUri('#node', DEFAULT_BASE_URI)).toStrictEqual({
      uri: DEFAULT_BASE_URI,
      fragment: 'node',
    });
  });

  it('drops an empty trailing fragment, so "a.json#" and "a.json" name one resource', () => {
    const bare = resolveUri('https://example.com/a.json', DEFAULT_BASE_URI);
    const hashed = resolveUri('https://example.com/a.json#', DEFAULT_BASE_URI);
    expect(hashed).toStrictEqual({ uri: 'https://example.com/a.json', fragment: '' });
    expect(hashed).toStrictEqual(bare);
  });

  it('normalizes the URI the way URL does (case of scheme and host, dot segments)', () => {
    expect(resolveUri('HTTPS://Example.COM/a/../b.json', DEFAULT_BASE_URI)).toStrictEqual({
      uri: 'https://example.com/b.json',
      fragment: '',
    });
  });

  it('keeps the fragment percent-encoded', () => {
    expect(resolveUri('#/a%20b', DEFAULT_BASE_URI)?.fragment).toBe('/a%20b');
  });

  it('gives undefined for a string that is not a URI reference', () => {
    expect(resolveUri('http://[', DEFAULT_BASE_URI)).toBeUndefined();
    expect(resolveUri('a', 'not a base')).toBeUndefined();
  });
});
