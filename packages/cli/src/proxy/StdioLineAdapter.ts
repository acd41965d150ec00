import { randomBytes } from 'node:crypto';
import {
  CallGate,
  GATE_LIST_ID_PREFIX,
  type GateListRequest,
  type ListedTool,
  type ToolSchemaMessages,
} from '@toolschema/mcp';
import { isObject } from '../isObject/index.ts';
import { findToolsArray, skipValue, type ToolsArray } from './jsonBytes.ts';
import { parseLossless, readNumbers, stringifyLossless } from './losslessJson.ts';
import { type CachedTool, ToolTextCache } from './ToolTextCache.ts';

const TOOLS_LIST = Buffer.from('tools/list');
const TOOLS_CALL = Buffer.from('tools/call');
const GATE_ID = Buffer.from(GATE_LIST_ID_PREFIX);
const LIST_CHANGED = Buffer.from('tools/list_changed');
const BACKSLASH = 0x5c;
const CARRIAGE_RETURN = 0x0d;
const COMMA = Buffer.from(',');

/**
 * Stands for the tools array while the rest of a parsed answer is written: a NUL and a nonce per
 * process, so no string of a server's can be it.
 */
const TOOLS_MARK = `\u0000${randomBytes(6).toString('hex')}:tools`;
const TOOLS_MARK_TEXT = JSON.stringify(TOOLS_MARK);

/** A parsed answer to a pending `tools/list` (see `ToolSchemaMessages.answersToolsList`). */
type ToolsListAnswer = Record<string, unknown> & {
  result: Record<string, unknown> & { tools: unknown[] };
};

/** Options of {@link StdioLineAdapter}. */
export interface StdioLineAdapterOptions {
  /** Called when a server line could not be rewritten; the line is then passed on as it came. */
  onRewriteError?: (error: unknown) => void;
  /**
   * Whether the core may rewrite client lines (it decodes `tools/call` arguments with a
   * profile): then lines that can be a `tools/call` request are parsed too, and a call of a tool
   * not listed yet waits for a `tools/list` of the adapter's own (see
   * {@link StdioLineAdapter.passClientLine}). Default `false`.
   */
  rewritesCalls?: boolean;
  /**
   * Called when a `tools/list` of the adapter's own failed (see `CallGate` in
   * `@toolschema/mcp`): the call it was for went on undecoded.
   */
  onListError?: (error: Error) => void;
  /**
   * What each tool's text became (see {@link ToolTextCache}); by default a cache of this adapter's
   * own with the default bounds. Never share one between adapters of different cores.
   */
  toolTexts?: ToolTextCache;
}

/**
 * Puts the MCP stdio framing (one JSON-RPC message per line) around a {@link ToolSchemaMessages},
 * for both proxies: `proxy -- <command>` hands it the lines of both sides, `proxy --url` the
 * messages its HTTP transport parsed (see {@link StdioLineAdapter.serverMessage}); one text cache
 * serves both, so a remote server's tool listed again costs no more than a local one's.
 * Bytes pass as they came unless a `tools/list` answer is rewritten:
 *
 * - a client line is parsed only when it can be a `tools/list` request (it spells the method out,
 *   or escapes something), and is always forwarded unchanged by the caller;
 * - a server line is looked into only while a `tools/list` request is pending, and comes back as
 *   the same buffer unless its schemas changed (with a gate, a short line streamed through is
 *   shown to {@link StdioLineAdapter.observeServerLine}, only to hear that the list changed).
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
  /** With `rewritesCalls` and a core that decodes calls: holds a call until its tool is listed. */
  readonly #gate: CallGate | undefined;
  /** Where the gate's own `tools/list` requests go (see {@link StdioLineAdapter.sendListsTo}). */
  #sendList: ((request: GateListRequest) => unknown) | undefined;

  /**
   * @param messages The message core of this connection.
   * @param options Where to report a failed rewrite.
   */
  constructor(messages: ToolSchemaMessages, options: StdioLineAdapterOptions = {}) {
    this.#messages = messages;
    this.#options = options;
    this.#toolTexts = options.toolTexts ?? new ToolTextCache();
    if (options.rewritesCalls === true && messages.decodesCalls) {
      const { onListError } = options;
      this.#gate = new CallGate(messages, {
        sendList: (request) => {
          if (this.#sendList === undefined) throw new Error('no server to send it to');
          return this.#sendList(request);
        },
        ...(onListError === undefined ? {} : { onListError }),
      });
    }
  }

  /**
   * Says where the adapter's own `tools/list` requests go: toward the server, as the client's
   * messages go (they are noted in the core already).
   *
   * @param send Sends one request.
   */
  sendListsTo(send: (request: GateListRequest) => unknown): void {
    this.#sendList = send;
  }

  /** Whether client messages are held: a call waits for a `tools/list` of the adapter's own. */
  get holdsClientMessages(): boolean {
    return (this.#gate?.held ?? 0) > 0;
  }

  /**
   * The connection ended: a `tools/list` of the adapter's own fails, and every held client
   * message goes on, as it came.
   */
  close(): void {
    this.#gate?.close();
  }

  /**
   * Whether a server line must be collected whole: a `tools/list` answer may come (the client's,
   * or one of the adapter's own, also after it was given up: a late answer is taken out too).
   */
  get waitsForToolsList(): boolean {
    return this.#messages.pendingToolsLists > 0 || this.#gate?.awaitsAnswers === true;
  }

  /**
   * Passes a client line on toward the server, now or, while a call waits for a `tools/list` of
   * the adapter's own, once the list named its tool (every later line waits behind it, in
   * order): a call of a tool no list named yet is held and the adapter lists through
   * {@link StdioLineAdapter.sendListsTo} first, so the call is decoded. Without a gate (no
   * `rewritesCalls`, or a core that decodes no call), the same as `send(clientLine(line))`.
   *
   * @param line One line from the client, without its `\n`.
   * @param send Sends the line as {@link StdioLineAdapter.clientLine} makes it; called once.
   */
  passClientLine(line: Buffer, send: (line: Buffer) => void): void {
    const gate = this.#gate;
    const mayCall = line.indexOf(TOOLS_CALL) !== -1 || line.indexOf(BACKSLASH) !== -1;
    if (gate === undefined || !mayCall) {
      // No call in it: the gate only keeps it in order behind a held one, and lets an answer to
      // a request of the server's go at once (read only while something is held).
      if (gate === undefined) send(this.clientLine(line));
      else
        gate.toServer(
          gate.held > 0 ? parseQuietly(line) : null,
          () => send(this.clientLine(line)),
          undefined,
        );
      return;
    }
    let parsed: ReturnType<typeof parseLossless>;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch {
      gate.toServer(null, () => send(line), undefined);
      return;
    }
    gate.toServer(parsed.value, () => send(this.#clientParsed(line, parsed)), undefined);
  }

  /**
   * {@link StdioLineAdapter.passClientLine} for a message already parsed (the remote proxy's).
   *
   * @param message A JSON-RPC message or batch from the client.
   * @param send Sends it as {@link StdioLineAdapter.clientMessage} makes it; called once.
   */
  passClientMessage(message: unknown, send: (message: unknown) => void): void {
    if (this.#gate === undefined) send(this.clientMessage(message));
    else this.#gate.toServer(message, () => send(this.clientMessage(message)), undefined);
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
    return this.#clientParsed(line, parsed);
  }

  /**
   * A parsed client line through the core: the same buffer unless it was rewritten. A rewritten
   * one is written with placeholders on whatever the line held: the decoded arguments may hold
   * placeholders the core's reading of a JSON string made (the proxy's `parseJson`).
   */
  #clientParsed(line: Buffer, parsed: ReturnType<typeof parseLossless>): Buffer {
    const rewritten = this.#messages.toServer(parsed.value);
    return rewritten === parsed.value ? line : this.#write(line, rewritten, true);
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
   * a JSON body or an SSE event alike), through the core, and writes it as the line the client
   * gets. The answer to a pending `tools/list` is written tool by tool: each tool's
   * `JSON.stringify` text is its key in the same cache the lines use, so a tool listed again as
   * the same text costs that text and a lookup; only a new or changed tool is passed to the core
   * (from the value, never parsed again). The line is what writing the rewritten message whole
   * gives, in pieces.
   *
   * @param message A JSON-RPC message or batch.
   * @param placeholders Whether it may hold number placeholders of `losslessJson.ts` (a client's
   *   64-bit id), written back as their text.
   * @returns The line to send to the client (without its `\n`), or its pieces (none when the
   *   message answered a `tools/list` of the adapter's own: nothing goes to the client). Throws
   *   what `JSON.stringify` throws for the message as it came (a value too deep).
   */
  serverMessage(given: unknown, placeholders: boolean): Buffer | readonly Buffer[] {
    const message = this.takeOwnAnswers(given);
    if (message === undefined) return [];
    if (this.waitsForToolsList && this.#messages.answersToolsList(message)) {
      const pieces = this.#rewriteToolsValue(message as ToolsListAnswer, placeholders);
      if (pieces !== undefined) return pieces;
    }
    // Nothing to rewrite while no tools/list is pending, but the core still notes which
    // tools/call was answered.
    const rewritten = this.#messages.toClient(message);
    if (rewritten !== message) {
      try {
        return Buffer.from(stringifyLossless(rewritten, placeholders), 'utf8');
      } catch (error) {
        this.#options.onRewriteError?.(error);
      }
    }
    return Buffer.from(stringifyLossless(message, placeholders), 'utf8');
  }

  /**
   * Takes the answers to the adapter's own `tools/list` requests out of a server message (and
   * notes `notifications/tools/list_changed`), as `CallGate.fromServer` does.
   *
   * @param message A parsed message from the server.
   * @returns What goes on to the client: the same value, a batch without those answers, or
   *   `undefined` when nothing is left.
   */
  takeOwnAnswers(message: unknown): unknown {
    return this.#gate === undefined ? message : this.#gate.fromServer(message);
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
    if (!this.waitsForToolsList) {
      this.observeServerLine(line);
      return line;
    }
    const gate = this.#gate;
    if (
      gate !== undefined &&
      (line.indexOf(LIST_CHANGED) !== -1 ||
        (gate.awaitsAnswers && (line.indexOf(GATE_ID) !== -1 || line.indexOf(BACKSLASH) !== -1)))
    ) {
      const own = this.#takeOwnAnswerLine(line);
      if (own !== undefined) return own;
    }
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
   * Shows the gate a server line passed on as it came (the proxy streams a line through unread
   * while no `tools/list` answer can come, and shows it the short ones): a
   * `notifications/tools/list_changed` lets a call of a tool the adapter's own listing did not
   * find be listed for again. Anything else is not read.
   *
   * @param line One line from the server, without its `\n`.
   */
  observeServerLine(line: Buffer): void {
    const gate = this.#gate;
    if (gate === undefined) return;
    if (line.indexOf(LIST_CHANGED) === -1 && line.indexOf(BACKSLASH) === -1) return;
    // Nothing of the gate's own can be in it while no answer of the gate's may come.
    gate.fromServer(parseQuietly(line));
  }

  /**
   * Takes the answer to the adapter's own `tools/list` out of a server line.
   *
   * @returns No pieces when the line was that answer, the rest of a batch that held it, or
   *   `undefined` when the line is something else (passed on as any line).
   */
  #takeOwnAnswerLine(line: Buffer): Buffer | readonly Buffer[] | undefined {
    let parsed: ReturnType<typeof parseLossless>;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch {
      return undefined;
    }
    const rest = this.takeOwnAnswers(parsed.value);
    if (rest === parsed.value) return undefined;
    if (rest === undefined) return [];
    return this.#write(line, this.#messages.toClient(rest), parsed.placeholders);
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
    const changed = this.#settle(envelope, answer);
    this.#lastTools = answer.filter(
      (tool): tool is CachedTool => tool !== undefined && !tool.evicted,
    );
    if (!changed) return line;
    return spliceTools(line, tools, answer);
  }

  /**
   * Rewrites a parsed `tools/list` answer tool by tool, each tool's text its key in the cache
   * (see {@link StdioLineAdapter.serverMessage}).
   *
   * @returns The pieces of the line, or `undefined` when the core failed on a tool (reported;
   *   the answer is then settled as not rewritten and goes on as it came). Throws what
   *   `JSON.stringify` throws for an answer too deep to write (settled the same way).
   */
  #rewriteToolsValue(
    message: ToolsListAnswer,
    placeholders: boolean,
  ): Buffer | Buffer[] | undefined {
    const { tools } = message.result;
    let skeleton: string;
    let texts: string[];
    try {
      const result = { ...message.result, tools: TOOLS_MARK };
      skeleton = stringifyLossless({ ...message, result }, placeholders);
      texts = tools.map((tool) => stringifyLossless(tool, placeholders));
    } catch (error) {
      // Too deep to write at all: nothing of it can go on, which the caller says.
      this.#messages.settleToolsList(message, undefined);
      throw error;
    }
    const answer: Array<CachedTool | undefined> = [];
    try {
      // Plain indexed loop: this runs for every tool of every list.
      for (let index = 0; index < tools.length; index++) {
        const tool = tools[index];
        const text = texts[index]!;
        if (!isObject(tool)) {
          answer.push(undefined);
          continue;
        }
        // The key is the tool's UTF-8 bytes read as latin1, as for a line: the text itself when
        // it is ASCII, as tools mostly are.
        const ascii = Buffer.byteLength(text, 'utf8') === text.length;
        const bytes = ascii ? undefined : Buffer.from(text, 'utf8');
        const source = bytes === undefined ? text : bytes.toString('latin1');
        answer.push(
          this.#toolTexts.get(source) ??
            this.#keep(tool, placeholders, source, bytes ?? Buffer.from(text, 'latin1')),
        );
      }
    } catch (error) {
      this.#options.onRewriteError?.(error);
      this.#messages.settleToolsList(message, undefined);
      return undefined;
    }
    this.#settle(message, answer);
    // Written as the message whole would be, from the texts already made.
    const at = skeleton.indexOf(TOOLS_MARK_TEXT);
    const pieces: Buffer[] = [Buffer.from(`${skeleton.slice(0, at)}[`, 'utf8')];
    for (let index = 0; index < tools.length; index++) {
      const tool = answer[index];
      const piece =
        tool === undefined
          ? Buffer.from(texts[index]!, 'utf8')
          : tool.output === 'same'
            ? tool.bytes
            : tool.output;
      if (piece === undefined) continue;
      if (pieces.length > 1) pieces.push(COMMA);
      pieces.push(piece);
    }
    pieces.push(Buffer.from(`]${skeleton.slice(at + TOOLS_MARK_TEXT.length)}`, 'utf8'));
    return pieces;
  }

  /**
   * Settles an answer whose tools were rewritten here with the core.
   *
   * @returns Whether any tool goes out other than as listed (rewritten or left out).
   */
  #settle(envelope: unknown, answer: ReadonlyArray<CachedTool | undefined>): boolean {
    const listed: ListedTool[] = [];
    let changed = false;
    for (const tool of answer) {
      if (tool === undefined) continue;
      listed.push(tool.listed);
      if (tool.output !== 'same') changed = true;
    }
    this.#messages.settleToolsList(envelope, listed);
    return changed;
  }

  /**
   * Parses one tool's text and passes it to the core; kept in the cache.
   *
   * @returns What it became, or `undefined` for an element that is no object (passed on as is).
   */
  #listTool(line: Buffer, start: number, end: number): CachedTool | undefined {
    const parsed = parseLossless(line.toString('utf8', start, end));
    if (!isObject(parsed.value)) return undefined;
    const source = line.toString('latin1', start, end);
    return this.#keep(
      parsed.value,
      parsed.placeholders,
      source,
      Buffer.from(line.subarray(start, end)),
    );
  }

  /**
   * Passes one tool to the core and keeps what it became in the cache. Under a profile other than
   * `mcp` the core reads the numbers of the schemas (bounds it describes, `enum` values it lists):
   * they reach it as numbers, not as placeholders of their text (see `readNumbers`).
   *
   * @param tool The tool as listed (this adapter's own parse: its numbers may be read in place;
   *   its text and key were taken before).
   * @param placeholders Whether it may hold number placeholders.
   * @param source Its text as listed: the key (see {@link CachedTool.source}).
   * @param bytes The same text as bytes.
   */
  #keep(
    tool: Record<string, unknown>,
    placeholders: boolean,
    source: string,
    bytes: Buffer,
  ): CachedTool {
    if (placeholders && this.#messages.decodesCalls) readNumbers(tool);
    const listed = this.#messages.listTool(tool);
    const output =
      listed.tool === undefined
        ? undefined
        : listed.tool === tool
          ? ('same' as const)
          : Buffer.from(stringifyLossless(listed.tool, placeholders), 'utf8');
    const cached: CachedTool = { source, bytes, listed, output, evicted: false, used: false };
    this.#toolTexts.add(cached);
    return cached;
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

/** A line's JSON value, or `null` when it is not JSON (read only to tell answers apart). */
function parseQuietly(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
