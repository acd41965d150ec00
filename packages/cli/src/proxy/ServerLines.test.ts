import { describe, expect, it } from 'vitest';
import { MAX_OBSERVED_LINE_BYTES, ServerLines } from './ServerLines.ts';

function run(chunks: readonly string[], collectFrom: number): { out: string; collected: string[] } {
  const collected: string[] = [];
  let lineStarts = 0;
  const lines = new ServerLines(
    () => {
      lineStarts += 1;
      return lineStarts > collectFrom;
    },
    (line) => {
      collected.push(line.toString());
      return Buffer.from(`<${line.toString()}>`);
    },
  );
  const out: Buffer[] = [];
  for (const chunk of chunks) out.push(...lines.push(Buffer.from(chunk)));
  out.push(...lines.end());
  return { out: Buffer.concat(out).toString(), collected };
}

describe('ServerLines', () => {
  it('streams lines through as they come while nothing is collected', () => {
    expect(run(['{"a":1}\n{"b"', ':2}\n', 'tail'], Number.POSITIVE_INFINITY)).toStrictEqual({
      out: '{"a":1}\n{"b":2}\ntail',
      collected: [],
    });
  });

  it('collects whole lines, cut anywhere, once collecting starts at a line start', () => {
    expect(run(['first li', 'ne\nsec', 'ond\r\nthi', 'rd'], 1)).toStrictEqual({
      out: 'first line\n<second\r>\n<third>',
      collected: ['second\r', 'third'],
    });
  });

  it('decides at the first byte of a line, not at a chunk start', () => {
    const decisions: number[] = [];
    const lines = new ServerLines(
      () => {
        decisions.push(decisions.length);
        return false;
      },
      (line) => line,
    );
    lines.push(Buffer.from('a very long line '));
    lines.push(Buffer.from('still the same line\n'));
    lines.push(Buffer.from('next\n'));
    expect(decisions).toStrictEqual([0, 1]);
  });

  it('sends the pieces of a rewritten line in order, then its newline', () => {
    const lines = new ServerLines(
      () => true,
      (line) => [Buffer.from('['), line, Buffer.from(']')],
    );
    const out = [
      ...lines.push(Buffer.from('one\ntw')),
      ...lines.push(Buffer.from('o')),
      ...lines.end(),
    ];
    expect(out.map((piece) => piece.toString())).toStrictEqual([
      '[',
      'one',
      ']',
      '\n',
      '[',
      'two',
      ']',
    ]);
  });

  it('sends a line rewritten into 300,000 pieces (an answer of 150,000 tools) without a stack overflow', () => {
    const piece = Buffer.from('x');
    const pieces = new Array<Buffer>(300_000).fill(piece);
    const lines = new ServerLines(
      () => true,
      () => pieces,
    );
    const out = lines.push(Buffer.from('line\n'));
    expect(out).toHaveLength(300_001);
    expect(out.at(-1)?.toString()).toBe('\n');
  });

  it('drops a collected line given no pieces, its newline too', () => {
    const lines = new ServerLines(
      () => true,
      (line) => (line.toString() === 'mine' ? [] : [line]),
    );
    const out = lines.push(Buffer.from('a\nmine\nb\n'));
    expect(Buffer.concat(out).toString()).toBe('a\nb\n');
  });

  it('shows each short line streamed through to observe, whole and once it ended', () => {
    const observed: string[] = [];
    let collect = false;
    const lines = new ServerLines(
      () => collect,
      (line) => line,
      (line) => observed.push(line.toString()),
    );
    const long = 'x'.repeat(MAX_OBSERVED_LINE_BYTES + 1);
    const out = [
      ...lines.push(Buffer.from('{"method":"notifi')),
      ...lines.push(Buffer.from('cations/tools/list_changed"}\n')),
      ...lines.push(Buffer.from(`${long.slice(0, 10)}`)),
    ];
    expect(observed).toStrictEqual(['{"method":"notifications/tools/list_changed"}']);
    // A line longer than the bound is streamed, never shown; nor is a collected one.
    out.push(...lines.push(Buffer.from(`${long.slice(10)}\nshort\n`)));
    collect = true;
    out.push(...lines.push(Buffer.from('collected\n')));
    collect = false;
    out.push(...lines.push(Buffer.from(`${'y'.repeat(MAX_OBSERVED_LINE_BYTES)}\n`)));
    expect(observed).toStrictEqual([
      '{"method":"notifications/tools/list_changed"}',
      'short',
      'y'.repeat(MAX_OBSERVED_LINE_BYTES),
    ]);
    expect(Buffer.concat(out).toString()).toBe(
      `{"method":"notifications/tools/list_changed"}\n${long}\nshort\ncollected\n${'y'.repeat(MAX_OBSERVED_LINE_BYTES)}\n`,
    );
  });
});
