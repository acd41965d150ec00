// Times two or more builds of @toolschema/core side by side on the real corpus, interleaved in one
// process (the A/B behind "tried and dropped" in RESULTS.md):
//   node bench/compare-builds.mjs path/to/a/index.mjs path/to/b/index.mjs
// Copy `packages/core/dist/index.mjs` aside before and after a change to compare them.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';
import { copyJsonRecursive } from './lib/json.mjs';
import { median } from './lib/measure.mjs';

const builds = process.argv.slice(2);
if (builds.length === 0) {
  console.error('usage: node bench/compare-builds.mjs <core build .mjs> [more builds...]');
  process.exit(2);
}
const tools = buildToolSchemas(loadGithubOpenApi().document);
const inputs = tools.flatMap((tool) => (tool.output ? [tool.input, tool.output] : [tool.input]));
const passes = [];
for (const build of builds) {
  passes.push((await import(pathToFileURL(resolve(build)).href)).dereference);
}
const outputs = inputs.map((schema) => passes[0](schema).schema);

/** Median of 9 timed runs. */
function time(run) {
  const samples = [];
  for (let round = 0; round < 9; round++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

for (let round = 0; round < 3; round++) {
  const floor = time(() => {
    for (const output of outputs) copyJsonRecursive(output);
  });
  const cells = passes.map((dereference, position) => {
    const ms = time(() => {
      for (const input of inputs) dereference(input);
    });
    return `${builds[position]} ${ms.toFixed(1)} ms (${(ms / floor).toFixed(2)}× floor)`;
  });
  console.log(`floor ${floor.toFixed(1)} ms | ${cells.join(' | ')}`);
}
