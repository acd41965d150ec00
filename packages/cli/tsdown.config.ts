import { defineConfig } from 'tsdown';

// The package is a command line and nothing else: one ESM file with its shebang, no library
// entry and no declarations (see the README, "Embedding the proxy").
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  dts: false,
  clean: true,
  target: 'node20',
  // The time spent bundling is expected; no report on each build.
  checks: { pluginTimings: false },
});
