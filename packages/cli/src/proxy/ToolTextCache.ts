import type { ListedTool } from '@toolschema/mcp';

/** What one tool's text of a `tools/list` answer became. Shared between answers. */
export interface CachedTool {
  /**
   * The tool's exact bytes as listed (for a message the remote proxy parsed, as `JSON.stringify`
   * writes it), read as latin1 (one character per byte): the key.
   */
  readonly source: string;
  /** The same bytes, to compare in place with a line. */
  readonly bytes: Buffer;
  /** What the core made of it. */
  readonly listed: ListedTool;
  /**
   * The bytes the client gets for it: `undefined` when it is left out, `'same'` when they are
   * the source's.
   */
  readonly output: Buffer | 'same' | undefined;
  /** Set once the cache let go of it. */
  evicted: boolean;
  /** Set when it is used, cleared when the cache passes it over once before letting it go. */
  used: boolean;
}

/** Bounds of a {@link ToolTextCache}. */
export interface ToolTextCacheLimits {
  /** How many tools it keeps at most. */
  maxEntries: number;
  /**
   * How many bytes of tool text it keeps at most: each tool's text as listed counts twice (it is
   * kept as the key and as bytes to compare with), plus its text as rewritten.
   */
  maxBytes: number;
}

/** Default bounds: 4096 tools, 32 MiB of text. */
export const DEFAULT_TOOL_TEXT_CACHE_LIMITS: ToolTextCacheLimits = {
  maxEntries: 4096,
  maxBytes: 32 * 1024 * 1024,
};

/**
 * What each tool's text became, keyed by the text itself, so a tool listed again as the same
 * bytes costs a lookup instead of a parse, a pass and a serialization. Bounded in entries and in
 * bytes (see {@link ToolTextCacheLimits.maxBytes}). The tool that goes first is the oldest one not
 * used since the cache last passed over it (a "second chance" order, close to least recently used
 * while a hit costs one flag, not a move); a tool larger than the byte bound is not kept.
 */
export class ToolTextCache {
  readonly #entries = new Map<string, CachedTool>();
  readonly #limits: ToolTextCacheLimits;
  #bytes = 0;

  /** @param limits Its bounds. */
  constructor(limits: ToolTextCacheLimits = DEFAULT_TOOL_TEXT_CACHE_LIMITS) {
    this.#limits = limits;
  }

  /** How many tools it holds. */
  get size(): number {
    return this.#entries.size;
  }

  /** How many bytes of text it holds (see {@link ToolTextCacheLimits.maxBytes}). */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The tool listed as this text, if kept; it is marked as used.
   *
   * @param source The tool's bytes read as latin1.
   * @returns What it became, or `undefined`.
   */
  get(source: string): CachedTool | undefined {
    const entry = this.#entries.get(source);
    if (entry !== undefined) this.touch(entry);
    return entry;
  }

  /**
   * Marks a kept tool as used (when it was found without {@link ToolTextCache.get}).
   *
   * @param entry A tool this cache returned or kept.
   */
  touch(entry: CachedTool): void {
    entry.used = true;
  }

  /**
   * Keeps what a tool's text became, letting the oldest unused go while over a bound.
   *
   * @param entry The tool (not kept when larger than the byte bound by itself).
   */
  add(entry: CachedTool): void {
    const size = sizeOf(entry);
    if (size > this.#limits.maxBytes || this.#limits.maxEntries < 1) {
      entry.evicted = true;
      return;
    }
    const known = this.#entries.get(entry.source);
    if (known !== undefined) this.#remove(known);
    // Each kept tool is passed over at most once per add, so this ends.
    let passes = this.#entries.size;
    while (
      this.#entries.size >= this.#limits.maxEntries ||
      this.#bytes + size > this.#limits.maxBytes
    ) {
      const oldest = this.#entries.values().next();
      if (oldest.done === true) break;
      const tool = oldest.value;
      if (tool.used && passes-- > 0) {
        tool.used = false;
        this.#entries.delete(tool.source);
        this.#entries.set(tool.source, tool);
      } else this.#remove(tool);
    }
    this.#entries.set(entry.source, entry);
    this.#bytes += size;
  }

  #remove(entry: CachedTool): void {
    this.#entries.delete(entry.source);
    this.#bytes -= sizeOf(entry);
    entry.evicted = true;
  }
}

function sizeOf(entry: CachedTool): number {
  return (
    entry.source.length +
    entry.bytes.length +
    (entry.output instanceof Buffer ? entry.output.length : 0)
  );
}
