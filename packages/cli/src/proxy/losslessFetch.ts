import { markNumbers, restoreNumbers } from './losslessJson.ts';

/** The `fetch` the MCP SDK's HTTP client transports take (their `fetch` option). */
export type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A line of an event stream and its end (`\r\n`, `\r` or `\n`, as the stream spells it). */
const EVENT_LINE = /([^\r\n]*)(\r\n|\r|\n)/g;

/** A `data:` field whose value is JSON text (the old transport's `endpoint` event is a URL). */
const JSON_DATA = /^(data: ?)([{[][\s\S]*)$/;

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
    if (type.includes('text/event-stream')) {
      const events = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(markEventData())
        .pipeThrough(new TextEncoderStream());
      return answer(events, response);
    }
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
 * chunk may end inside one); line ends and every other line pass as they came.
 */
function markEventData(): TransformStream<string, string> {
  let partial = '';
  const markLine = (line: string): string => {
    const data = JSON_DATA.exec(line);
    return data === null ? line : `${data[1]}${markNumbers(data[2]!)}`;
  };
  return new TransformStream({
    transform(chunk, controller) {
      // Line ends are looked for in the new chunk only: a long line in many chunks is read once.
      const end = Math.max(chunk.lastIndexOf('\n'), chunk.lastIndexOf('\r')) + 1;
      if (end === 0) {
        partial += chunk;
        return;
      }
      const lines = partial + chunk.slice(0, end);
      partial = chunk.slice(end);
      controller.enqueue(
        lines.replace(EVENT_LINE, (_, line: string, eol: string) => markLine(line) + eol),
      );
    },
    flush(controller) {
      if (partial !== '') controller.enqueue(markLine(partial));
    },
  });
}
