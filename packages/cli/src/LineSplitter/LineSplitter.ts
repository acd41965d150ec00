const NEWLINE = 0x0a;

/**
 * Splits a byte stream into newline-delimited lines, the framing of MCP over stdio (one JSON-RPC
 * message per line). Works on bytes, not strings, so a line is handed on exactly as it arrived
 * (a UTF-8 sequence cut by a chunk boundary stays intact, a `\r` before the `\n` stays part of the
 * line). Chunk boundaries may fall anywhere; a line of any length is collected without copying
 * more than once.
 */
export class LineSplitter {
  readonly #onLine: (line: Buffer) => void;
  #pending: Buffer[] = [];

  /**
   * Creates a splitter.
   *
   * @param onLine Called once per complete line, without its `\n`, in stream order.
   */
  constructor(onLine: (line: Buffer) => void) {
    this.#onLine = onLine;
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
      let line = piece;
      if (this.#pending.length > 0) {
        this.#pending.push(piece);
        line = Buffer.concat(this.#pending);
        this.#pending = [];
      }
      this.#onLine(line);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#pending.push(chunk.subarray(start));
  }

  /**
   * Ends the stream.
   *
   * @returns The bytes after the last `\n` (a final line without terminator), or `undefined`
   *   when the stream ended on a line boundary.
   */
  end(): Buffer | undefined {
    if (this.#pending.length === 0) return undefined;
    const rest = Buffer.concat(this.#pending);
    this.#pending = [];
    return rest;
  }
}
