import type { ListedTool } from '@toolschema/mcp';
import { describe, expect, it } from 'vitest';
import { type CachedTool, ToolTextCache } from './ToolTextCache.ts';

const listed: ListedTool = {
  tool: undefined,
  state: undefined,
  report: { name: 'x', diagnostics: [], errors: [], violations: [], omitted: true },
};

function entry(source: string, output: CachedTool['output'] = 'same'): CachedTool {
  return {
    source,
    bytes: Buffer.from(source, 'latin1'),
    listed,
    output,
    evicted: false,
    used: false,
  };
}

describe('ToolTextCache', () => {
  it('lets the oldest tool not used since it was last passed over go first', () => {
    const cache = new ToolTextCache({ maxEntries: 2, maxBytes: 1000 });
    const [a, b, c] = [entry('{"a":1}'), entry('{"b":1}'), entry('{"c":1}')];
    cache.add(a);
    cache.add(b);
    expect(cache.get('{"a":1}')).toBe(a);
    cache.add(c);
    expect(cache.get('{"b":1}')).toBeUndefined();
    expect(b.evicted).toBe(true);
    expect([a.evicted, c.evicted]).toStrictEqual([false, false]);
    cache.touch(a);
    cache.add(entry('{"d":1}'));
    expect(c.evicted).toBe(true);
    expect(cache.size).toBe(2);
  });

  it('counts the text as listed and as rewritten against its bytes', () => {
    const cache = new ToolTextCache({ maxEntries: 100, maxBytes: 30 });
    const a = entry('{"a":1}', Buffer.from('{"a":2,"b":3}'));
    cache.add(a);
    // 7 bytes as listed, counted twice, and 13 as rewritten.
    expect(cache.bytes).toBe(27);
    const b = entry('{"b":1}', Buffer.from('{"b":2}'));
    cache.add(b);
    expect([a.evicted, b.evicted, cache.bytes, cache.size]).toStrictEqual([true, false, 21, 1]);
    const huge = entry(`{"h":"${'x'.repeat(40)}"}`);
    cache.add(huge);
    expect([huge.evicted, cache.size, cache.bytes]).toStrictEqual([true, 1, 21]);
    // The same text again replaces the entry, counted once.
    const again = entry('{"b":1}', Buffer.from('{"b":2}'));
    cache.add(again);
    expect([b.evicted, cache.size, cache.bytes]).toStrictEqual([true, 1, 21]);
    expect(cache.get('{"b":1}')).toBe(again);
  });
});
