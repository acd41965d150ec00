import type { ListedTool } from '@toolschema/mcp';

/** What one tool's text of a `tools/list` answer became. Shared between answers. */
export interface CachedTool {
  /** The tool's exact bytes as listed, read as latin1 (one character per byte): the key. */
  readonly source: string;
  /** What the core made of it. */
  readonly listed: ListedTool;
  /**
   * The bytes the client gets for it: `undefined` when it is left out, `'same'` when they are
   * the source's.
   */
  readonly output: Buffer | 'same' | undefined;
  /** Set once the cache let go of it. */
  evicted: boolean;
}

/** Bounds of a {@link ToolTextCache}. */
export interface ToolTextCacheLimits {
  /** How many tools it keeps at most. */
  maxEntries: number;
  /** How many bytes of tool text (as listed plus as rewritten) it keeps at most. */
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
 * bytes (a tool's text as listed plus as rewritten); the least recently used tool goes first, and
 * a tool larger than the byte bound is not kept.
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
   * The tool listed as this text, if kept; it becomes the most recently used.
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
   * Marks a kept tool as just used (when it was found without {@link ToolTextCache.get}).
   *
   * @param entry A tool this cache returned or kept.
   */
  touch(entry: CachedTool): void {
    if (entry.evicted) return;
    this.#entries.delete(entry.source);
    this.#entries.set(entry.source, entry);
  }

  /**
   * Keeps what a tool's text became, letting the least recently used go while over a bound.
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
    while (
      this.#entries.size >= this.#limits.maxEntries ||
      this.#bytes + size > this.#limits.maxBytes
    ) {
      const oldest = this.#entries.values().next();
      if (oldest.done === true) break;
      this.#remove(oldest.value);
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
  return entry.source.length + (entry.output instanceof Buffer ? entry.output.length : 0);
}
