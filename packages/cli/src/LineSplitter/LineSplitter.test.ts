import { describe, expect, it } from 'vitest';
import { LineSplitter } from './LineSplitter.ts';

function split(chunks: readonly Buffer[]): { lines: string[]; rest: string | undefined } {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line.toString('utf8')));
  for (const chunk of chunks) splitter.push(chunk);
  const rest = splitter.end();
  return { lines, rest: rest?.toString('utf8') };
}

describe('LineSplitter', () => {
  it('splits one chunk holding several lines', () => {
    expect(split([Buffer.from('{"a":1}\n{"b":2}\n')])).toStrictEqual({
      lines: ['{"a":1}', '{"b":2}'],
      rest: undefined,
    });
  });

  it('joins a line cut across chunks at every possible boundary', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"x":"é€😀"}}\n{"id":2}\n';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const result = split([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(result).toStrictEqual({
        lines: ['{"jsonrpc":"2.0","id":1,"result":{"x":"é€😀"}}', '{"id":2}'],
        rest: undefined,
      });
    }
  });

  it('collects a line larger than 64 KiB fed in one-byte-to-many-kilobyte chunks', () => {
    const big = `{"data":"${'x'.repeat(300_000)}"}`;
    const bytes = Buffer.from(`${big}\n`);
    const chunks: Buffer[] = [];
    let offset = 0;
    let size = 1;
    while (offset < bytes.length) {
      chunks.push(bytes.subarray(offset, offset + size));
      offset += size;
      size = size * 3 + 1;
    }
    const result = split(chunks);
    expect(result.lines.length).toBe(1);
    expect(result.lines[0] === big).toBe(true);
    expect(result.rest).toBe(undefined);
  });

  it('keeps empty lines and carriage returns as they are', () => {
    expect(split([Buffer.from('a\r\n\nb\n')])).toStrictEqual({
      lines: ['a\r', '', 'b'],
      rest: undefined,
    });
  });

  it('returns an unterminated last line from end()', () => {
    expect(split([Buffer.from('a\nb'), Buffer.from('c')])).toStrictEqual({
      lines: ['a'],
      rest: 'bc',
    });
  });

  it('lets go of a line longer than maxLineBytes as it comes, and goes on after it', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line.toString('utf8')), {
      maxLineBytes: 8,
    });
    splitter.push(Buffer.from('short\n12345678\n'));
    // 64 MiB in 1 MiB chunks without a newline: nothing of it is kept.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let count = 0; count < 64; count++) splitter.push(chunk);
    expect(splitter.end()).toBe(undefined);
    splitter.push(Buffer.from('aaaa'));
    splitter.push(Buffer.from('aaaaa\nnext\nlast'));
    expect(lines).toStrictEqual(['short', '12345678', 'next']);
    expect(splitter.end()?.toString()).toBe('last');
  });
});
