const NEWLINE = 0x0a;
const NEWLINE_BYTES = Buffer.from('\n');

/**
 * The longest line streamed through that is shown to `observe` (see {@link ServerLines}): a
 * notification is a short line, and a longer one is not copied at all.
 */
export const MAX_OBSERVED_LINE_BYTES = 4096;

/**
 * The server's side of the proxy's framing. A line that starts while no `tools/list` answer can
 * come streams through chunk by chunk, as the same bytes, without being collected; a line that
 * starts while one can come is collected whole and handed to `rewrite`. Whether a line is collected
 * is decided at its first byte. A line streamed through that is no longer than
 * {@link MAX_OBSERVED_LINE_BYTES} is also shown, whole and once it ended, to `observe`, if given.
 */
export class ServerLines {
  readonly #collect: () => boolean;
  readonly #rewrite: (line: Buffer) => Buffer | readonly Buffer[];
  readonly #observe: ((line: Buffer) => void) | undefined;
  #pending: Buffer[] = [];
  /** For the line under way: whether it is collected; `undefined` at a line start. */
  #collecting: boolean | undefined;
  /** The bytes of the streamed line under way, while it is short enough to be observed. */
  #observed: Buffer[] | undefined = [];
  #observedBytes = 0;

  /**
   * @param collect Whether a line starting now must be collected.
   * @param rewrite What to send for a collected line (given without its `\n`): its bytes, or
   *   pieces of them to send in order; no pieces drop the line, its `\n` too.
   * @param observe Shown each short line streamed through (without its `\n`), after its bytes
   *   were handed back: what it may do can no longer change the line.
   */
  constructor(
    collect: () => boolean,
    rewrite: (line: Buffer) => Buffer | readonly Buffer[],
    observe?: (line: Buffer) => void,
  ) {
    this.#collect = collect;
    this.#rewrite = rewrite;
    this.#observe = observe;
  }

  /**
   * Feeds a chunk of the server's output.
   *
   * @param chunk The next bytes.
   * @returns The bytes to send to the client now, in order.
   */
  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let start = 0;
    while (start < chunk.length) {
      this.#collecting ??= this.#collect();
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.#collecting) {
        out.push(chunk.subarray(start, newline === -1 ? end : end + 1));
        if (this.#observe !== undefined) this.#keepObserved(chunk.subarray(start, end));
      } else {
        this.#pending.push(chunk.subarray(start, end));
        if (newline !== -1) {
          const line =
            this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
          this.#pending = [];
          const rewritten = this.#rewrite(line);
          if (Buffer.isBuffer(rewritten)) out.push(rewritten, NEWLINE_BYTES);
          // No pieces: the line is not for the client (an answer to the proxy's own request).
          else if (rewritten.length > 0) {
            // A loop, not a spread: an answer listing 80,000 tools has twice as many pieces.
            for (const piece of rewritten) out.push(piece);
            out.push(NEWLINE_BYTES);
          }
        }
      }
      if (newline === -1) break;
      if (!this.#collecting) this.#lineStreamed();
      this.#collecting = undefined;
      start = newline + 1;
    }
    return out;
  }

  /** Keeps the bytes of a streamed line while it is short enough to be observed. */
  #keepObserved(bytes: Buffer): void {
    if (this.#observed === undefined) return;
    this.#observedBytes += bytes.length;
    // Copied: the chunk is handed back to be written, and may be reused.
    if (this.#observedBytes <= MAX_OBSERVED_LINE_BYTES) this.#observed.push(Buffer.from(bytes));
    else this.#observed = undefined;
  }

  /** A streamed line ended: shows it to `observe` if it was kept. */
  #lineStreamed(): void {
    const observed = this.#observed;
    this.#observed = [];
    this.#observedBytes = 0;
    if (observed === undefined || this.#observe === undefined) return;
    this.#observe(observed.length === 1 ? observed[0]! : Buffer.concat(observed));
  }

  /**
   * Ends the output.
   *
   * @returns The bytes still to send: a collected last line without `\n`, rewritten.
   */
  end(): Buffer[] {
    if (this.#pending.length === 0) return [];
    const line = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#collecting = undefined;
    const rewritten = this.#rewrite(line);
    return Buffer.isBuffer(rewritten) ? [rewritten] : [...rewritten];
  }
}
