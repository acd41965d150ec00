import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  target: 'node20',
  // The time spent generating declarations is expected; no report on each build.
  checks: { pluginTimings: false },
});
