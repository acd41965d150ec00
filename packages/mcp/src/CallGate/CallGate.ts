import { isObject } from '../messages/isObject.ts';
import type { ToolSchemaMessages } from '../ToolSchemaMessages/index.ts';

/**
 * The prefix of the ids of a {@link CallGate}'s own `tools/list` requests, followed by a counter
 * per gate (`toolschema-list:1`, `toolschema-list:2`, ...). A string no SDK makes (they count
 * with numbers); a peer that spelled the same id would have its answer taken by the gate.
 */
export const GATE_LIST_ID_PREFIX = 'toolschema-list:';

/**
 * How many pages of `tools/list` a gate reads for one tool before it lets the call go undecoded
 * (reported): a server whose cursors never end cannot hold a call for ever.
 */
export const MAX_GATE_LIST_PAGES = 16;

/**
 * How many tool names a gate remembers as not found by its own listing (or whose listing failed),
 * so that calling a tool the server does not list does not cost a listing each time.
 */
const MAX_MISSED_TOOLS = 1024;

/**
 * How many messages a gate holds at most while it lists: past that, the listing is given up
 * (reported) and everything held goes on, so a peer that keeps sending while the server does not
 * answer cannot grow the queue without bound.
 */
export const MAX_GATE_HELD_MESSAGES = 1024;

/**
 * How long a gate waits for each answer to its own `tools/list` before it gives the listing up
 * (reported) and lets what it holds go on undecoded, in milliseconds: a server that never
 * answers must not stop every later message of the connection.
 */
export const DEFAULT_GATE_LIST_TIMEOUT = 10_000;

/**
 * How many ids of listings given up while their request was out a gate remembers, so that a late
 * answer is still taken (and settled) rather than reaching a client that never asked for it.
 */
const MAX_ABANDONED_LISTS = 64;

/** A `tools/list` request of a {@link CallGate}'s own. */
export interface GateListRequest {
  jsonrpc: '2.0';
  /** {@link GATE_LIST_ID_PREFIX} and a counter. */
  id: string;
  method: 'tools/list';
  /** The cursor of the page asked for, after the first. */
  params?: { cursor: string };
}

/** Options of {@link CallGate}. */
export interface CallGateOptions<Context> {
  /**
   * Sends the gate's own `tools/list` request toward the server, as the client's requests go
   * (the gate has already noted it in the core: it must not pass through `toServer` again). A
   * promise (any thenable) it returns that rejects, or a throw, fails the listing.
   *
   * @param request The request.
   * @param context The context given with the held message that asked for the listing.
   */
  sendList: (request: GateListRequest, context: Context) => unknown;
  /**
   * Called when the gate's own listing failed (an error answer, an answer without `tools`, the
   * request could not be sent, the connection closed, or {@link MAX_GATE_LIST_PAGES} pages read):
   * the held call then goes on undecoded, as it came.
   */
  onListError?: (error: Error) => void;
  /**
   * How long to wait for each answer to the gate's own `tools/list`, in milliseconds
   * ({@link DEFAULT_GATE_LIST_TIMEOUT}); past it the listing fails as above. `0` or `Infinity`:
   * no limit.
   */
  listTimeout?: number;
}

/** A message held by the gate, with what lets it go on. */
interface Held<Context> {
  readonly message: unknown;
  readonly pass: () => void;
  readonly context: Context;
}

/** The gate's own listing under way. */
interface Listing<Context> {
  /** The tool sought. */
  readonly tool: string;
  /** The id of the request whose answer is awaited. */
  readonly id: string;
  /** The pages asked for so far, this one included. */
  readonly pages: number;
  readonly context: Context;
}

/**
 * Holds a `tools/call` whose tool the core cannot decode yet (no `tools/list` answer named it on
 * this connection: a client that answers `listTools()` from a cache, or reconnects and calls
 * right away) until a `tools/list` of the gate's own has named it, so the server receives the
 * arguments decoded. For a {@link ToolSchemaMessages} with a profile that decodes calls (see
 * `decodesCalls`); every message on its way to the server goes through {@link CallGate.toServer},
 * every message on its way to the client through {@link CallGate.fromServer}.
 *
 * - The gate's request goes through `sendList`, with an id of {@link GATE_LIST_ID_PREFIX}; it is
 *   noted in the core like any `tools/list`, and its answer is taken out of the server's messages
 *   and settled through the core's `toClient` (so `tool(name)` and `onToolReport` behave as for
 *   any list), never reaching the client. Pages are followed by `nextCursor` until the tool is
 *   named, the list ends, or {@link MAX_GATE_LIST_PAGES} pages were read.
 * - While a listing is under way, every later message toward the server waits behind the held
 *   call, in order: a `notifications/cancelled` for it (or anything else that refers to it) must
 *   not overtake it. A listing is one round trip as a rule, and only a call of a tool not listed
 *   yet starts one.
 * - A listing that fails (see `onListError`), or a connection that closes
 *   ({@link CallGate.close}), lets the held messages go on as they came. A tool not found (or
 *   whose listing failed) is not listed for again until the server says its list changed
 *   (`notifications/tools/list_changed`).
 *
 * - An answer to a request of the server's (sampling, elicitation, roots, ping) is never held: a
 *   server that serves one request at a time may wait for it before it answers the listing.
 * - Each page has `listTimeout` ms to come ({@link DEFAULT_GATE_LIST_TIMEOUT}); past it the
 *   listing fails as above, and its answer, if it comes later, is still taken out and settled.
 *
 * A held message goes on from within a call of `fromServer`, `close` or the page's timer; the
 * gate keeps no other timer and no promise of its own.
 *
 * @example
 * const gate = new CallGate(messages, { sendList: (request) => serverSide.send(request) });
 * gate.toServer(message, () => serverSide.send(messages.toServer(message)), undefined);
 * const passed = gate.fromServer(answer); // undefined when it was the gate's own
 */
export class CallGate<Context = undefined> {
  readonly #messages: ToolSchemaMessages;
  readonly #options: CallGateOptions<Context>;
  readonly #held: Held<Context>[] = [];
  readonly #missed = new Set<string>();
  /** Ids of listings given up while their request was out: a late answer is still taken. */
  readonly #abandoned = new Set<string>();
  #listing: Listing<Context> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #requests = 0;
  #draining = false;
  #closed = false;

  /**
   * @param messages The core of the connection (its profile should decode calls: with any other,
   *   the gate never holds anything).
   * @param options Where the gate's requests go, and where failures are reported.
   */
  constructor(messages: ToolSchemaMessages, options: CallGateOptions<Context>) {
    this.#messages = messages;
    this.#options = options;
  }

  /** The number of messages held (the call, and what came after it). */
  get held(): number {
    return this.#held.length;
  }

  /** Whether a listing of the gate's own is under way (its answer may come). */
  get listing(): boolean {
    return this.#listing !== undefined;
  }

  /**
   * Whether an answer to a `tools/list` of the gate's own may still come from the server: a
   * listing is under way, or one was given up (`listTimeout`, too many messages held) before its
   * answer came. An adapter that looks into the server's messages only when it must (the CLI
   * proxy's line framing) hands them to {@link CallGate.fromServer} while this holds, so that a
   * late answer is taken out too.
   */
  get awaitsAnswers(): boolean {
    return this.#listing !== undefined || this.#abandoned.size > 0;
  }

  /**
   * Lets a message on its way to the server go on, now or once the gate's listing is done.
   *
   * @param message The message as it came (only read: the caller passes it through the core).
   * @param pass Sends it on; called once, in the order messages came.
   * @param context Handed to `sendList` when this message starts a listing (a server-side
   *   transport's `extra` of the call, say).
   */
  toServer(message: unknown, pass: () => void, context: Context): void {
    // An answer to a request of the server's (sampling, elicitation, roots, ping) refers to no
    // held call and goes at once: a server that serves one request at a time may be waiting for
    // it before it answers the gate's own listing.
    if (this.#held.length > 0 && isAnswer(message)) {
      pass();
      return;
    }
    this.#held.push({ message, pass, context });
    const listing = this.#listing;
    if (listing !== undefined && this.#held.length > MAX_GATE_HELD_MESSAGES) {
      this.#fail(listing, `more than ${MAX_GATE_HELD_MESSAGES} messages waiting`, true);
      return;
    }
    this.#drain();
  }

  /**
   * Takes the answers to the gate's own requests out of a message on its way to the client.
   *
   * @param message A message from the server.
   * @returns What goes on to the client: the same value, or a batch without the gate's answers,
   *   or `undefined` when nothing is left.
   */
  fromServer(message: unknown): unknown {
    if (!Array.isArray(message)) return this.#take(message) ? undefined : message;
    const rest = message.filter((entry) => !this.#take(entry));
    if (rest.length === message.length) return message;
    return rest.length === 0 ? undefined : rest;
  }

  /**
   * The connection closed: a listing under way fails, and every held message goes on (before the
   * caller says the connection closed); nothing is held any more.
   */
  close(): void {
    this.#closed = true;
    const listing = this.#listing;
    if (listing === undefined) this.#drain();
    else this.#fail(listing, 'the connection closed');
  }

  /** Takes one message if it answers the listing under way; notes a changed list. */
  #take(message: unknown): boolean {
    if (!isObject(message)) return false;
    if (message.method === 'notifications/tools/list_changed') {
      this.#missed.clear();
      return false;
    }
    if (Object.hasOwn(message, 'method')) return false;
    const listing = this.#listing;
    if (listing !== undefined && message.id === listing.id) {
      this.#answered(listing, message);
      return true;
    }
    if (typeof message.id === 'string' && this.#abandoned.delete(message.id)) {
      // A late answer: the client never asked for it, but what it lists is settled all the same.
      this.#messages.toClient(message);
      return true;
    }
    return false;
  }

  /** Settles one page of the gate's listing, then asks for the next or lets the held go on. */
  #answered(listing: Listing<Context>, answer: Record<string, unknown>): void {
    this.#stopTimer();
    // Settled as any listing is (a rewrite that fails is reported by the core and names nothing).
    this.#messages.toClient(answer);
    const { result } = answer;
    if (!isObject(result) || !Array.isArray(result.tools)) {
      this.#fail(listing, describeFailedAnswer(answer));
      return;
    }
    if (this.#messages.tool(listing.tool) === undefined) {
      const cursor = result.nextCursor;
      if (typeof cursor === 'string') {
        if (listing.pages < MAX_GATE_LIST_PAGES) {
          this.#request(listing.tool, listing.context, listing.pages + 1, cursor);
          return;
        }
        this.#fail(listing, `no end after ${MAX_GATE_LIST_PAGES} pages`);
        return;
      }
      this.#miss(listing.tool);
    }
    this.#listing = undefined;
    this.#drain();
  }

  /** Sends one request of the gate's listing. */
  #request(tool: string, context: Context, pages: number, cursor?: string): void {
    this.#requests++;
    const id = `${GATE_LIST_ID_PREFIX}${this.#requests}`;
    const listing: Listing<Context> = { tool, id, pages, context };
    this.#listing = listing;
    const request: GateListRequest =
      cursor === undefined
        ? { jsonrpc: '2.0', id, method: 'tools/list' }
        : { jsonrpc: '2.0', id, method: 'tools/list', params: { cursor } };
    this.#messages.toServer(request);
    this.#startTimer(listing);
    let sent: unknown;
    try {
      sent = this.#options.sendList(request, context);
    } catch (error) {
      this.#fail(listing, describeError(error));
      return;
    }
    if (isThenable(sent)) {
      sent.then(undefined, (error: unknown) => this.#fail(listing, describeError(error)));
    }
  }

  /**
   * Ends a listing that failed (if it is still the one under way): reported, held messages go.
   * `answerMayCome`: the request went out and was not answered (given up for time or for what it
   * held), so a late answer is still to be taken out; an answered, unsent or closed listing
   * leaves nothing to wait for.
   */
  #fail(listing: Listing<Context>, reason: string, answerMayCome = false): void {
    if (this.#listing !== listing) return;
    this.#listing = undefined;
    this.#stopTimer();
    if (answerMayCome) this.#abandon(listing.id);
    this.#miss(listing.tool);
    this.#options.onListError?.(
      new Error(
        `toolschema: the tools/list sent to decode a call of '${listing.tool}' failed (${reason}); the call went on undecoded`,
      ),
    );
    this.#drain();
  }

  /** Fails the listing once no answer came within `listTimeout` (none: no timer). */
  #startTimer(listing: Listing<Context>): void {
    const timeout = this.#options.listTimeout ?? DEFAULT_GATE_LIST_TIMEOUT;
    if (!(timeout > 0 && timeout < Number.POSITIVE_INFINITY)) return;
    const timer = setTimeout(
      () => this.#fail(listing, `no answer within ${timeout} ms`, true),
      timeout,
    );
    // A timer must not keep a Node.js process alive on its own (other runtimes have no `unref`).
    (timer as { unref?: () => void }).unref?.();
    this.#timer = timer;
  }

  #stopTimer(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Remembers the id of a listing given up, forgetting the oldest past the bound. */
  #abandon(id: string): void {
    this.#abandoned.add(id);
    if (this.#abandoned.size > MAX_ABANDONED_LISTS) {
      const oldest = this.#abandoned.values().next();
      if (oldest.done !== true) this.#abandoned.delete(oldest.value);
    }
  }

  /** Remembers a tool not to list for again, forgetting the oldest past the bound. */
  #miss(tool: string): void {
    this.#missed.delete(tool);
    this.#missed.add(tool);
    if (this.#missed.size > MAX_MISSED_TOOLS) {
      const oldest = this.#missed.values().next();
      if (oldest.done !== true) this.#missed.delete(oldest.value);
    }
  }

  /**
   * Lets held messages go, in order, until one needs a listing (then starts it). Re-entered calls
   * (a message let go that makes the peer answer at once) leave the work to the loop under way.
   */
  #drain(): void {
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#listing === undefined && this.#held.length > 0) {
        const next = this.#held[0]!;
        const tool = this.#closed ? undefined : this.#toList(next.message);
        if (tool !== undefined) {
          // A listing answered at once (a synchronous peer) is over before the loop goes on.
          this.#request(tool, next.context, 1);
          continue;
        }
        this.#held.shift();
        next.pass();
      }
    } finally {
      this.#draining = false;
    }
  }

  /** The first tool a message calls that must be listed first, if any. */
  #toList(message: unknown): string | undefined {
    return this.#messages.unlistedCallTools(message).find((tool) => !this.#missed.has(tool));
  }
}

/**
 * Whether a message (or every entry of a batch) answers a request: an `id` with a `result` or an
 * `error`, and no `method`.
 */
function isAnswer(message: unknown): boolean {
  if (Array.isArray(message)) return message.length > 0 && message.every(isAnswer);
  return (
    isObject(message) &&
    !Object.hasOwn(message, 'method') &&
    Object.hasOwn(message, 'id') &&
    (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'))
  );
}

/** Whether a value is a promise (or any thenable). */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Says why an answer to the gate's request holds no tools. */
function describeFailedAnswer(answer: Record<string, unknown>): string {
  const { error } = answer;
  if (isObject(error)) {
    const code = typeof error.code === 'number' ? `${error.code} ` : '';
    const message = typeof error.message === 'string' ? error.message.slice(0, 200) : '';
    return `error ${code}${message}`.trim();
  }
  return 'an answer without tools';
}

/** Says what was thrown, briefly. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 200);
}
