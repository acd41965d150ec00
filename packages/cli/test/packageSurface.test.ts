import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('the toolschema package', () => {
  it('is a command line: a bin and nothing a program can import', () => {
    // Programs that embed the proxy use @toolschema/mcp (see the README); adding an entry point
    // here is a decision, so this list has to change with it.
    expect({
      bin: manifest.bin,
      exports: manifest.exports,
      main: manifest.main,
      module: manifest.module,
      types: manifest.types,
    }).toStrictEqual({
      bin: { toolschema: './bin/toolschema.mjs' },
      exports: { './package.json': './package.json' },
      main: undefined,
      module: undefined,
      types: undefined,
    });
  });
});
