import { describe, expect, it } from 'vitest';
import { restoreNumbers, stringifyLossless } from './losslessJson.ts';
import { parseClientLine } from './remoteProxy.ts';

/** What the transport's `fetch` sends for a parsed client line. */
const sent = (line: string): string => restoreNumbers(JSON.stringify(parseClientLine(line)));

describe('parseClientLine', () => {
  it('sends a request id JSON.parse would change as a string, every other number as written', () => {
    const line = '{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{"n":1.0}}';
    expect(sent(line)).toMatch(
      /^\{"jsonrpc":"2\.0","id":"\\u0000[0-9a-f]+:id:9007199254740993","method":"tools\/call","params":\{"n":1\.0\}\}$/,
    );
    expect(stringifyLossless(parseClientLine(line), true)).toBe(line);
  });

  it('answers a request of the server with its id as the server wrote it', () => {
    const batch =
      '[{"jsonrpc":"2.0","id":9007199254740993,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]';
    expect(sent(batch)).toBe(batch);
  });
});
