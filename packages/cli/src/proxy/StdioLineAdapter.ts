import type { ListedTool, ToolSchemaMessages } from '@toolschema/mcp';
import { isObject } from '../isObject/index.ts';
import { findToolsArray, skipValue, type ToolsArray } from './jsonBytes.ts';
import { parseLossless, stringifyLossless } from './losslessJson.ts';
import { type CachedTool, ToolTextCache } from './ToolTextCache.ts';

const TOOLS_LIST = Buffer.from('tools/list');
const TOOLS_CALL = Buffer.from('tools/call');
const BACKSLASH = 0x5c;
const CARRIAGE_RETURN = 0x0d;
const COMMA = Buffer.from(',');

/** Options of {@link StdioLineAdapter}. */
export interface StdioLineAdapterOptions {
  /** Called when a server line could not be rewritten; the line is then passed on as it came. */
  onRewriteError?: (error: unknown) => void;
  /**
   * Whether the core may rewrite client lines (it decodes `tools/call` arguments with a
   * profile): then lines that can be a `tools/call` request are parsed too. Default `false`.
   */
  rewritesCalls?: boolean;
  /**
   * What each tool's text became (see {@link ToolTextCache}); by default a cache of this adapter's
   * own with the default bounds. Never share one between adapters of different cores.
   */
  toolTexts?: ToolTextCache;
}

/**
 * Puts the MCP stdio framing (one JSON-RPC message per line) around a {@link ToolSchemaMessages},
 * for both proxies: `proxy -- <command>` hands it the lines of both sides, `proxy --url` the
 * messages its HTTP transport parsed (see {@link StdioLineAdapter.serverMessage}), so a remote
 * server's `tools/list` answer goes through the same text cache as a local one.
 * Bytes pass as they came unless a `tools/list` answer is rewritten:
 *
 * - a client line is parsed only when it can be a `tools/list` request (it spells the method out,
 *   or escapes something), and is always forwarded unchanged by the caller;
 * - a server line is looked into only while a `tools/list` request is pending, and comes back as
 *   the same buffer unless its schemas changed.
 *
 * A `tools/list` answer (one response object with `result.tools`) is read as text: each tool's
 * bytes are found without parsing the rest, and a tool listed before as the same bytes is looked
 * up in a {@link ToolTextCache} (tried first at the place the previous answer had it, which costs a
 * byte compare); only a new or changed tool is parsed, passed to the core and written again. The
 * answer is then the line as it came with each rewritten tool spliced in, so every byte outside
 * the rewritten tools (ids, spacing, other members) stays as it was. Any other line that may be an
 * answer is parsed whole and, if rewritten, written again whole; either way every number keeps its
 * source text (ids, `1e400`...; see `losslessJson.ts`), and a CRLF ending stays. Anything that goes
 * wrong in the rewrite (a line too large to write back, a value too deep) passes the line on as it
 * came, after `onRewriteError`.
 */
export class StdioLineAdapter {
  readonly #messages: ToolSchemaMessages;
  readonly #options: StdioLineAdapterOptions;
  readonly #toolTexts: ToolTextCache;
  /** The cached tools of the last answer read as text, in order: the guess for the next. */
  #lastTools: CachedTool[] = [];

  /**
   * @param messages The message core of this connection.
   * @param options Where to report a failed rewrite.
   */
  constructor(messages: ToolSchemaMessages, options: StdioLineAdapterOptions = {}) {
    this.#messages = messages;
    this.#options = options;
    this.#toolTexts = options.toolTexts ?? new ToolTextCache();
  }

  /** Whether a server line must be collected whole (a `tools/list` answer may come). */
  get waitsForToolsList(): boolean {
    return this.#messages.pendingToolsLists > 0;
  }

  /**
   * Passes a line the client sent to the server through the core.
   *
   * @param line One line from the client, without its `\n`.
   * @returns The same buffer unless the core rewrote the message (with `rewritesCalls`, decoded
   *   `tools/call` arguments), else the rewritten message.
   */
  clientLine(line: Buffer): Buffer {
    const mayCall = this.#options.rewritesCalls === true && line.indexOf(TOOLS_CALL) !== -1;
    if (!mayCall && line.indexOf(TOOLS_LIST) === -1 && line.indexOf(BACKSLASH) === -1) return line;
    let parsed: ReturnType<typeof parseLossless>;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch {
      return line;
    }
    const rewritten = this.#messages.toServer(parsed.value);
    return rewritten === parsed.value ? line : this.#write(line, rewritten, parsed.placeholders);
  }

  /**
   * Passes a message the client sent, already parsed, through the core (the remote proxy parses
   * client lines itself, since its transport takes values).
   *
   * @param message A JSON-RPC message or batch.
   * @returns What to send to the server: the same value unless the core rewrote it (with a
   *   profile, decoded `tools/call` arguments).
   */
  clientMessage(message: unknown): unknown {
    return this.#messages.toServer(message);
  }

  /**
   * Passes a message the server sent, already parsed (by the remote proxy's HTTP transport, from
   * a JSON body or an SSE event alike), through the core: it is written as one line, which then
   * goes through {@link StdioLineAdapter.serverLinePieces}, so a `tools/list` answer is read tool
   * by tool from that text with the same cache as a local server's lines. Writing it costs one
   * `JSON.stringify`, which sending it on as a line costs anyway.
   *
   * @param message A JSON-RPC message or batch.
   * @param placeholders Whether it may hold number placeholders of `losslessJson.ts` (a client's
   *   64-bit id), written back as their text.
   * @returns The line to send to the client (without its `\n`), or its pieces. Throws what
   *   `JSON.stringify` throws for the message as it came (a value too deep).
   */
  serverMessage(message: unknown, placeholders: boolean): Buffer | readonly Buffer[] {
    // While no tools/list is pending nothing is rewritten, but the core still notes which
    // tools/call was answered (a line it is never shown would stay pending there).
    if (!this.waitsForToolsList) this.#messages.toClient(message);
    return this.serverLinePieces(Buffer.from(stringifyLossless(message, placeholders), 'utf8'));
  }

  /**
   * Passes a line the server sent to the client through the core.
   *
   * @param line One line from the server, without its `\n`.
   * @returns The same buffer when nothing was rewritten, else the rewritten message.
   */
  serverLine(line: Buffer): Buffer {
    const pieces = this.serverLinePieces(line);
    if (Buffer.isBuffer(pieces)) return pieces;
    try {
      return Buffer.concat(pieces);
    } catch (error) {
      this.#options.onRewriteError?.(error);
      return line;
    }
  }

  /**
   * {@link StdioLineAdapter.serverLine}, with a rewritten `tools/list` answer read as text given
   * as the pieces to send in order (the line's own bytes between the rewritten tools), so the
   * line is not copied once more into one buffer.
   *
   * @param line One line from the server, without its `\n`.
   * @returns The same buffer when nothing was rewritten, else the rewritten message or its pieces.
   */
  serverLinePieces(line: Buffer): Buffer | readonly Buffer[] {
    if (!this.waitsForToolsList) return line;
    const fromText = this.#rewriteToolsText(line);
    if (fromText !== undefined) return fromText;
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
    return this.#write(line, rewritten, parsed.placeholders);
  }

  /**
   * Rewrites a `tools/list` answer tool by tool from its text (see the class comment).
   *
   * @returns What to send (the line, or the pieces of the rewritten line), or `undefined` when
   *   the line is not one response object with a `result.tools` array (the caller then parses it
   *   whole).
   */
  #rewriteToolsText(line: Buffer): Buffer | readonly Buffer[] | undefined {
    const guesses = this.#lastTools;
    let positions: Map<CachedTool, number> | undefined;
    let next = 0;
    const known: Array<CachedTool | undefined> = [];
    const skipTool = (at: number): number => {
      const guess = guesses[next];
      if (guess !== undefined && !guess.evicted && holdsAt(line, at, guess.bytes)) {
        this.#toolTexts.touch(guess);
        known.push(guess);
        next++;
        return at + guess.source.length;
      }
      const end = skipValue(line, at);
      if (end === -1) return -1;
      const cached = this.#toolTexts.get(line.toString('latin1', at, end));
      if (cached !== undefined) {
        // Guess on from where the previous answer had it (a tool added or removed shifts them).
        positions ??= new Map(guesses.map((tool, index) => [tool, index]));
        const position = positions.get(cached);
        if (position !== undefined) next = position + 1;
      }
      known.push(cached);
      return end;
    };
    let tools: ToolsArray | undefined;
    let envelope: unknown;
    try {
      tools = findToolsArray(line, skipTool);
      if (tools === undefined) return undefined;
      // The message without its tools: small, parsed to read the id as the core does.
      const text = line.toString('utf8', 0, tools.open + 1) + line.toString('utf8', tools.close);
      envelope = parseLossless(text).value;
    } catch {
      return undefined;
    }
    if (!this.#messages.answersToolsList(envelope)) {
      // Not the answer to a pending tools/list: the core only notes that its id was answered.
      this.#messages.toClient(envelope);
      return line;
    }
    // Plain indexed loops: this runs for every tool of every list.
    const answer: Array<CachedTool | undefined> = [];
    const { elements } = tools;
    try {
      for (let index = 0; index < elements.length; index++) {
        const element = elements[index]!;
        answer.push(known[index] ?? this.#listTool(line, element[0], element[1]));
      }
    } catch (error) {
      // A tool that is not JSON makes the line noise, passed on (the request stays pending).
      if (error instanceof SyntaxError) return line;
      this.#options.onRewriteError?.(error);
      this.#messages.settleToolsList(envelope, undefined);
      return line;
    }
    const listed: ListedTool[] = [];
    const kept: CachedTool[] = [];
    let changed = false;
    for (const tool of answer) {
      if (tool === undefined) continue;
      listed.push(tool.listed);
      if (!tool.evicted) kept.push(tool);
      if (tool.output !== 'same') changed = true;
    }
    this.#messages.settleToolsList(envelope, listed);
    this.#lastTools = kept;
    if (!changed) return line;
    return spliceTools(line, tools, answer);
  }

  /**
   * Parses one tool's text and passes it to the core; kept in the cache.
   *
   * @returns What it became, or `undefined` for an element that is no object (passed on as is).
   */
  #listTool(line: Buffer, start: number, end: number): CachedTool | undefined {
    const parsed = parseLossless(line.toString('utf8', start, end));
    if (!isObject(parsed.value)) return undefined;
    const listed = this.#messages.listTool(parsed.value);
    const output =
      listed.tool === undefined
        ? undefined
        : listed.tool === parsed.value
          ? ('same' as const)
          : Buffer.from(stringifyLossless(listed.tool, parsed.placeholders), 'utf8');
    const tool: CachedTool = {
      source: line.toString('latin1', start, end),
      bytes: Buffer.from(line.subarray(start, end)),
      listed,
      output,
      evicted: false,
      used: false,
    };
    this.#toolTexts.add(tool);
    return tool;
  }

  /** Writes a rewritten message back as a line, or returns the line when it cannot. */
  #write(
    line: Buffer,
    rewritten: unknown,
    placeholders: ReturnType<typeof parseLossless>['placeholders'],
  ): Buffer {
    try {
      const text = stringifyLossless(rewritten, placeholders);
      // Keep a CRLF framing if the peer used one.
      const suffix = line.at(-1) === CARRIAGE_RETURN ? '\r' : '';
      return Buffer.from(text + suffix, 'utf8');
    } catch (error) {
      this.#options.onRewriteError?.(error);
      return line;
    }
  }
}

/** Whether `line` holds `bytes` at `at` (a compare in place, nothing copied). */
function holdsAt(line: Buffer, at: number, bytes: Buffer): boolean {
  const end = at + bytes.length;
  return end <= line.length && line.compare(bytes, 0, bytes.length, at, end) === 0;
}

/**
 * The line with each tool as the client gets it: the line's own bytes, with the bytes of each
 * rewritten tool in place of the tool as listed (a run of unchanged tools is one piece). A tool
 * left out takes one comma with it; then the tools are joined anew.
 */
function spliceTools(
  line: Buffer,
  tools: ToolsArray,
  answer: ReadonlyArray<CachedTool | undefined>,
): Buffer[] {
  const pieces: Buffer[] = [];
  if (answer.some((tool) => tool !== undefined && tool.output === undefined)) {
    pieces.push(line.subarray(0, tools.open + 1));
    for (const [index, [start, end]] of tools.elements.entries()) {
      const output = answer[index]?.output ?? (answer[index] === undefined ? 'same' : undefined);
      if (output === undefined) continue;
      if (pieces.length > 1) pieces.push(COMMA);
      pieces.push(output === 'same' ? line.subarray(start, end) : output);
    }
    pieces.push(line.subarray(tools.close));
    return pieces;
  }
  let from = 0;
  for (const [index, [start, end]] of tools.elements.entries()) {
    const output = answer[index]?.output;
    if (!(output instanceof Buffer)) continue;
    pieces.push(line.subarray(from, start), output);
    from = end;
  }
  pieces.push(line.subarray(from));
  return pieces;
}
