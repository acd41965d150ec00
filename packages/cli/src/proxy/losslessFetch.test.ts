import { describe, expect, it } from 'vitest';
import { type Fetch, losslessFetch } from './losslessFetch.ts';
import { parseLossless, stringifyLossless } from './losslessJson.ts';

/** A `fetch` that records each request body and answers with `body` in chunks. */
function answering(
  type: string,
  chunks: readonly string[],
  status = 200,
): { fetch: Fetch; bodies: unknown[] } {
  const bodies: unknown[] = [];
  const fetch: Fetch = async (_url, init) => {
    bodies.push(init?.body);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const headers = { 'content-type': type, 'content-length': '1', 'mcp-session-id': 's' };
    return new Response(body, { status, headers });
  };
  return { fetch, bodies };
}

/** What the proxy writes for a message the transport parsed from `text`. */
const asWritten = (text: string): string => stringifyLossless(JSON.parse(text), true);

describe('losslessFetch', () => {
  it('sends each number of a message as its text', async () => {
    const { fetch, bodies } = answering('application/json', ['{}']);
    const message = parseLossless('{"id":1,"params":{"n":12345678901234567890,"f":1.0}}').value;
    await losslessFetch(fetch)('http://x/mcp', { method: 'POST', body: JSON.stringify(message) });
    expect(bodies).toStrictEqual(['{"id":1,"params":{"n":12345678901234567890,"f":1.0}}']);
  });

  it('keeps the text of each number of a JSON answer, and its status and headers', async () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"n":12345678901234567890,"s":"1.0","f":1.0}}';
    const { fetch } = answering(
      'application/json; charset=utf-8',
      [text.slice(0, 30), text.slice(30)],
      202,
    );
    const response = await losslessFetch(fetch)('http://x/mcp');
    expect([response.status, response.headers.get('mcp-session-id')]).toStrictEqual([202, 's']);
    expect(response.headers.get('content-length')).toBe(null);
    expect(stringifyLossless(await response.json(), true)).toBe(text);
  });

  it('marks the JSON data lines of an event stream, cut anywhere, and nothing else', async () => {
    const stream =
      'event: endpoint\ndata: /messages?sessionId=123e4567-0e10\n\n' +
      'id: 007\r\nretry: 1000\r\ndata: {"jsonrpc":"2.0","id":2,"result":{"n":1.0,"s":"x\u2028 1.0"}}\r\n\r\n' +
      'data: [1e400]\r\rdata: {"last":2.50}';
    const cuts = Array.from({ length: stream.length + 1 }, (_, cut) => [
      stream.slice(0, cut),
      stream.slice(cut),
    ]);
    // And one character per chunk: a line grows over many chunks before it ends.
    for (const chunks of [...cuts, [...stream]]) {
      const { fetch } = answering('text/event-stream', chunks);
      const text = await (await losslessFetch(fetch)('http://x/mcp')).text();
      const lines = text.split(/\r\n|\r|\n/);
      expect(lines.slice(0, 4)).toStrictEqual([
        'event: endpoint',
        'data: /messages?sessionId=123e4567-0e10',
        '',
        'id: 007',
      ]);
      expect(
        text.replace(/data: ([{[][^\r\n]*)/g, (_, json: string) => `data: ${asWritten(json)}`),
      ).toBe(stream);
      const data = lines.filter((line) => line.startsWith('data: {"jsonrpc"'));
      expect(JSON.parse(data[0]!.slice(6)).result).toStrictEqual({
        n: parseLossless('1.0').value,
        s: 'x\u2028 1.0',
      });
    }
  });

  it('passes any other answer as it came', async () => {
    const { fetch } = answering('text/plain', ['1.0']);
    const response = await losslessFetch(fetch)('http://x/mcp', { method: 'GET' });
    expect(await response.text()).toBe('1.0');
  });
});
