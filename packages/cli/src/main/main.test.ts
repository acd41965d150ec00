import { describe, expect, it } from 'vitest';
import { createMemoryIo } from '../io/createMemoryIo.ts';
import { VERSION } from '../version/index.ts';
import { main } from './main.ts';

describe('main', () => {
  it('prints the version', async () => {
    const memory = createMemoryIo();
    expect(await main(['--version'], memory.io)).toBe(0);
    expect(memory.stdout()).toBe(`${VERSION}\n`);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints help with --help, and with exit code 2 when no command is given', async () => {
    const help = createMemoryIo();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: toolschema <command>/);
    const bare = createMemoryIo();
    expect(await main([], bare.io)).toBe(2);
    expect(bare.stdout()).toBe(help.stdout());
  });

  it('prints each command help', async () => {
    for (const command of ['deref', 'inspect', 'proxy']) {
      const memory = createMemoryIo();
      expect(await main([command, '--help'], memory.io)).toBe(0);
      expect(memory.stdout()).toMatch(new RegExp(`^Usage: toolschema ${command} `));
    }
  });

  it('reports usage errors in one line plus a pointer to help, exit code 2', async () => {
    const unknown = createMemoryIo();
    expect(await main(['frobnicate'], unknown.io)).toBe(2);
    expect(unknown.stderr()).toBe(
      "toolschema: unknown command 'frobnicate' (commands: deref, inspect, proxy)\n" +
        "Run 'toolschema --help' for usage.\n",
    );
    const option = createMemoryIo();
    expect(await main(['inspect', '--bogus'], option.io)).toBe(2);
    expect(option.stderr()).toBe(
      "toolschema: unknown option '--bogus'\nRun 'toolschema inspect --help' for usage.\n",
    );
    const missing = createMemoryIo();
    expect(await main(['proxy'], missing.io)).toBe(2);
    expect(missing.stderr()).toMatch(
      /^toolschema: proxy needs a server command after -- or a --url\n/,
    );
  });

  it('reports invalid JSON in one line with its position, exit code 1', async () => {
    const memory = createMemoryIo('{"a": tru}');
    expect(await main(['deref'], memory.io)).toBe(1);
    expect(memory.stderr()).toBe(
      'toolschema: <stdin>:1:7: invalid JSON: unexpected "t", expected a value\n',
    );
    expect(memory.stdout()).toBe('');
  });

  it('reports a schema the pass refuses in one line, with the options that would pass it', async () => {
    const memory = createMemoryIo('{"type":"object","properties":{"next":{"$ref":"#"}}}');
    expect(await main(['deref', '--cycles', 'throw'], memory.io)).toBe(1);
    expect(memory.stderr()).toBe(
      'toolschema: <stdin>: cycle at (root): The schema is recursive (through #); it cannot be inlined without $ref. Use --cycles ref (the default) to keep the cycle as a $ref into root $defs, or --cycles unroll=N to inline it N levels.\n',
    );
    expect(memory.stdout()).toBe('');
  });

  it('echoes the bad value of every option in the same form', async () => {
    const cases: [string[], string][] = [
      [['--cycles', 'nope'], "option '--cycles' must be ref, throw or unroll=N, got 'nope'"],
      [
        ['--dialect', 'draft-03'],
        "option '--dialect' must be one of draft-04, draft-06, draft-07, 2019-09, 2020-12, got 'draft-03'",
      ],
      [
        ['--unresolved', 'drop'],
        "option '--unresolved' must be 'permissive', 'keep' or 'throw', got 'drop'",
      ],
      [['--max-bytes', '0'], "option '--max-bytes' must be greater than 0, got '0'"],
      [['--max-depth', 'x'], "option '--max-depth' must be a non-negative integer, got 'x'"],
      [['--compact=yes'], "option '--compact' takes no value, got 'yes'"],
    ];
    for (const [args, message] of cases) {
      const memory = createMemoryIo('{}');
      expect(await main(['deref', ...args], memory.io)).toBe(2);
      expect(memory.stderr()).toBe(
        `toolschema: ${message}\nRun 'toolschema deref --help' for usage.\n`,
      );
    }
  });
});
