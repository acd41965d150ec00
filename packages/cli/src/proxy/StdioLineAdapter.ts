import type { ToolSchemaMessages } from '@toolschema/mcp';
import { parseLossless, stringifyLossless } from './losslessJson.ts';

const TOOLS_LIST = Buffer.from('tools/list');
const BACKSLASH = 0x5c;
const CARRIAGE_RETURN = 0x0d;

/** Options of {@link StdioLineAdapter}. */
export interface StdioLineAdapterOptions {
  /** Called when a server line could not be rewritten; the line is then passed on as it came. */
  onRewriteError?: (error: unknown) => void;
}

/**
 * Puts the MCP stdio framing (one JSON-RPC message per line) around a {@link ToolSchemaMessages}.
 * Bytes pass as they came unless a `tools/list` answer is rewritten:
 *
 * - a client line is parsed only when it can be a `tools/list` request (it spells the method out,
 *   or escapes something), and is always forwarded unchanged by the caller;
 * - a server line is parsed only while a `tools/list` request is pending, and comes back as the
 *   same buffer unless its schemas changed.
 *
 * A rewritten line keeps every number's source text (ids, `1e400`...; see `losslessJson.ts`) and a
 * CRLF ending. Anything that goes wrong in the rewrite (a line too large to write back, a value too
 * deep) passes the line on as it came, after `onRewriteError`.
 */
export class StdioLineAdapter {
  readonly #messages: ToolSchemaMessages;
  readonly #options: StdioLineAdapterOptions;

  /**
   * @param messages The message core of this connection.
   * @param options Where to report a failed rewrite.
   */
  constructor(messages: ToolSchemaMessages, options: StdioLineAdapterOptions = {}) {
    this.#messages = messages;
    this.#options = options;
  }

  /** Whether a server line must be collected whole (a `tools/list` answer may come). */
  get waitsForToolsList(): boolean {
    return this.#messages.pendingToolsLists > 0;
  }

  /**
   * Notes a line the client sent to the server.
   *
   * @param line One line from the client, without its `\n`.
   */
  clientLine(line: Buffer): void {
    if (line.indexOf(TOOLS_LIST) === -1 && line.indexOf(BACKSLASH) === -1) return;
    let message: unknown;
    try {
      message = parseLossless(line.toString('utf8')).value;
    } catch {
      return;
    }
    this.#messages.toServer(message);
  }

  /**
   * Passes a line the server sent to the client through the core.
   *
   * @param line One line from the server, without its `\n`.
   * @returns The same buffer when nothing was rewritten, else the rewritten message.
   */
  serverLine(line: Buffer): Buffer {
    if (!this.waitsForToolsList) return line;
    let parsed: ReturnType<typeof parseLossless>;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch (error) {
      // Not JSON is noise, passed on; anything else (a line too long for a string) is reported.
      if (!(error instanceof SyntaxError)) this.#options.onRewriteError?.(error);
      return line;
    }
    const rewritten = this.#messages.toClient(parsed.value);
    if (rewritten === parsed.value) return line;
    try {
      const text = stringifyLossless(rewritten, parsed.placeholders);
      // Keep a CRLF framing if the server used one.
      const suffix = line.at(-1) === CARRIAGE_RETURN ? '\r' : '';
      return Buffer.from(text + suffix, 'utf8');
    } catch (error) {
      this.#options.onRewriteError?.(error);
      return line;
    }
  }
}
