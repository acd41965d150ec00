import { describe, expect, it } from 'vitest';
import { findCycles, findImportCycles, relativeImports } from './check-import-cycles.mjs';

describe('relativeImports', () => {
  it('reads imports, type imports, re-exports and dynamic imports, not packages or comments', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/index.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "const e = await import('./e.ts');",
      "import { z } from 'zod';",
      "// import { f } from './f.ts';",
      "/* import { g } from './g.ts'; */",
    ].join('\n');
    expect(relativeImports(text)).toStrictEqual([
      './a.ts',
      '../b/index.ts',
      './c.ts',
      './d.ts',
      './e.ts',
    ]);
  });
});

describe('findCycles', () => {
  it('finds nothing in a graph without cycles', () => {
    const graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(findCycles(graph)).toStrictEqual([]);
  });

  it('finds two modules that import each other, a longer loop and a self-import', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['a']],
    ]);
    expect(findCycles(graph)).toStrictEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
  });

  it('does not recurse: a 100,000-long chain closed into a loop is one cycle', () => {
    const graph = new Map();
    for (let node = 0; node < 100_000; node++) graph.set(node, [(node + 1) % 100_000]);
    const cycles = findCycles(graph);
    expect(cycles.length).toBe(1);
    expect(cycles[0].length).toBe(100_000);
  });
});

describe('the packages', () => {
  it('have no import cycle', () => {
    expect(findImportCycles()).toStrictEqual([]);
  });
});
