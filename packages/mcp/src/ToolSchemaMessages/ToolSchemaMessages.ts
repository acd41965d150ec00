import { decodeArguments, type Profile, type Violation } from '@toolschema/core';
import { idKey } from '../messages/idKey.ts';
import { isObject } from '../messages/isObject.ts';
import { SchemaCache, type ToolSchemaState } from '../messages/SchemaCache.ts';
import {
  isSchema,
  type RewriteOptions,
  TOOL_SCHEMA_FIELDS,
  type ToolDiagnostic,
  type ToolSchemaField,
} from '../rewriteTool/index.ts';

export type { ToolSchemaState };

/** What the pass said about one tool of a `tools/list` result. */
export interface ToolReport {
  /** The tool's `name` (or `(unnamed)` when the server sent none). */
  name: string;
  /** Diagnostics of the pass over its schemas, input schema first. */
  diagnostics: ToolDiagnostic[];
  /** Errors of the pass (`field: message`); the schema that threw was passed on unchanged. */
  errors: string[];
  /**
   * With a profile: the provider's refusals that remain on the input schema the client would see
   * (`[]` when the provider accepts it, and always without a profile).
   */
  violations: Violation[];
  /**
   * Whether the tool was left out of the `tools/list` answer: with a profile, a tool with
   * {@link ToolReport.violations} is, unless `keepInvalid`.
   */
  omitted: boolean;
}

/** What {@link ToolSchemaMessages} knows of one listed tool. */
export interface ToolState {
  /** The tool's name. */
  readonly name: string;
  /** What its `inputSchema` became, when it listed one. */
  readonly inputSchema: ToolSchemaState | undefined;
  /** What its `outputSchema` became, when it listed one. */
  readonly outputSchema: ToolSchemaState | undefined;
  /** Whether it was left out of the answer (see {@link ToolReport.omitted}). */
  readonly omitted: boolean;
}

/** Options of {@link ToolSchemaMessages}. */
export interface ToolSchemaMessagesOptions {
  /** Options for the pass (`root` is set per schema: an object root for `inputSchema`). */
  pass?: RewriteOptions;
  /**
   * Called for a listed tool the first time it is seen and whenever its schemas change (not for
   * every `tools/list` that lists it again unchanged).
   */
  onToolReport?: (report: ToolReport) => void;
  /**
   * Called when a server message could not be rewritten (a value too deep or too large to
   * serialize, a bug): the message is then passed on as it came. A `CallGate` (and so
   * `withToolSchemas`) also reports here a `tools/list` of its own that failed.
   */
  onRewriteError?: (error: unknown) => void;
  /** How many distinct schemas to remember, per field. Default 4096. */
  cacheSize?: number;
  /**
   * The provider profile of the model behind the client (see `toProviderSchema` in
   * `@toolschema/core`). Each listed `inputSchema` becomes the profile's wire schema, the codec is
   * kept per tool, and `toServer` decodes the `arguments` of each `tools/call` with the codec of
   * its tool, so the server receives the shape it listed. Default: none, the same as `'mcp'`.
   */
  profile?: Profile;
  /**
   * Parse a string that holds JSON where the listed schema wants an object or an array (and no
   * string) when decoding arguments (`decodeArguments`' `repair`), with or without a profile, and
   * (without a profile, or with `mcp`, `openai` or `anthropic`) drop a `null` sent for an optional
   * property that refuses `null`: the codec kept per tool then marks those places (without a
   * profile, or with `mcp`, it maps nothing else). Default `false`.
   */
  repair?: boolean;
  /**
   * With a profile or `repair`: how the text of an argument the wire sent as a JSON string is read when
   * decoding (`decodeArguments`' `parseJson`; a throw means "not JSON"). Default `JSON.parse`'s
   * reading. A proxy that writes the decoded call as JSON text for a server in another language
   * passes a parser that keeps numbers' text (an integer past 2^53, `1.0`), as it keeps them in
   * the rest of the message; the same function for the whole connection.
   */
  parseJson?: (text: string) => unknown;
  /**
   * With a profile: list a tool the profile cannot make acceptable (its wire schema still breaks
   * a rule with severity `error`) as it is. By default such a tool is left out of the answer, so
   * one bad tool does not make the provider refuse every request; its report says why.
   */
  keepInvalid?: boolean;
}

const DEFAULT_CACHE_SIZE = 4096;

/**
 * How many unanswered `tools/list` and `tools/call` requests the core remembers, each. A client
 * may cancel a request the server never answers, and a byte-level adapter does not show the core
 * the answers it need not read (a `tools/call` answered while no list is pending), so the oldest
 * is forgotten past this bound instead of kept for the life of the connection.
 */
const MAX_PENDING_REQUESTS = 1024;

/**
 * One tool of a `tools/list` answer as the core made it ({@link ToolSchemaMessages.listTool}),
 * before the answer is settled. It depends only on the tool as listed (and the core's options),
 * so an adapter may keep it and settle it again for the same tool listed again.
 */
export interface ListedTool {
  /**
   * The tool as the client sees it: the very same object when no schema changed, a copy with the
   * rewritten schemas otherwise, `undefined` when it is left out of the answer.
   */
  readonly tool: Record<string, unknown> | undefined;
  /** What the core will know of it once settled (`undefined` for a tool without a name). */
  readonly state: ToolState | undefined;
  /** What the pass said about it; reported when the answer is settled, if the tool is new or changed. */
  readonly report: ToolReport;
}

/**
 * The message-level core of toolschema for MCP, for any transport and either side of it. It
 * sees JSON-RPC messages as parsed values (never bytes), in two directions:
 *
 * - {@link ToolSchemaMessages.toServer} for every message from the client to the server: it
 *   remembers the ids of `tools/list` requests (and of `tools/call` requests, with their tool).
 * - {@link ToolSchemaMessages.toClient} for every message from the server to the client: the
 *   answer to a remembered `tools/list` request gets each tool's `inputSchema` (with an object
 *   root) and `outputSchema` made self-contained; everything else comes back as the very same
 *   value: other responses, errors, notifications, requests from the server, and `nextCursor`,
 *   `_meta` and unknown fields of the result. Batches are followed entry by entry.
 *
 * A server-side wrapper calls `toServer` on what it receives and `toClient` on what it sends; a
 * client-side wrapper the other way round. What each schema became is cached by its JSON text,
 * so listing the same tools again costs a `JSON.stringify` per schema, and kept per tool
 * ({@link ToolSchemaMessages.tool}). `toClient` never throws: a message it cannot rewrite is
 * returned as it came, after `onRewriteError`.
 *
 * @example
 * const messages = new ToolSchemaMessages({ onToolReport: (report) => log(report) });
 * messages.toServer({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
 * const answer = messages.toClient({ jsonrpc: '2.0', id: 1, result: { tools } });
 * // answer.result.tools: the same tools, every schema without $ref except what cycles need
 */
export class ToolSchemaMessages {
  /**
   * Unanswered `tools/list` requests, each with the names its listing has given so far: a request
   * without a cursor starts a listing, one with a cursor continues the listing whose answer gave
   * that cursor (`undefined` when no answer seen here did).
   */
  readonly #pendingLists = new Map<string, Set<string> | undefined>();
  /** The listings under way, by the `nextCursor` their last page gave (the 1,024 newest). */
  readonly #listings = new Map<string, Set<string>>();
  readonly #pendingCalls = new Map<string, string | undefined>();
  readonly #tools = new Map<string, ToolState>();
  readonly #cache: SchemaCache;
  readonly #options: ToolSchemaMessagesOptions;

  /**
   * Creates the core for one connection (ids are per connection).
   *
   * @param options Pass options and callbacks.
   */
  constructor(options: ToolSchemaMessagesOptions = {}) {
    this.#options = options;
    this.#cache = new SchemaCache(
      {
        pass: options.repair === true ? { ...options.pass, repair: true } : (options.pass ?? {}),
        profile: options.profile,
      },
      options.cacheSize ?? DEFAULT_CACHE_SIZE,
    );
  }

  /**
   * The number of `tools/list` requests seen by {@link ToolSchemaMessages.toServer} and not
   * answered yet. While it is 0, {@link ToolSchemaMessages.toClient} rewrites nothing, so a
   * byte-level adapter may pass server messages on without parsing them.
   */
  get pendingToolsLists(): number {
    return this.#pendingLists.size;
  }

  /**
   * Whether {@link ToolSchemaMessages.toServer} may decode `tools/call` arguments: a profile other
   * than `mcp` is in force, or `repair`. Every such profile can map arguments (`openai` and
   * `anthropic` when they wrap a root that is no plain object under `value`), and repair needs
   * the tool's codec, so a call of a tool no `tools/list` answer named yet cannot be decoded right
   * (see {@link ToolSchemaMessages.unlistedCallTools}).
   */
  get decodesCalls(): boolean {
    const { profile, repair } = this.#options;
    return (profile !== undefined && profile !== 'mcp') || repair === true;
  }

  /**
   * The tools named by the `tools/call` requests of a message on its way to the server that
   * {@link ToolSchemaMessages.toServer} cannot decode yet for want of a listing: with
   * {@link ToolSchemaMessages.decodesCalls}, each tool no `tools/list` answer named. Notes
   * nothing; a `CallGate` lists the tools itself before such a call goes on.
   *
   * @param message A parsed JSON-RPC message or batch.
   * @returns The names, in the order of the calls (`[]` without a profile that decodes calls).
   */
  unlistedCallTools(message: unknown): string[] {
    if (!this.decodesCalls) return [];
    const names: string[] = [];
    for (const entry of Array.isArray(message) ? message : [message]) {
      if (!isObject(entry) || entry.method !== 'tools/call' || !isObject(entry.params)) continue;
      const { name } = entry.params;
      if (typeof name === 'string' && !this.#tools.has(name)) names.push(name);
    }
    return names;
  }

  /**
   * Notes a message on its way from the client to the server. With a profile, the `arguments` of
   * a `tools/call` of a listed tool are decoded with the tool's codec (never throws: what the
   * codec cannot map goes on for the server's validator to reject).
   *
   * @param message A parsed JSON-RPC message or batch (anything else is ignored).
   * @returns The message to deliver: the same value unless arguments were decoded, else a copy
   *   (the input is never changed).
   */
  toServer(message: unknown): unknown {
    if (!Array.isArray(message)) return this.#noteRequest(message);
    let changed = false;
    const entries = message.map((entry) => {
      const next = this.#noteRequest(entry);
      if (next !== entry) changed = true;
      return next;
    });
    return changed ? entries : message;
  }

  /** The listing a `tools/list` request starts or continues (see `#pendingLists`). */
  #listingOf(request: Record<string, unknown>): Set<string> | undefined {
    const cursor = isObject(request.params) ? request.params.cursor : undefined;
    if (cursor === undefined) return new Set();
    if (typeof cursor !== 'string') return undefined;
    const listing = this.#listings.get(cursor);
    this.#listings.delete(cursor);
    return listing;
  }

  /** Notes one request; returns it with decoded arguments when its tool has a codec. */
  #noteRequest(entry: unknown): unknown {
    if (!isObject(entry) || typeof entry.method !== 'string') return entry;
    const key = idKey(entry.id);
    if (entry.method === 'tools/list') {
      if (key !== undefined) rememberPending(this.#pendingLists, key, this.#listingOf(entry));
      return entry;
    }
    if (entry.method !== 'tools/call') return entry;
    const params = isObject(entry.params) ? entry.params : undefined;
    const name = typeof params?.name === 'string' ? params.name : undefined;
    if (key !== undefined) rememberPending(this.#pendingCalls, key, name);
    const codec = name === undefined ? undefined : this.#tools.get(name)?.inputSchema?.codec;
    if (params === undefined || codec === undefined || !Object.hasOwn(params, 'arguments')) {
      return entry;
    }
    const { parseJson } = this.#options;
    const decoded = decodeArguments(codec, params.arguments, {
      repair: this.#options.repair === true,
      ...(parseJson === undefined ? {} : { parseJson }),
    });
    // Decoding shares what it does not change (the same arguments when nothing maps): the result
    // goes into a new message, and nothing writes to it or to the request.
    if (decoded === params.arguments) return entry;
    return { ...entry, params: { ...params, arguments: decoded } };
  }

  /**
   * Passes a message on its way from the server to the client through the core.
   *
   * @param message A parsed JSON-RPC message or batch (anything else comes back as it is).
   * @returns The same value when nothing was rewritten, else a rewritten copy (the input is never
   *   changed; rewritten schemas are frozen and shared between answers).
   */
  toClient(message: unknown): unknown {
    if (this.#pendingLists.size === 0 && this.#pendingCalls.size === 0) return message;
    const answers: ListAnswer[] = [];
    let rewritten: unknown;
    try {
      rewritten = Array.isArray(message)
        ? this.#rewriteBatch(message, answers)
        : this.#rewriteResponse(message, answers);
    } catch (error) {
      this.#options.onRewriteError?.(error);
      return message;
    }
    for (const answer of answers) this.#settle(answer);
    return rewritten;
  }

  /**
   * Whether a server message is the answer to a pending `tools/list` request with a `tools`
   * array: a message {@link ToolSchemaMessages.toClient} would rewrite. Notes nothing. For an
   * adapter that rewrites the tools of such an answer itself (from their text, with a cache of
   * its own): it calls {@link ToolSchemaMessages.listTool} for each tool, then
   * {@link ToolSchemaMessages.settleToolsList}.
   *
   * @param message A parsed JSON-RPC message (a batch is never such an answer here).
   * @returns Whether it answers a pending `tools/list` with `result.tools` an array.
   */
  answersToolsList(message: unknown): boolean {
    if (!isResponse(message)) return false;
    const key = idKey(message.id);
    if (key === undefined || !this.#pendingLists.has(key)) return false;
    return isObject(message.result) && Array.isArray(message.result.tools);
  }

  /**
   * What one tool of a `tools/list` answer becomes: each schema from the cache or from the pass.
   * Changes nothing the core knows until {@link ToolSchemaMessages.settleToolsList}.
   *
   * @param tool A tool of the answer, as listed (never changed).
   * @returns The tool as the client sees it, its state and its report. Throws what the pass
   *   throws other than `ToolSchemaError` (a bug), and a `RangeError` for a schema too deep or too
   *   large to serialize.
   */
  listTool(tool: Record<string, unknown>): ListedTool {
    const states: Partial<Record<ToolSchemaField, ToolSchemaState>> = {};
    let rewritten: Record<string, unknown> | undefined;
    for (const field of TOOL_SCHEMA_FIELDS) {
      const schema = tool[field];
      if (!Object.hasOwn(tool, field) || !isSchema(schema)) continue;
      const state = this.#cache.get(field, schema);
      states[field] = state;
      if (state.changed) {
        rewritten ??= { ...tool };
        rewritten[field] = state.schema;
      }
    }
    const name = typeof tool.name === 'string' ? tool.name : undefined;
    const violations = [...(states.inputSchema?.violations ?? [])];
    const omitted = violations.length > 0 && this.#options.keepInvalid !== true;
    const state: ToolState | undefined =
      name === undefined
        ? undefined
        : { name, inputSchema: states.inputSchema, outputSchema: states.outputSchema, omitted };
    const report: ToolReport = {
      name: name ?? '(unnamed)',
      diagnostics: [
        ...(states.inputSchema?.diagnostics ?? []),
        ...(states.outputSchema?.diagnostics ?? []),
      ],
      errors: [states.inputSchema?.error, states.outputSchema?.error].filter(
        (error): error is string => error !== undefined,
      ),
      violations,
      omitted,
    };
    return { tool: omitted ? undefined : (rewritten ?? tool), state, report };
  }

  /**
   * Settles the answer to a pending `tools/list` whose tools an adapter rewrote itself (see
   * {@link ToolSchemaMessages.answersToolsList}): forgets its id, keeps each listed tool's state
   * (a `tools/call` is then decoded with its codec) and reports each tool that is new or changed.
   * The last page of a listing (no `nextCursor`) forgets every tool its pages did not name.
   *
   * @param message The answer, as for `answersToolsList` (its tools are not read, its
   *   `result.nextCursor` is).
   * @param tools Each tool of the answer from {@link ToolSchemaMessages.listTool}, in order, or
   *   `undefined` when the rewrite failed and the answer goes on as it came (then only its id is
   *   forgotten).
   */
  settleToolsList(message: unknown, tools: readonly ListedTool[] | undefined): void {
    if (!isResponse(message)) return;
    const key = idKey(message.id);
    if (key === undefined) return;
    this.#pendingCalls.delete(key);
    if (!this.#pendingLists.has(key)) return;
    const listing = this.#pendingLists.get(key);
    this.#pendingLists.delete(key);
    if (tools !== undefined) this.#settle({ tools, listing, nextCursor: nextCursorOf(message) });
  }

  /**
   * Keeps the states of an answer's tools and reports those that are new or changed; where the
   * answer ends a listing seen from its first page, forgets the tools it no longer names (a server
   * listing new names at every listing would otherwise grow the map for the connection's life).
   */
  #settle({ tools: listed, listing, nextCursor }: ListAnswer): void {
    // Judged against what was known before this answer, then kept.
    const reports: ListedTool[] = [];
    for (const entry of listed) {
      const { state } = entry;
      const known = state === undefined ? undefined : this.#tools.get(state.name);
      // The very same state (a kept ListedTool listed again) is neither new nor changed.
      if (known !== undefined && known === state) continue;
      if (
        known === undefined ||
        known.inputSchema?.source !== state?.inputSchema?.source ||
        known.outputSchema?.source !== state?.outputSchema?.source
      ) {
        reports.push(entry);
      }
    }
    for (const { state } of listed) {
      if (state === undefined) continue;
      this.#tools.set(state.name, state);
      listing?.add(state.name);
    }
    if (listing !== undefined) {
      if (nextCursor !== undefined) rememberPending(this.#listings, nextCursor, listing);
      else for (const name of this.#tools.keys()) if (!listing.has(name)) this.#tools.delete(name);
    }
    for (const { report } of reports) {
      // A fresh copy each time: a kept ListedTool may be settled again.
      this.#options.onToolReport?.({
        ...report,
        diagnostics: [...report.diagnostics],
        errors: [...report.errors],
        violations: [...report.violations],
      });
    }
  }

  /**
   * What the core knows of a tool from the last `tools/list` answer that listed it. A listing
   * followed from its first page to its last forgets the tools none of its pages named.
   *
   * @param name The tool's name.
   * @returns Its state, or `undefined` when no answer listed it.
   */
  tool(name: string): ToolState | undefined {
    return this.#tools.get(name);
  }

  /**
   * The tool a `tools/call` request seen by {@link ToolSchemaMessages.toServer} named, while it
   * is not answered (of the 1,024 newest unanswered calls).
   *
   * @param id The request's id.
   * @returns The tool's name, or `undefined` when no such call is pending or it named none.
   */
  pendingCall(id: unknown): string | undefined {
    const key = idKey(id);
    return key === undefined ? undefined : this.#pendingCalls.get(key);
  }

  #rewriteBatch(batch: unknown[], answers: ListAnswer[]): unknown[] {
    let changed = false;
    const entries = batch.map((entry) => {
      const next = this.#rewriteResponse(entry, answers);
      if (next !== entry) changed = true;
      return next;
    });
    return changed ? entries : batch;
  }

  /** Returns the response rewritten, or the very same value when it is not ours to rewrite. */
  #rewriteResponse(message: unknown, answers: ListAnswer[]): unknown {
    if (!isResponse(message)) return message;
    const key = idKey(message.id);
    if (key === undefined) return message;
    this.#pendingCalls.delete(key);
    if (!this.#pendingLists.has(key)) return message;
    const listing = this.#pendingLists.get(key);
    this.#pendingLists.delete(key);
    const result = message.result;
    if (!isObject(result) || !Array.isArray(result.tools)) return message;
    const listed: ListedTool[] = [];
    answers.push({ tools: listed, listing, nextCursor: nextCursorOf(message) });
    let changed = false;
    const tools: unknown[] = [];
    for (const tool of result.tools as unknown[]) {
      if (!isObject(tool)) {
        tools.push(tool);
        continue;
      }
      const entry = this.listTool(tool);
      listed.push(entry);
      if (entry.tool !== tool) changed = true;
      if (entry.tool !== undefined) tools.push(entry.tool);
    }
    return changed ? { ...message, result: { ...result, tools } } : message;
  }
}

/** One answer to a pending `tools/list`: its tools, the listing it adds to, and what follows. */
interface ListAnswer {
  readonly tools: readonly ListedTool[];
  /** The names of the listing so far (`undefined`: its first page was not seen here). */
  readonly listing: Set<string> | undefined;
  /** The cursor of the next page, `undefined` on the last. */
  readonly nextCursor: string | undefined;
}

/** An answer's `result.nextCursor`, when it is a string (a page follows). */
function nextCursorOf(message: Record<string, unknown>): string | undefined {
  const cursor = isObject(message.result) ? message.result.nextCursor : undefined;
  return typeof cursor === 'string' ? cursor : undefined;
}

/** Whether a message is a JSON-RPC response (a result or an error, no method). */
function isResponse(message: unknown): message is Record<string, unknown> {
  return (
    isObject(message) &&
    !Object.hasOwn(message, 'method') &&
    (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'))
  );
}

/** Notes a pending request by its id key, forgetting the oldest past {@link MAX_PENDING_REQUESTS}. */
function rememberPending<V>(pending: Map<string, V>, key: string, value: V): void {
  // Deleted first so a reused id counts as the newest (a Map keeps its first insertion order).
  pending.delete(key);
  pending.set(key, value);
  if (pending.size > MAX_PENDING_REQUESTS) {
    const oldest = pending.keys().next();
    if (oldest.done !== true) pending.delete(oldest.value);
  }
}
