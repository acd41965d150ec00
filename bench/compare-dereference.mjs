// Times `dereference` of two or more builds of @toolschema/core side by side, interleaved in one
// process, on the corpora of section 7 (GitHub's tool inputs and outputs, the Zod, Valibot and
// ArkType tools), by CPU time:
//   node --import tsx bench/compare-dereference.mjs [--rounds=31] a/index.mjs b/index.mjs
// Copy `packages/core/dist` aside before and after a change to compare them. Per build it prints
// the median, first and third quartiles over rounds of its time over the first build's. A build
// against a copy of itself shows the position bias of the machine at that moment.
import { listValidatorCorpora } from '@toolschema/test-support/corpora';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';
import { cpuTime, loadBuilds } from './lib/builds.mjs';
import { median } from './lib/measure.mjs';

const { builds, cores, rounds } = await loadBuilds(
  'node --import tsx bench/compare-dereference.mjs [--rounds=n] <core build .mjs>...',
  31,
);
const corpora = [
  {
    name: 'GitHub',
    schemas: buildToolSchemas(loadGithubOpenApi().document).flatMap((tool) =>
      tool.output ? [tool.input, tool.output] : [tool.input],
    ),
    repeat: 3,
  },
  {
    name: 'validator tools',
    schemas: listValidatorCorpora().flatMap((corpus) =>
      corpus.tools.map((tool) => tool.inputSchema),
    ),
    repeat: 60,
  },
];

/** The value below which `share` of the sorted values lie. */
function quantile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

for (const { name, schemas, repeat } of corpora) {
  const runs = cores.map((core) => () => {
    for (const schema of schemas) core.dereference(schema);
  });
  for (let warmup = 0; warmup < 3; warmup++) for (const run of runs) run();
  const overFirst = cores.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const times = runs.map((run) => cpuTime(run, repeat));
    for (const [index, time] of times.entries()) overFirst[index].push(time / times[0]);
  }
  const cells = builds.slice(1).map((build, offset) => {
    const sorted = [...overFirst[offset + 1]].sort((a, b) => a - b);
    return `${build} ${median(sorted).toFixed(3)}× the first (quartiles ${quantile(sorted, 0.25).toFixed(3)}, ${quantile(sorted, 0.75).toFixed(3)})`;
  });
  console.log(`${name} (${schemas.length} schemas): ${cells.join(' | ')}`);
}
