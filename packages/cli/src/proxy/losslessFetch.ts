import { markNumbers, restoreNumbers } from './losslessJson.ts';

/** The `fetch` the MCP SDK's HTTP client transports take (their `fetch` option). */
export type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A line end of an event stream (`\r\n`, `\r` or `\n`, as the stream spells it). */
const LINE_END = /\r\n|\r|\n/g;

/** Line ends of an event stream, as bytes: in UTF-8 they never stand inside another character. */
const LF = 0x0a;
const CR = 0x0d;

/**
 * Wraps a `fetch` so that the MCP SDK's HTTP client transports, which read and write messages with
 * `JSON.parse` and `JSON.stringify`, keep every number's text both ways, as the stdio proxy does
 * (see `losslessJson.ts`). A request body is the transport's `JSON.stringify` of a message that
 * may hold placeholders: each goes out as its number's text. A JSON answer, and each JSON `data:`
 * line of an event stream, comes back with every number `JSON.stringify` would write differently
 * as its placeholder, which the transport parses as a string and the proxy writes back as the
 * number's text. Everything else (headers, statuses, other bodies, other lines) passes as it came.
 *
 * @param base The `fetch` to call.
 * @returns The wrapping `fetch`.
 */
export function losslessFetch(base: Fetch = fetch): Fetch {
  return async (url, init) => {
    const request =
      typeof init?.body === 'string' ? { ...init, body: restoreNumbers(init.body) } : init;
    const response = await base(url, request);
    const type = response.headers.get('content-type') ?? '';
    if (response.body === null) return response;
    if (type.includes('application/json')) {
      return answer(markNumbers(await response.text()), response);
    }
    if (type.includes('text/event-stream')) return answer(markEventData(response.body), response);
    return response;
  };
}

/**
 * A new response with the same status and headers around another body: its length is another,
 * and it is no longer encoded (`fetch` decoded it).
 */
function answer(body: string | ReadableStream<Uint8Array>, like: Response): Response {
  const headers = new Headers(like.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: like.status, statusText: like.statusText, headers });
}

/**
 * Marks the numbers of each JSON `data:` line of an event stream, once the line has ended (a
 * chunk may end inside one); line ends and every other line pass as they came. One stream that
 * reads the body itself: each stage piped through adds a task per chunk, which for a large
 * `tools/list` answer cost more than reading it.
 */
function markEventData(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  /** The bytes of a line not ended yet, in the chunks they came in. */
  let partial: Uint8Array[] = [];
  /** Whole lines, marked: the same bytes when no number needed a mark. */
  const marked = (bytes: Uint8Array): Uint8Array => {
    const text = decoder.decode(bytes);
    const lines = markLines(text);
    return lines === text ? bytes : encoder.encode(lines);
  };
  return new ReadableStream<Uint8Array>({
    // Reads until it has whole lines to give (a pull that gives nothing is not called again).
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          if (partial.length > 0) controller.enqueue(marked(joined(partial)));
          controller.close();
          return;
        }
        let end = value.length;
        while (end > 0 && value[end - 1] !== LF && value[end - 1] !== CR) end--;
        if (end === 0) {
          partial.push(value);
          continue;
        }
        const lines = joined([...partial, value.subarray(0, end)]);
        partial = end < value.length ? [value.slice(end)] : [];
        controller.enqueue(marked(lines));
        return;
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Lines of an event stream (the last one may have no end) with the numbers of each JSON `data:`
 * value marked; the same string when none needed a mark.
 */
function markLines(text: string): string {
  let result = '';
  let from = 0;
  let changed = false;
  while (from < text.length) {
    LINE_END.lastIndex = from;
    const end = LINE_END.exec(text);
    const to = end === null ? text.length : end.index;
    const line = text.slice(from, to);
    const marked = markLine(line);
    if (marked !== line) changed = true;
    result += marked + (end === null ? '' : end[0]);
    from = end === null ? text.length : LINE_END.lastIndex;
  }
  return changed ? result : text;
}

/** A line with the numbers of its JSON `data:` value marked, else the line itself. */
function markLine(line: string): string {
  if (!line.startsWith('data:')) return line;
  const at = line.charCodeAt(5) === 0x20 ? 6 : 5;
  const first = line.charCodeAt(at);
  // JSON-RPC messages are objects or batches; the old transport's `endpoint` event is a URL.
  if (first !== 0x7b /* { */ && first !== 0x5b /* [ */) return line;
  const value = line.slice(at);
  const marked = markNumbers(value);
  return marked === value ? line : `${line.slice(0, at)}${marked}`;
}

/** The chunks as one array of bytes (the chunk itself when there is one). */
function joined(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
