#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import {
  SdkError,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { ToolSchemaError } from '@toolschema/core';
import { ToolSchemaMessages } from '@toolschema/mcp';
import {
  S as CliError,
  x as formatDiagnostic,
  c as formatOmittedTool,
  l as formatToolReport,
  s as isObject,
  o as LineSplitter,
  g as PASS_OPTION_SPECS,
  h as PASS_OPTIONS_HELP,
  f as PROFILE_OPTION_HELP,
  y as parseArgs,
  b as parseIntegerOption,
  p as parseProfile,
  _ as passErrorHint,
  d as runDeref,
  n as runInspect,
  a as ServerProcess,
  v as toDereferenceOptions,
  C as UsageError,
  r as VERSION,
} from './inspect-xHdlXoV3.mjs';

//#region src/proxy/outputTaken.ts
/**
 * Waits until the client has taken everything written to it, or `limitMs` (a client that stopped
 * reading never does).
 *
 * @param stdout The client's side.
 * @param limitMs The longest wait.
 */
async function outputTaken(stdout, limitMs) {
  if ((stdout.writableLength ?? 0) === 0) return;
  await new Promise((resolve) => {
    const timer = setTimeout(done, limitMs);
    function done() {
      clearTimeout(timer);
      stdout.off('drain', done);
      stdout.off('error', done);
      resolve();
    }
    stdout.once('drain', done);
    stdout.once('error', done);
  });
}
//#endregion
//#region src/proxy/HttpUpstream.ts
/** The HTTP statuses to the first POST that mean "not a Streamable HTTP endpoint". */
const FALLBACK_STATUSES = new Set([400, 404, 405]);
/** Whether a message is an `initialize` request (the one that opens a session). */
function isInitialize(message) {
  return typeof message === 'object' && message !== null && message.method === 'initialize';
}
/** One line for an error, with the network cause (`ECONNREFUSED`...) when there is one. */
function describe(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : '';
  return (detail === '' ? error.message : `${error.message} (${detail})`)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}
/**
 * The proxy's connection to a remote MCP server, through the MCP SDK's own client transports:
 * Streamable HTTP, and the older HTTP+SSE transport when the first POST is answered with 400, 404
 * or 405 (the fallback the MCP specification describes for clients). The SDK does the framing,
 * the SSE streams and the session id; this class picks the transport, keeps the order that
 * matters (nothing is sent before the `initialize` exchange has given the session id) and sorts
 * failures into those the connection survives and those it does not.
 */
var HttpUpstream = class {
  #url;
  #headers;
  #handlers;
  #transport;
  #kind = 'Streamable HTTP';
  /** Settles when every message that must go first (the opening, `initialize`) has gone. */
  #gate = Promise.resolve();
  /** Errors a `send` rejected with: the transport also reports them to `onerror`. */
  #sendErrors = /* @__PURE__ */ new WeakSet();
  #closed = false;
  /**
   * @param url The server's MCP endpoint.
   * @param headers Headers for every request (`Authorization`...).
   * @param handlers Where messages and failures go.
   */
  constructor(url, headers, handlers) {
    this.#url = url;
    this.#headers = headers;
    this.#handlers = handlers;
  }
  /** The transport in use, once the first message has chosen it. */
  get transportName() {
    return this.#kind;
  }
  /**
   * Sends a message from the client. Messages are sent in order; the first one and every
   * `initialize` are waited for before the next goes, since they choose the transport and the
   * session. Never rejects: failures go to `onFailure`.
   *
   * @param message A JSON-RPC message (or batch) as the client sent it.
   */
  send(message) {
    const opening = this.#transport === void 0 || isInitialize(message);
    const run = this.#gate.then(() => this.#deliver(message));
    if (opening) this.#gate = run;
    return run;
  }
  /**
   * Tells the transport the protocol version the server agreed to (sent as a header from then on).
   *
   * @param version The `protocolVersion` of the `initialize` result.
   */
  setProtocolVersion(version) {
    this.#transport?.setProtocolVersion?.(version);
  }
  /** Ends the session (HTTP DELETE where the server has sessions) and closes the transport. */
  async close() {
    if (this.#closed) return;
    this.#closed = true;
    const transport = this.#transport;
    if (transport instanceof StreamableHTTPClientTransport)
      await transport.terminateSession().catch(() => void 0);
    await transport?.close().catch(() => void 0);
  }
  async #deliver(message) {
    if (this.#closed) return;
    if (this.#transport === void 0) {
      await this.#open(message);
      return;
    }
    try {
      await this.#transport.send(message);
    } catch (error) {
      this.#sendFailed(message, error);
    }
  }
  /** Sends the first message over Streamable HTTP, or over HTTP+SSE when the server is older. */
  async #open(message) {
    const streamable = this.#connect(
      new StreamableHTTPClientTransport(this.#url, { requestInit: { headers: this.#headers } }),
    );
    try {
      await streamable.start();
      await streamable.send(message);
      return;
    } catch (error) {
      this.#sendErrors.add(error);
      if (!(error instanceof SdkHttpError && FALLBACK_STATUSES.has(error.status))) {
        this.#sendFailed(message, error);
        return;
      }
      await streamable.close().catch(() => void 0);
    }
    this.#kind = 'HTTP+SSE';
    const sse = this.#connect(
      new SSEClientTransport(this.#url, { requestInit: { headers: this.#headers } }),
    );
    try {
      await sse.start();
      await sse.send(message);
    } catch (error) {
      this.#sendFailed(message, error, ' (after Streamable HTTP was refused)');
    }
  }
  #connect(transport) {
    this.#transport = transport;
    transport.onmessage = (message) => {
      if (!this.#closed) this.#handlers.onMessage(message);
    };
    transport.onerror = (error) => {
      setImmediate(() => this.#outOfBand(transport, error));
    };
    return transport;
  }
  /** An error no send claimed: a stream of the server's failed. */
  #outOfBand(transport, error) {
    if (this.#closed || this.#sendErrors.has(error) || transport !== this.#transport) return;
    if (this.#kind === 'HTTP+SSE')
      this.#handlers.onFailure(void 0, `the event stream ended: ${describe(error)}`, true);
  }
  #sendFailed(message, error, context = '') {
    if (typeof error === 'object' && error !== null) this.#sendErrors.add(error);
    if (this.#closed) return;
    const sessionId = this.#transport?.sessionId;
    if (error instanceof SdkHttpError) {
      const status = `HTTP ${error.status}`;
      if (error.status === 404 && sessionId !== void 0) {
        const reason = `the server no longer knows session ${sessionId} (${status}): it expired or the server restarted; restart the proxy to open a new session`;
        this.#handlers.onFailure(message, reason, true);
        return;
      }
      if (error.status === 401 || error.status === 403) {
        const reason = `the server refused the request (${status}); pass credentials with --header 'Authorization: ...'`;
        this.#handlers.onFailure(message, reason, true);
        return;
      }
      this.#handlers.onFailure(message, `${describe(error)}${context}`, false);
      return;
    }
    if (error instanceof SdkError && this.#transport !== void 0) {
      this.#handlers.onFailure(message, `${describe(error)}${context}`, false);
      return;
    }
    const reason = `cannot reach ${this.#url.href} over ${this.#kind}: ${describe(error)}${context}`;
    this.#handlers.onFailure(message, reason, true);
  }
};
//#endregion
//#region src/proxy/losslessJson.ts
/**
 * Parsing and writing JSON text without losing a number's source text. `JSON.parse` turns
 * `1e400` into `Infinity` (written back as `null`) and rounds a 64-bit integer id, so a message
 * that is parsed and written again would change. Here every number whose text `JSON.stringify`
 * would not give back is parsed as a placeholder string that carries its text, and written back
 * as that text. Numbers the pass never interprets (ids, `maximum`, `const`...) then keep their
 * bytes; the pass sees a string there, which it copies like any value.
 */
/** Starts every placeholder: a NUL (never in a number) and a nonce per process. */
const MARK = `\u0000${randomBytes(6).toString('hex')}:`;
/** The placeholder of a number, as JSON text. */
const PLACEHOLDER_TEXT = JSON.stringify(MARK).slice(0, -1);
/** A placeholder in `JSON.stringify` output, with the number's text as group 1. */
const PLACEHOLDER = new RegExp(`${escapeRegExp(PLACEHOLDER_TEXT)}([-+.0-9eE]+)"`, 'g');
/**
 * Every number of JSON text outside a string stands after `:`, `,` or `[` and before `,`, `}` or
 * `]` (white space aside), so this finds them all without reading strings (it also finds text in
 * strings that looks the same, which only costs the exact scan below).
 */
const NUMBER_IN_PLACE = /[:,[]\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]])/g;
/**
 * Whether JSON text may hold a number `JSON.stringify` would write differently (an exponent, a
 * fraction ending in 0, `-0`, `1e-7`, a 64-bit integer...): a cheap search that skips the exact,
 * string-aware scan for the common text that has none.
 *
 * @param text JSON text.
 * @returns `false` only when every number outside strings is written as `JSON.stringify` would.
 */
function mayHoldNoncanonicalNumber(text) {
  const start = text.trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) return true;
  for (const match of text.matchAll(NUMBER_IN_PLACE)) {
    const token = match[1];
    if (String(Number(token)) !== token) return true;
  }
  return false;
}
/** Strings (skipped) and numbers of JSON text. */
const STRING_OR_NUMBER = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
function escapeRegExp(text) {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
/**
 * Parses JSON text, keeping the text of every number `JSON.stringify` would not give back.
 *
 * @param text JSON text.
 * @returns The value, and whether it holds placeholders. Throws a `SyntaxError` for text that is
 *   not JSON.
 */
function parseLossless(text) {
  if (!mayHoldNoncanonicalNumber(text))
    return {
      value: JSON.parse(text),
      placeholders: false,
    };
  let placeholders = false;
  const marked = text.replace(STRING_OR_NUMBER, (token) => {
    if (token.charCodeAt(0) === 34 || String(Number(token)) === token) return token;
    placeholders = true;
    return `${PLACEHOLDER_TEXT}${token}"`;
  });
  return {
    value: JSON.parse(marked),
    placeholders,
  };
}
/**
 * Writes a value as compact JSON text, putting back the number texts {@link parseLossless} kept.
 *
 * @param value A value from {@link parseLossless}, or built from one.
 * @param placeholders Whether it may hold placeholders.
 * @returns The JSON text. Throws what `JSON.stringify` throws (a value too deep, a text too long).
 */
function stringifyLossless(value, placeholders) {
  const text = JSON.stringify(value);
  return placeholders ? text.replace(PLACEHOLDER, '$1') : text;
}
//#endregion
//#region src/proxy/remoteProxy.ts
/** JSON-RPC code of the error the proxy answers a request with when it could not deliver it. */
const UNDELIVERED = -32e3;
function entries(message) {
  return (Array.isArray(message) ? message : [message]).filter(
    (entry) => typeof entry === 'object' && entry !== null,
  );
}
function isRequestId(id) {
  return typeof id === 'string' || typeof id === 'number';
}
/**
 * Parses a client line for the SDK transport, which writes messages with `JSON.stringify`. A
 * request id whose text `JSON.parse` would change (a 64-bit integer) travels as a placeholder
 * string that {@link stringifyLossless} turns back into its text in the answer; every other
 * number is read as `JSON.parse` reads it, since the server must see numbers.
 */
function parseClientLine(text) {
  const lossless = parseLossless(text);
  if (!lossless.placeholders)
    return {
      message: lossless.value,
      placeholders: false,
    };
  const message = JSON.parse(text);
  const plain = entries(message);
  const kept = entries(lossless.value);
  let placeholders = false;
  plain.forEach((entry, index) => {
    const id = kept[index]?.id;
    if (typeof id === 'string' && typeof entry.id === 'number') {
      entry.id = id;
      placeholders = true;
    }
  });
  return {
    message,
    placeholders,
  };
}
/**
 * Runs `toolschema proxy --url`: stdio toward the client, the MCP SDK's Streamable HTTP (or
 * HTTP+SSE) client transport toward the server, every message through `messages` (`toServer` on
 * what the client sends, `toClient` on what comes back). Resolves with 0 once the client has
 * closed stdin and the answers still due have come (or `graceMs` passed), with 1 after a failure
 * that ends the connection (one line on stderr), or with 128 + signal number.
 *
 * @param io The client's side.
 * @param settings The server, the message core, the grace and the signals.
 * @returns The exit code.
 */
async function runRemoteProxy(io, settings) {
  const { url, messages, graceMs } = settings;
  /** Keys of requests sent and not answered yet. */
  const pending = /* @__PURE__ */ new Set();
  const key = (id) => `${typeof id}:${id}`;
  let initializeId;
  let placeholders = false;
  let finish;
  const finished = new Promise((resolve) => {
    finish = resolve;
  });
  let clientGone = false;
  let stdinEnded = false;
  const write = (message) => {
    if (clientGone) return;
    io.stdout.write(`${stringifyLossless(message, placeholders)}\n`);
  };
  const settle = (message) => {
    for (const entry of entries(message)) {
      if (!isRequestId(entry.id) || entry.method !== void 0) continue;
      pending.delete(key(entry.id));
      if (key(entry.id) === initializeId) {
        const version = entry.result?.protocolVersion;
        if (typeof version === 'string') upstream.setProtocolVersion(version);
      }
    }
    if (stdinEnded && pending.size === 0) finish(0);
  };
  const upstream = new HttpUpstream(url, settings.headers, {
    onMessage: (message) => {
      const rewritten = messages.toClient(message);
      try {
        write(rewritten);
      } catch (error) {
        settings.onRewriteError(error);
        write(message);
      }
      settle(message);
    },
    onFailure: (message, reason, fatal) => {
      io.stderr.write(`toolschema: ${url.origin}: ${reason}\n`);
      for (const entry of entries(message)) {
        if (!isRequestId(entry.id) || typeof entry.method !== 'string') continue;
        write({
          jsonrpc: '2.0',
          id: entry.id,
          error: {
            code: UNDELIVERED,
            message: `toolschema proxy: ${reason}`,
          },
        });
        pending.delete(key(entry.id));
      }
      if (fatal) finish(1);
      else if (stdinEnded && pending.size === 0) finish(0);
    },
  });
  const onLine = (line) => {
    const text = line.toString('utf8').trim();
    if (text === '') return;
    let parsed;
    try {
      parsed = parseClientLine(text);
    } catch {
      io.stderr.write(`toolschema: a client line is not JSON, not sent: ${text.slice(0, 80)}\n`);
      return;
    }
    placeholders ||= parsed.placeholders;
    const message = messages.toServer(parsed.message);
    for (const entry of entries(message)) {
      if (!isRequestId(entry.id) || typeof entry.method !== 'string') continue;
      pending.add(key(entry.id));
      if (entry.method === 'initialize') initializeId = key(entry.id);
    }
    upstream.send(message);
  };
  const lines = new LineSplitter(onLine);
  const onData = (chunk) => {
    lines.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  };
  let graceTimer;
  const onEnd = () => {
    const last = lines.end();
    if (last !== void 0) onLine(last);
    stdinEnded = true;
    if (pending.size === 0) finish(0);
    graceTimer = setTimeout(() => finish(0), graceMs);
  };
  const onStdoutError = () => {
    clientGone = true;
    finish(0);
  };
  const onSignal = (signal) => finish(128 + (constants.signals[signal] ?? 0));
  io.stdin.on('data', onData);
  io.stdin.on('end', onEnd);
  io.stdout.on('error', onStdoutError);
  for (const signal of settings.signals) settings.signalSource.on(signal, onSignal);
  const code = await finished;
  clearTimeout(graceTimer);
  io.stdin.off('data', onData);
  io.stdin.off('end', onEnd);
  io.stdin.pause();
  for (const signal of settings.signals) settings.signalSource.off(signal, onSignal);
  await Promise.race([
    upstream.close(),
    new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
  ]);
  await outputTaken(io.stdout, graceMs);
  return code;
}
//#endregion
//#region src/proxy/ServerLines.ts
const NEWLINE$1 = 10;
const NEWLINE_BYTES = Buffer.from('\n');
/**
 * The server's side of the proxy's framing. A line that starts while no `tools/list` answer can
 * come streams through chunk by chunk, as the same bytes, without being collected; a line that
 * starts while one can come is collected whole and handed to `rewrite`. Whether a line is collected
 * is decided at its first byte.
 */
var ServerLines = class {
  #collect;
  #rewrite;
  #pending = [];
  /** For the line under way: whether it is collected; `undefined` at a line start. */
  #collecting;
  /**
   * @param collect Whether a line starting now must be collected.
   * @param rewrite What to send for a collected line (given without its `\n`): its bytes, or
   *   pieces of them to send in order.
   */
  constructor(collect, rewrite) {
    this.#collect = collect;
    this.#rewrite = rewrite;
  }
  /**
   * Feeds a chunk of the server's output.
   *
   * @param chunk The next bytes.
   * @returns The bytes to send to the client now, in order.
   */
  push(chunk) {
    const out = [];
    let start = 0;
    while (start < chunk.length) {
      this.#collecting ??= this.#collect();
      const newline = chunk.indexOf(NEWLINE$1, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.#collecting) out.push(chunk.subarray(start, newline === -1 ? end : end + 1));
      else {
        this.#pending.push(chunk.subarray(start, end));
        if (newline !== -1) {
          const line = this.#pending.length === 1 ? this.#pending[0] : Buffer.concat(this.#pending);
          this.#pending = [];
          const rewritten = this.#rewrite(line);
          if (Buffer.isBuffer(rewritten)) out.push(rewritten);
          else out.push(...rewritten);
          out.push(NEWLINE_BYTES);
        }
      }
      if (newline === -1) break;
      this.#collecting = void 0;
      start = newline + 1;
    }
    return out;
  }
  /**
   * Ends the output.
   *
   * @returns The bytes still to send: a collected last line without `\n`, rewritten.
   */
  end() {
    if (this.#pending.length === 0) return [];
    const line = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#collecting = void 0;
    const rewritten = this.#rewrite(line);
    return Buffer.isBuffer(rewritten) ? [rewritten] : [...rewritten];
  }
};
//#endregion
//#region src/proxy/jsonBytes.ts
/**
 * Reading the structure of JSON text as UTF-8 bytes without building values: where a value ends,
 * where a member's key and value are. Structure (brackets, commas, colons, numbers, literals,
 * white space as `JSON.parse` reads it) is checked; the inside of strings is not (an escape, a
 * control character): the proxy parses every byte it does not already know with `JSON.parse`
 * anyway, so this only has to find where each string ends. Loops only, no recursion: depth costs
 * no stack.
 */
const SPACE = 32;
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN$1 = 13;
const QUOTE = 34;
const BACKSLASH$1 = 92;
const COMMA$1 = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const DIGIT_0 = 48;
const DIGIT_1 = 49;
const DIGIT_9 = 57;
const LOWER_E = 101;
const UPPER_E = 69;
const LITERALS = [Buffer.from('true'), Buffer.from('false'), Buffer.from('null')];
/**
 * Skips white space.
 *
 * @param bytes JSON text.
 * @param at Where to start.
 * @returns The index of the first byte that is not white space (the length at the end).
 */
function skipWhitespace(bytes, at) {
  let index = at;
  for (;;) {
    const byte = bytes[index];
    if (byte !== SPACE && byte !== LINE_FEED && byte !== CARRIAGE_RETURN$1 && byte !== TAB)
      return index;
    index++;
  }
}
/**
 * Skips a string: finds its closing quote (the next quote not escaped) with a native search, so a
 * long description costs little. What is inside is not checked (see the module comment).
 *
 * @param bytes JSON text.
 * @param at The index of its opening quote.
 * @returns The index after its closing quote, or -1 when there is no string there.
 */
function skipString(bytes, at) {
  if (bytes[at] !== QUOTE) return -1;
  let from = at + 1;
  for (;;) {
    const quote = bytes.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH$1) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}
function skipDigits(bytes, at) {
  let index = at;
  for (;;) {
    const byte = bytes[index];
    if (byte === void 0 || byte < DIGIT_0 || byte > DIGIT_9) return index;
    index++;
  }
}
/** Skips a number or a literal; -1 when there is none. */
function skipScalar(bytes, at) {
  const first = bytes[at];
  if (first === MINUS || (first !== void 0 && first >= DIGIT_0 && first <= DIGIT_9)) {
    let index = first === MINUS ? at + 1 : at;
    const lead = bytes[index];
    if (lead === DIGIT_0) index++;
    else if (lead !== void 0 && lead >= DIGIT_1 && lead <= DIGIT_9)
      index = skipDigits(bytes, index);
    else return -1;
    if (bytes[index] === DOT) {
      const end = skipDigits(bytes, index + 1);
      if (end === index + 1) return -1;
      index = end;
    }
    if (bytes[index] === LOWER_E || bytes[index] === UPPER_E) {
      index++;
      if (bytes[index] === PLUS || bytes[index] === MINUS) index++;
      const end = skipDigits(bytes, index);
      if (end === index) return -1;
      index = end;
    }
    return index;
  }
  for (const literal of LITERALS) {
    if (first !== literal[0]) continue;
    for (let offset = 1; offset < literal.length; offset++)
      if (bytes[at + offset] !== literal[offset]) return -1;
    return at + literal.length;
  }
  return -1;
}
/**
 * Reads a member's key and the colon after it.
 *
 * @param bytes JSON text.
 * @param at The index of the key's opening quote.
 * @returns The index of the key's closing quote + 1 (`keyEnd`) and of the value's first byte
 *   (`value`), or `undefined` when there is no key and colon there.
 */
function readKey(bytes, at) {
  const keyEnd = skipString(bytes, at);
  if (keyEnd === -1) return void 0;
  const colon = skipWhitespace(bytes, keyEnd);
  if (bytes[colon] !== COLON) return void 0;
  return {
    keyEnd,
    value: skipWhitespace(bytes, colon + 1),
  };
}
/**
 * Skips one JSON value, checking its grammar.
 *
 * @param bytes JSON text.
 * @param at The index of the value's first byte (no white space before it).
 * @returns The index after the value, or -1 when there is no valid value there.
 */
function skipValue(bytes, at) {
  const open = [];
  let index = at;
  for (;;) {
    const first = bytes[index];
    if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      const inner = skipWhitespace(bytes, index + 1);
      const isObject = first === OPEN_BRACE;
      if (bytes[inner] === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) index = inner + 1;
      else {
        open.push(isObject);
        if (!isObject) {
          index = inner;
          continue;
        }
        const member = readKey(bytes, inner);
        if (member === void 0) return -1;
        index = member.value;
        continue;
      }
    } else if (first === QUOTE) {
      index = skipString(bytes, index);
      if (index === -1) return -1;
    } else {
      index = skipScalar(bytes, index);
      if (index === -1) return -1;
    }
    for (;;) {
      if (open.length === 0) return index;
      const isObject = open[open.length - 1];
      index = skipWhitespace(bytes, index);
      const next = bytes[index];
      if (next === COMMA$1) {
        index = skipWhitespace(bytes, index + 1);
        if (isObject) {
          const member = readKey(bytes, index);
          if (member === void 0) return -1;
          index = member.value;
        }
        break;
      }
      if (next !== (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) return -1;
      open.pop();
      index++;
    }
  }
}
/**
 * Finds the `result.tools` array of a JSON-RPC response written as one object: each top-level
 * member is read (so `result` must be there once, an object, with `tools` in it once, an array),
 * and every value but the tools is checked by the grammar. A key written with escapes is read as
 * `JSON.parse` would read it.
 *
 * @param bytes The message's text.
 * @param skipElement Where the element of the array that starts at an index ends (-1 when it is
 *   not valid JSON): the caller may know the element's text already.
 * @returns Where the array and its elements are, or `undefined` when the text is not such an
 *   answer (another shape, `method` or `result` or `tools` more than once, a grammar error).
 */
function findToolsArray(bytes, skipElement) {
  let found;
  let sawResult = false;
  const end = readMembers(bytes, skipWhitespace(bytes, 0), (key, at) => {
    if (key === 'method' || (key === 'result' && sawResult)) return -1;
    if (key !== 'result') return skipValue(bytes, at);
    sawResult = true;
    if (bytes[at] !== OPEN_BRACE) return -1;
    return readMembers(bytes, at, (innerKey, innerAt) => {
      if (innerKey !== 'tools') return skipValue(bytes, innerAt);
      if (found !== void 0 || bytes[innerAt] !== OPEN_BRACKET) return -1;
      const array = readElements(bytes, innerAt, skipElement);
      if (array === void 0) return -1;
      found = array;
      return array.close + 1;
    });
  });
  if (end === -1 || skipWhitespace(bytes, end) !== bytes.length) return void 0;
  return found;
}
/**
 * Reads an object's members, handing each key (decoded) and its value's index to `onMember`,
 * which returns where the value ends (-1 to stop).
 *
 * @returns The index after the object, or -1.
 */
function readMembers(bytes, at, onMember) {
  if (bytes[at] !== OPEN_BRACE) return -1;
  let index = skipWhitespace(bytes, at + 1);
  if (bytes[index] === CLOSE_BRACE) return index + 1;
  for (;;) {
    const member = readKey(bytes, index);
    if (member === void 0) return -1;
    const valueEnd = onMember(decodeKey(bytes, index, member.keyEnd), member.value);
    if (valueEnd === -1) return -1;
    index = skipWhitespace(bytes, valueEnd);
    if (bytes[index] === CLOSE_BRACE) return index + 1;
    if (bytes[index] !== COMMA$1) return -1;
    index = skipWhitespace(bytes, index + 1);
  }
}
/** A key's text (quotes included, already checked) as a string. */
function decodeKey(bytes, start, end) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
  return text.includes('\\') ? JSON.parse(text) : text.slice(1, -1);
}
/** Reads an array's elements with `skipElement`; `undefined` on a grammar error. */
function readElements(bytes, at, skipElement) {
  const elements = [];
  let index = skipWhitespace(bytes, at + 1);
  if (bytes[index] === CLOSE_BRACKET)
    return {
      open: at,
      close: index,
      elements,
    };
  for (;;) {
    const end = skipElement(index);
    if (end === -1) return void 0;
    elements.push([index, end]);
    index = skipWhitespace(bytes, end);
    if (bytes[index] === CLOSE_BRACKET)
      return {
        open: at,
        close: index,
        elements,
      };
    if (bytes[index] !== COMMA$1) return void 0;
    index = skipWhitespace(bytes, index + 1);
  }
}
//#endregion
//#region src/proxy/ToolTextCache.ts
/** Default bounds: 4096 tools, 32 MiB of text. */
const DEFAULT_TOOL_TEXT_CACHE_LIMITS = {
  maxEntries: 4096,
  maxBytes: 32 * 1024 * 1024,
};
/**
 * What each tool's text became, keyed by the text itself, so a tool listed again as the same
 * bytes costs a lookup instead of a parse, a pass and a serialization. Bounded in entries and in
 * bytes (see {@link ToolTextCacheLimits.maxBytes}). The tool that goes first is the oldest one not
 * used since the cache last passed over it (a "second chance" order, close to least recently used
 * while a hit costs one flag, not a move); a tool larger than the byte bound is not kept.
 */
var ToolTextCache = class {
  #entries = /* @__PURE__ */ new Map();
  #limits;
  #bytes = 0;
  /** @param limits Its bounds. */
  constructor(limits = DEFAULT_TOOL_TEXT_CACHE_LIMITS) {
    this.#limits = limits;
  }
  /** How many tools it holds. */
  get size() {
    return this.#entries.size;
  }
  /** How many bytes of text it holds (see {@link ToolTextCacheLimits.maxBytes}). */
  get bytes() {
    return this.#bytes;
  }
  /**
   * The tool listed as this text, if kept; it is marked as used.
   *
   * @param source The tool's bytes read as latin1.
   * @returns What it became, or `undefined`.
   */
  get(source) {
    const entry = this.#entries.get(source);
    if (entry !== void 0) this.touch(entry);
    return entry;
  }
  /**
   * Marks a kept tool as used (when it was found without {@link ToolTextCache.get}).
   *
   * @param entry A tool this cache returned or kept.
   */
  touch(entry) {
    entry.used = true;
  }
  /**
   * Keeps what a tool's text became, letting the oldest unused go while over a bound.
   *
   * @param entry The tool (not kept when larger than the byte bound by itself).
   */
  add(entry) {
    const size = sizeOf(entry);
    if (size > this.#limits.maxBytes || this.#limits.maxEntries < 1) {
      entry.evicted = true;
      return;
    }
    const known = this.#entries.get(entry.source);
    if (known !== void 0) this.#remove(known);
    let passes = this.#entries.size;
    while (
      this.#entries.size >= this.#limits.maxEntries ||
      this.#bytes + size > this.#limits.maxBytes
    ) {
      const oldest = this.#entries.values().next();
      if (oldest.done === true) break;
      const tool = oldest.value;
      if (tool.used && passes-- > 0) {
        tool.used = false;
        this.#entries.delete(tool.source);
        this.#entries.set(tool.source, tool);
      } else this.#remove(tool);
    }
    this.#entries.set(entry.source, entry);
    this.#bytes += size;
  }
  #remove(entry) {
    this.#entries.delete(entry.source);
    this.#bytes -= sizeOf(entry);
    entry.evicted = true;
  }
};
function sizeOf(entry) {
  return (
    entry.source.length +
    entry.bytes.length +
    (entry.output instanceof Buffer ? entry.output.length : 0)
  );
}
//#endregion
//#region src/proxy/StdioLineAdapter.ts
const TOOLS_LIST = Buffer.from('tools/list');
const TOOLS_CALL = Buffer.from('tools/call');
const BACKSLASH = 92;
const CARRIAGE_RETURN = 13;
const COMMA = Buffer.from(',');
/**
 * Puts the MCP stdio framing (one JSON-RPC message per line) around a {@link ToolSchemaMessages}.
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
var StdioLineAdapter = class {
  #messages;
  #options;
  #toolTexts;
  /** The cached tools of the last answer read as text, in order: the guess for the next. */
  #lastTools = [];
  /**
   * @param messages The message core of this connection.
   * @param options Where to report a failed rewrite.
   */
  constructor(messages, options = {}) {
    this.#messages = messages;
    this.#options = options;
    this.#toolTexts = options.toolTexts ?? new ToolTextCache();
  }
  /** Whether a server line must be collected whole (a `tools/list` answer may come). */
  get waitsForToolsList() {
    return this.#messages.pendingToolsLists > 0;
  }
  /**
   * Passes a line the client sent to the server through the core.
   *
   * @param line One line from the client, without its `\n`.
   * @returns The same buffer unless the core rewrote the message (with `rewritesCalls`, decoded
   *   `tools/call` arguments), else the rewritten message.
   */
  clientLine(line) {
    if (
      !(this.#options.rewritesCalls === true && line.indexOf(TOOLS_CALL) !== -1) &&
      line.indexOf(TOOLS_LIST) === -1 &&
      line.indexOf(BACKSLASH) === -1
    )
      return line;
    let parsed;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch {
      return line;
    }
    const rewritten = this.#messages.toServer(parsed.value);
    return rewritten === parsed.value ? line : this.#write(line, rewritten, parsed.placeholders);
  }
  /**
   * Passes a line the server sent to the client through the core.
   *
   * @param line One line from the server, without its `\n`.
   * @returns The same buffer when nothing was rewritten, else the rewritten message.
   */
  serverLine(line) {
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
  serverLinePieces(line) {
    if (!this.waitsForToolsList) return line;
    const fromText = this.#rewriteToolsText(line);
    if (fromText !== void 0) return fromText;
    let parsed;
    try {
      parsed = parseLossless(line.toString('utf8'));
    } catch (error) {
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
  #rewriteToolsText(line) {
    const guesses = this.#lastTools;
    let positions;
    let next = 0;
    const known = [];
    const skipTool = (at) => {
      const guess = guesses[next];
      if (guess !== void 0 && !guess.evicted && holdsAt(line, at, guess.bytes)) {
        this.#toolTexts.touch(guess);
        known.push(guess);
        next++;
        return at + guess.source.length;
      }
      const end = skipValue(line, at);
      if (end === -1) return -1;
      const cached = this.#toolTexts.get(line.toString('latin1', at, end));
      if (cached !== void 0) {
        positions ??= new Map(guesses.map((tool, index) => [tool, index]));
        const position = positions.get(cached);
        if (position !== void 0) next = position + 1;
      }
      known.push(cached);
      return end;
    };
    let tools;
    let envelope;
    try {
      tools = findToolsArray(line, skipTool);
      if (tools === void 0) return void 0;
      envelope = parseLossless(
        line.toString('utf8', 0, tools.open + 1) + line.toString('utf8', tools.close),
      ).value;
    } catch {
      return;
    }
    if (!this.#messages.answersToolsList(envelope)) {
      this.#messages.toClient(envelope);
      return line;
    }
    const answer = [];
    const { elements } = tools;
    try {
      for (let index = 0; index < elements.length; index++) {
        const element = elements[index];
        answer.push(known[index] ?? this.#listTool(line, element[0], element[1]));
      }
    } catch (error) {
      if (error instanceof SyntaxError) return line;
      this.#options.onRewriteError?.(error);
      this.#messages.settleToolsList(envelope, void 0);
      return line;
    }
    const listed = [];
    const kept = [];
    let changed = false;
    for (const tool of answer) {
      if (tool === void 0) continue;
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
  #listTool(line, start, end) {
    const parsed = parseLossless(line.toString('utf8', start, end));
    if (!isObject(parsed.value)) return void 0;
    const listed = this.#messages.listTool(parsed.value);
    const output =
      listed.tool === void 0
        ? void 0
        : listed.tool === parsed.value
          ? 'same'
          : Buffer.from(stringifyLossless(listed.tool, parsed.placeholders), 'utf8');
    const tool = {
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
  #write(line, rewritten, placeholders) {
    try {
      const text = stringifyLossless(rewritten, placeholders);
      const suffix = line.at(-1) === CARRIAGE_RETURN ? '\r' : '';
      return Buffer.from(text + suffix, 'utf8');
    } catch (error) {
      this.#options.onRewriteError?.(error);
      return line;
    }
  }
};
/** Whether `line` holds `bytes` at `at` (a compare in place, nothing copied). */
function holdsAt(line, at, bytes) {
  const end = at + bytes.length;
  return end <= line.length && line.compare(bytes, 0, bytes.length, at, end) === 0;
}
/**
 * The line with each tool as the client gets it: the line's own bytes, with the bytes of each
 * rewritten tool in place of the tool as listed (a run of unchanged tools is one piece). A tool
 * left out takes one comma with it; then the tools are joined anew.
 */
function spliceTools(line, tools, answer) {
  const pieces = [];
  if (answer.some((tool) => tool !== void 0 && tool.output === void 0)) {
    pieces.push(line.subarray(0, tools.open + 1));
    for (const [index, [start, end]] of tools.elements.entries()) {
      const output = answer[index]?.output ?? (answer[index] === void 0 ? 'same' : void 0);
      if (output === void 0) continue;
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
//#endregion
//#region src/proxy/upstreamOptions.ts
/** A header name as HTTP allows it (an RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Reads one `--header 'Name: value'` argument.
 *
 * @param text The argument.
 * @returns The name and the value (white space around the value dropped).
 */
function parseHeader(text) {
  const colon = text.indexOf(':');
  const name = colon === -1 ? '' : text.slice(0, colon).trim();
  const value = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value))
    throw new UsageError(`option '--header' needs 'Name: value', got '${text}'`);
  return [name, value];
}
/**
 * Reads where the proxy's server is from its arguments: `--url` with its `--header`s, or a
 * command after `--`, never both.
 *
 * @param url The `--url` value, if given.
 * @param headers The `--header` values, if given.
 * @param rest The command and its arguments, if given.
 * @returns The upstream.
 */
function readUpstream(url, headers, rest) {
  const [command, ...args] = rest ?? [];
  if (url === void 0) {
    if (headers !== void 0) throw new UsageError("option '--header' needs '--url'");
    if (command === void 0)
      throw new UsageError('proxy needs a server command after -- or a --url');
    return {
      kind: 'command',
      command,
      args,
    };
  }
  if (command !== void 0)
    throw new UsageError(`proxy takes a --url or a server command, not both (got '${command}')`);
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`option '--url' needs an http: or https: URL, got '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new UsageError(`option '--url' needs an http: or https: URL, got '${url}'`);
  return {
    kind: 'url',
    url: parsed,
    headers: Object.fromEntries((headers ?? []).map(parseHeader)),
  };
}
//#endregion
//#region src/proxy/proxy.ts
/** Help text of `toolschema proxy`. */
const PROXY_HELP = `Usage: toolschema proxy [options] -- <command> [args...]
       toolschema proxy [options] --url <https://.../mcp> [--header 'Name: value' ...]

An MCP proxy. Starts the server as a child process (or, with --url, connects to a remote
server over Streamable HTTP, falling back to HTTP+SSE) and passes every message both ways
unchanged, except the results of tools/list: there each tool's inputSchema (with an object
root) and outputSchema are made self-contained, with no $ref left but those a cycle needs.
Diagnostics go to stderr, never to stdout. The proxy exits with the server's exit code.
A tools/list answer it cannot rewrite is passed on as the server sent it, with one line on
stderr.

Put it in front of a server in an MCP client's configuration:
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--", "npx", "-y", "some-server"]
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--url", "https://example.com/mcp"]

With --profile, each tool's inputSchema becomes the provider's wire schema, and the arguments
of each tools/call are mapped back to the shape the server listed before the server sees them.
A tool the provider would still refuse is left out of tools/list, with one line on stderr.

Options:
${PASS_OPTIONS_HELP}
${PROFILE_OPTION_HELP}
  --keep-invalid      with --profile, list a tool the provider would still refuse anyway
  --repair-arguments  with --profile, parse a string holding JSON where the tool wants an
                      object or an array (models send these when they lose track)
  --url URL           a remote MCP server (http: or https:) instead of a command
  --header 'N: V'     with --url, a header for every request (repeatable), e.g.
                      --header 'Authorization: Bearer TOKEN'
  --grace MS          after the client closes stdin, how long the server gets to exit
                      before SIGTERM (and again before SIGKILL); after a signal, how long
                      before SIGKILL; after the server exits, how long its stdout may stay
                      open (default 2000)
  --quiet             do not print diagnostics
  -h, --help          show this help`;
const PROXY_OPTION_SPECS = {
  ...PASS_OPTION_SPECS,
  profile: { kind: 'string' },
  'keep-invalid': { kind: 'boolean' },
  'repair-arguments': { kind: 'boolean' },
  url: { kind: 'string' },
  header: { kind: 'list' },
  grace: { kind: 'string' },
  quiet: { kind: 'boolean' },
  help: {
    kind: 'boolean',
    short: 'h',
  },
};
const NEWLINE = Buffer.from('\n');
/** The signals the proxy passes on to the server. */
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/**
 * The longest client line the proxy looks into, in bytes. The bytes of every line are forwarded
 * as they come; only a line that may be a `tools/list` request is kept until its end, and a longer
 * one is let go (its answer then passes unchanged), so memory does not grow with line length.
 */
const MAX_CLIENT_LINE_BYTES = 1024 * 1024;
/**
 * Runs `toolschema proxy`: resolves with the server's exit code once the server has exited and
 * its output has been handed to `io.stdout`.
 *
 * @param argv The arguments after `proxy`.
 * @param io The client's side: stdin from the client, stdout to the client, stderr for humans.
 * @param settings Where signals come from.
 * @returns The exit code: the server's, 128 + signal number when a signal ended it, or 126/127
 *   when it could not be started.
 */
async function runProxy(argv, io, settings = {}) {
  const { options, rest } = parseArgs(argv, PROXY_OPTION_SPECS, { stopAtPositional: true });
  if (options.help === true) {
    io.stdout.write(`${PROXY_HELP}\n`);
    return 0;
  }
  const upstream = readUpstream(options.url, options.header, rest);
  const pass = toDereferenceOptions(options);
  const profile = parseProfile(options.profile);
  if (profile === void 0 && options['keep-invalid'] === true)
    throw new UsageError(`option '--keep-invalid' needs '--profile'`);
  if (profile === void 0 && options['repair-arguments'] === true)
    throw new UsageError(`option '--repair-arguments' needs '--profile'`);
  const rewritesCalls = profile !== void 0 && profile !== 'mcp';
  const graceMs = parseIntegerOption(options.grace, '--grace') ?? 2e3;
  const signalSource = settings.signalSource ?? process;
  const printed = /* @__PURE__ */ new Set();
  const report = (toolReport) => {
    if (toolReport.omitted) io.stderr.write(`${formatOmittedTool(toolReport, profile)}\n`);
    if (options.quiet === true) return;
    for (const line of formatToolReport(toolReport, 'passed through unchanged')) {
      if (printed.has(line)) continue;
      printed.add(line);
      io.stderr.write(`${line}\n`);
    }
  };
  const rewriteFailed = (error) => {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    io.stderr.write(
      `toolschema: a tools/list answer could not be rewritten (${reason.slice(0, 200)}); passed on as the server sent it\n`,
    );
  };
  const messages = new ToolSchemaMessages({
    pass,
    ...(profile === void 0 ? {} : { profile }),
    keepInvalid: options['keep-invalid'] === true,
    repair: options['repair-arguments'] === true,
    onToolReport: report,
    onRewriteError: rewriteFailed,
  });
  if (upstream.kind === 'url') {
    const { url, headers } = upstream;
    return runRemoteProxy(io, {
      url,
      headers,
      messages,
      graceMs,
      onRewriteError: rewriteFailed,
      signals: FORWARDED_SIGNALS,
      signalSource,
    });
  }
  const adapter = new StdioLineAdapter(messages, {
    onRewriteError: rewriteFailed,
    rewritesCalls,
  });
  const server = new ServerProcess(upstream.command, upstream.args, { drainMs: graceMs });
  const forwardSignal = (signal) => server.forward(signal, graceMs);
  for (const signal of FORWARDED_SIGNALS) signalSource.on(signal, forwardSignal);
  const toServer = (bytes) => {
    if (!server.input.write(bytes)) {
      io.stdin.pause();
      server.input.once('drain', () => io.stdin.resume());
    }
  };
  const clientLines = rewritesCalls
    ? new LineSplitter((line) => toServer(Buffer.concat([adapter.clientLine(line), NEWLINE])))
    : new LineSplitter((line) => adapter.clientLine(line), { maxLineBytes: MAX_CLIENT_LINE_BYTES });
  const onClientData = (chunk) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    clientLines.push(bytes);
    if (!rewritesCalls) toServer(bytes);
  };
  const onClientEnd = () => {
    const last = clientLines.end();
    if (last !== void 0) {
      const line = adapter.clientLine(last);
      if (rewritesCalls) toServer(line);
    }
    server.stop(graceMs);
  };
  io.stdin.on('data', onClientData);
  io.stdin.on('end', onClientEnd);
  let clientGone = false;
  const serverLines = new ServerLines(
    () => adapter.waitsForToolsList,
    (line) => adapter.serverLinePieces(line),
  );
  const send = (bytes) => {
    if (bytes.length === 0 || clientGone) return;
    const stdout = io.stdout;
    stdout.cork?.();
    let flowing = true;
    for (const piece of bytes) flowing = stdout.write(piece);
    stdout.uncork?.();
    if (!flowing) {
      server.output.pause();
      io.stdout.once('drain', () => server.output.resume());
    }
  };
  server.output.on('data', (chunk) => send(serverLines.push(chunk)));
  server.output.on('end', () => send(serverLines.end()));
  io.stdout.on('error', () => {
    clientGone = true;
    server.output.resume();
    server.stop(graceMs);
  });
  const end = await server.ended;
  send(serverLines.end());
  await outputTaken(io.stdout, graceMs);
  for (const signal of FORWARDED_SIGNALS) signalSource.off(signal, forwardSignal);
  io.stdin.off('data', onClientData);
  io.stdin.off('end', onClientEnd);
  io.stdin.pause();
  if (end.startError !== void 0) io.stderr.write(`toolschema: ${end.startError.message}\n`);
  return end.exitCode;
}
//#endregion
//#region src/main/main.ts
/** Help text of `toolschema` without a command. */
const MAIN_HELP = `Usage: toolschema <command> [options]

Makes JSON Schemas self-contained for LLM tools: every local $ref inlined, $defs kept only
where a cycle needs them, an object root for tool inputs.

Commands:
  deref [file]                    print the self-contained version of a JSON Schema
  inspect -- <command> [args...]  show what the pass does to an MCP server's tools
  proxy -- <command> [args...]    run an MCP stdio server behind a proxy that rewrites
                                  the schemas of its tools/list results
  check -- <command> [args...]    check an MCP server's tools (or a file's) against
                                  providers' rules, before and after toolschema

Options:
  -h, --help       show this help (or a command's: toolschema <command> --help)
  -v, --version    print the version

Example, in an MCP client's configuration:
  "command": "npx", "args": ["-y", "toolschema", "proxy", "--", "npx", "-y", "some-server"]`;
const COMMANDS = {
  deref: runDeref,
  inspect: runInspect,
  proxy: (argv, io) => runProxy(argv, io),
  check: async (argv, io) => (await import('./check-C20xhvYP.mjs')).runCheck(argv, io),
};
/**
 * Whether the bin should wait, however long it takes, until stdout has taken all the output
 * before it exits. True for every command but `proxy`, which has already waited for its client as
 * long as `--grace` allows: a client that stopped reading must not keep it alive.
 *
 * @param argv The arguments, without the node binary and script.
 * @returns Whether to wait for stdout.
 */
function waitsForOutput(argv) {
  return argv[0] !== 'proxy';
}
/**
 * Runs the command line. User mistakes (bad usage, unreadable input, invalid JSON, a schema the
 * pass refuses, a server that does not start or answer) print one line on stderr, prefixed
 * `toolschema:`, and give exit code 1 (2 for usage); anything else is a bug and is rethrown
 * with its stack.
 *
 * @param argv The arguments, without the node binary and script.
 * @param io The streams to use.
 * @returns The exit code.
 */
async function main(argv, io) {
  const [first, ...rest] = argv;
  try {
    if (first === void 0 || first === '-h' || first === '--help' || first === 'help') {
      io.stdout.write(`${MAIN_HELP}\n`);
      return first === void 0 ? 2 : 0;
    }
    if (first === '-v' || first === '--version') {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : void 0;
    if (command === void 0)
      throw new UsageError(`unknown command '${first}' (commands: deref, inspect, proxy, check)`);
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = first !== void 0 && Object.hasOwn(COMMANDS, first) ? ` ${first}` : '';
      io.stderr.write(`toolschema: ${error.message}\nRun 'toolschema${help} --help' for usage.\n`);
      return error.exitCode;
    }
    if (error instanceof CliError) {
      io.stderr.write(`toolschema: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ToolSchemaError) {
      io.stderr.write(`${formatDiagnostic(error)}${passErrorHint(error)}\n`);
      return 1;
    }
    throw error;
  }
}
//#endregion
//#region src/cli.ts
const argv = process.argv.slice(2);
const code = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exitCode = code;
if (waitsForOutput(argv)) process.stdout.write('', () => process.exit(code));
else process.exit(code);
