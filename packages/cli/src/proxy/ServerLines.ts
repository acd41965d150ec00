const NEWLINE = 0x0a;
const NEWLINE_BYTES = Buffer.from('\n');

/**
 * The server's side of the proxy's framing. A line that starts while no `tools/list` answer can
 * come streams through chunk by chunk, as the same bytes, without being collected; a line that
 * starts while one can come is collected whole and handed to `rewrite`. Whether a line is collected
 * is decided at its first byte.
 */
export class ServerLines {
  readonly #collect: () => boolean;
  readonly #rewrite: (line: Buffer) => Buffer | readonly Buffer[];
  #pending: Buffer[] = [];
  /** For the line under way: whether it is collected; `undefined` at a line start. */
  #collecting: boolean | undefined;

  /**
   * @param collect Whether a line starting now must be collected.
   * @param rewrite What to send for a collected line (given without its `\n`): its bytes, or
   *   pieces of them to send in order; no pieces drop the line, its `\n` too.
   */
  constructor(collect: () => boolean, rewrite: (line: Buffer) => Buffer | readonly Buffer[]) {
    this.#collect = collect;
    this.#rewrite = rewrite;
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
      if (!this.#collecting) out.push(chunk.subarray(start, newline === -1 ? end : end + 1));
      else {
        this.#pending.push(chunk.subarray(start, end));
        if (newline !== -1) {
          const line =
            this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
          this.#pending = [];
          const rewritten = this.#rewrite(line);
          if (Buffer.isBuffer(rewritten)) out.push(rewritten, NEWLINE_BYTES);
          // No pieces: the line is not for the client (an answer to the proxy's own request).
          else if (rewritten.length > 0) out.push(...rewritten, NEWLINE_BYTES);
        }
      }
      if (newline === -1) break;
      this.#collecting = undefined;
      start = newline + 1;
    }
    return out;
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
