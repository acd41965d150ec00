const NEWLINE = 0x0a;

/** Options of {@link LineSplitter}. */
export interface LineSplitterOptions {
  /**
   * The longest line handed on, in bytes (without its `\n`). The bytes of a longer line are let
   * go as soon as it passes this length, and the line is skipped, so memory stays bounded however
   * long a line is. Default: no limit.
   */
  maxLineBytes?: number;
}

/**
 * Splits a byte stream into newline-delimited lines, the framing of MCP over stdio (one JSON-RPC
 * message per line). Works on bytes, not strings, so a line is handed on exactly as it arrived
 * (a UTF-8 sequence cut by a chunk boundary stays intact, a `\r` before the `\n` stays part of the
 * line). Chunk boundaries may fall anywhere; a line of any length is collected without copying
 * more than once.
 */
export class LineSplitter {
  readonly #onLine: (line: Buffer) => void;
  readonly #maxLineBytes: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Set while the rest of a line past `maxLineBytes` is being skipped. */
  #skipping = false;

  /**
   * Creates a splitter.
   *
   * @param onLine Called once per complete line, without its `\n`, in stream order.
   * @param options A bound on the length of lines handed on.
   */
  constructor(onLine: (line: Buffer) => void, options: LineSplitterOptions = {}) {
    this.#onLine = onLine;
    this.#maxLineBytes = options.maxLineBytes ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Feeds a chunk; calls `onLine` for every line the chunk completes.
   *
   * @param chunk The next bytes of the stream.
   */
  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      if (this.#skipping) this.#skipping = false;
      else if (this.#pendingBytes + piece.length <= this.#maxLineBytes) {
        let line = piece;
        if (this.#pending.length > 0) {
          this.#pending.push(piece);
          line = Buffer.concat(this.#pending);
        }
        this.#onLine(line);
      }
      this.#pending = [];
      this.#pendingBytes = 0;
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length && !this.#skipping) this.#keep(chunk.subarray(start));
  }

  /**
   * Ends the stream.
   *
   * @returns The bytes after the last `\n` (a final line without terminator), or `undefined`
   *   when the stream ended on a line boundary or in a skipped line.
   */
  end(): Buffer | undefined {
    const rest = this.#pending.length === 0 ? undefined : Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = false;
    return rest;
  }

  #keep(piece: Buffer): void {
    if (this.#pendingBytes + piece.length > this.#maxLineBytes) {
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = true;
      return;
    }
    this.#pending.push(piece);
    this.#pendingBytes += piece.length;
  }
}
