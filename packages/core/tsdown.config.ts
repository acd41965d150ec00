import { defineConfig } from 'tsdown';

export default defineConfig({
  // Two entry points: the root (users) and `./adapter` (adapter authors); shared code is one chunk.
  entry: ['src/index.ts', 'src/adapter.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  // The time spent generating declarations is expected; no report on each build.
  checks: { pluginTimings: false },
});
