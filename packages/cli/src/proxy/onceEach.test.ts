import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_CHARS, MAX_REMEMBERED_LINES, onceEach } from './onceEach.ts';

describe('onceEach', () => {
  it('says each distinct line once', () => {
    const said: string[] = [];
    const say = onceEach((line) => said.push(line));
    for (const line of ['a', 'b', 'a', 'c', 'b']) say(line);
    expect(said).toStrictEqual(['a', 'b', 'c']);
  });

  it('remembers a bounded number of lines, then forgets them all', () => {
    const said: string[] = [];
    const say = onceEach((line) => said.push(line));
    for (let index = 0; index <= MAX_REMEMBERED_LINES; index++) say(`line ${index}`);
    // The first was forgotten when the bound was passed: said again, once.
    say('line 0');
    say('line 0');
    expect(said).toHaveLength(MAX_REMEMBERED_LINES + 2);
    expect(said.at(-1)).toBe('line 0');
  });

  it('remembers a bounded number of characters', () => {
    const said: string[] = [];
    const say = onceEach((line) => said.push(line));
    const long = 'x'.repeat(MAX_REMEMBERED_CHARS / 2);
    say(`a${long}`);
    say(`b${long}`);
    // The two together pass the bound: the first is forgotten.
    say(`a${long}`);
    expect(said).toHaveLength(3);
  });
});
