import type { RewriteOptions } from '@toolschema/mcp';
import { isObject } from '../isObject/index.ts';
import { rewriteToolsListResult, type ToolReport } from '../rewriteToolsListResult/index.ts';

const CARRIAGE_RETURN = 0x0d;

/** Options of {@link ToolsListRewriter}. */
export interface ToolsListRewriterOptions {
  /** Options for the pass. */
  pass?: RewriteOptions;
  /** Called once per tool of every rewritten `tools/list` result. */
  onReport?: (report: ToolReport) => void;
}

/**
 * Keys a JSON-RPC id by type and value, so the string `"1"` and the number `1` (distinct ids in
 * JSON-RPC) never match each other.
 */
function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `string:${id}`;
  if (typeof id === 'number') return `number:${id}`;
  return undefined;
}

const TOOLS_LIST = Buffer.from('tools/list');
const BACKSLASH = 0x5c;

function parseLine(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The message logic of the MCP stdio proxy, without any I/O. It watches the client's lines for
 * `tools/list` requests (alone or inside a batch) and remembers their ids; on the server's side it
 * rewrites exactly the responses to those ids whose `result` carries `tools`, and hands every other
 * line back as the same bytes. Lines that are not JSON are handed back untouched, from either side.
 */
export class ToolsListRewriter {
  readonly #pending = new Set<string>();
  readonly #options: ToolsListRewriterOptions;

  /**
   * Creates a rewriter.
   *
   * @param options Pass options and a report callback.
   */
  constructor(options: ToolsListRewriterOptions = {}) {
    this.#options = options;
  }

  /** The number of `tools/list` requests forwarded and not answered yet. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /**
   * Notes a line the client sent to the server (the line itself is forwarded unchanged by the
   * caller).
   *
   * @param line One line from the client, without its `\n`.
   */
  observeClientLine(line: Buffer): void {
    // A tools/list request spells the method out, or escapes it with a backslash: any other
    // line (tool calls with large arguments...) is not parsed at all.
    if (line.indexOf(TOOLS_LIST) === -1 && line.indexOf(BACKSLASH) === -1) return;
    const message = parseLine(line);
    const messages = Array.isArray(message) ? message : [message];
    for (const entry of messages) {
      if (!isObject(entry) || entry.method !== 'tools/list') continue;
      const key = idKey(entry.id);
      if (key !== undefined) this.#pending.add(key);
    }
  }

  /**
   * Passes a line the server sent to the client through the rewriter.
   *
   * @param line One line from the server, without its `\n`.
   * @returns The same buffer when nothing was rewritten, else the re-serialized message.
   */
  transformServerLine(line: Buffer): Buffer {
    if (this.#pending.size === 0) return line;
    const message = parseLine(line);
    if (message === undefined) return line;
    let rewritten: unknown;
    if (Array.isArray(message)) {
      let changed = false;
      const batch = message.map((entry) => {
        const next = this.#rewriteResponse(entry);
        if (next !== entry) changed = true;
        return next;
      });
      if (changed) rewritten = batch;
    } else {
      const next = this.#rewriteResponse(message);
      if (next !== message) rewritten = next;
    }
    if (rewritten === undefined) return line;
    const text = JSON.stringify(rewritten);
    // Keep a CRLF framing if the server used one.
    const suffix = line.at(-1) === CARRIAGE_RETURN ? '\r' : '';
    return Buffer.from(text + suffix, 'utf8');
  }

  /** Returns the response rewritten, or the very same value when it is not ours to rewrite. */
  #rewriteResponse(message: unknown): unknown {
    if (!isObject(message) || Object.hasOwn(message, 'method')) return message;
    const key = idKey(message.id);
    if (key === undefined || !this.#pending.has(key)) return message;
    if (!Object.hasOwn(message, 'result') && !Object.hasOwn(message, 'error')) return message;
    this.#pending.delete(key);
    const result = message.result;
    if (!isObject(result) || !Array.isArray(result.tools)) return message;
    const { result: newResult, reports } = rewriteToolsListResult(
      result as Record<string, unknown> & { tools: unknown[] },
      this.#options.pass,
    );
    for (const report of reports) this.#options.onReport?.(report);
    return { ...message, result: newResult };
  }
}
