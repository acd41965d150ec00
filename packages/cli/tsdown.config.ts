import { defineConfig } from 'tsdown';

export default defineConfig([
  {
    // The library: the building blocks of the command line, for programs that embed them.
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node20',
    // The time spent generating declarations is expected; no report on each build.
    checks: { pluginTimings: false },
  },
  {
    // The bin: one ESM file with its shebang; the library build above owns cleaning dist/.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    target: 'node20',
    // The time spent generating declarations is expected; no report on each build.
    checks: { pluginTimings: false },
  },
]);
