// Where a provider profile's cost over `dereference` goes, tool by tool, on GitHub's tool inputs:
//   node profile-tools.mjs [profile] [--top=15]
// Per tool, the fastest of 5 batches of 20 calls of each (the fastest batch leaves out the
// collections and deoptimizations a busy heap lands on one tool at random), then the tools
// ordered by the time the profile adds, with the running share of the corpus's added time, and
// the ratio on the tools whose pass is cheap, and by output size. A map of where to look, not a
// result to quote.
import { dereference, toProviderSchema } from '@toolschema/core';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';

const args = process.argv.slice(2);
const profile = args.find((arg) => !arg.startsWith('--')) ?? 'portable';
const top = Number(args.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 15);
const tools = buildToolSchemas(loadGithubOpenApi().document);

/** Microseconds per call of `run`: the fastest of 5 batches of 20. */
function fastest(run) {
  let best = Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < 5; batch++) {
    const start = process.hrtime.bigint();
    for (let call = 0; call < 20; call++) run();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 20 / 1000);
  }
  return best;
}

for (let warmup = 0; warmup < 5; warmup++) {
  for (const tool of tools) {
    dereference(tool.input);
    toProviderSchema(tool.input, profile);
  }
}
const rows = tools.map((tool) => ({
  name: tool.name,
  length: JSON.stringify(dereference(tool.input).schema).length,
  pass: fastest(() => dereference(tool.input)),
  profile: fastest(() => toProviderSchema(tool.input, profile)),
}));
const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const added = sum(rows, 'profile') - sum(rows, 'pass');
console.log(
  `${profile} on ${rows.length} GitHub tool inputs: dereference ${sum(rows, 'pass').toFixed(0)} µs, ` +
    `toProviderSchema ${sum(rows, 'profile').toFixed(0)} µs (${(sum(rows, 'profile') / sum(rows, 'pass')).toFixed(2)}×)`,
);
rows.sort((left, right) => right.profile - right.pass - (left.profile - left.pass));
let running = 0;
for (const [index, row] of rows.entries()) {
  running += row.profile - row.pass;
  if (index < top)
    console.log(
      `${String(index + 1).padStart(3)} ${row.name}: ${row.pass.toFixed(1)} → ${row.profile.toFixed(1)} µs ` +
        `(${(row.profile / row.pass).toFixed(2)}×), ${((100 * running) / added).toFixed(1)}% of the added time so far`,
    );
}
const cheap = rows.filter((row) => row.pass < 5);
console.log(
  `${cheap.length} tools whose pass takes under 5 µs: ${(sum(cheap, 'profile') / sum(cheap, 'pass')).toFixed(2)}×`,
);
// By the length of the pass's output (JSON characters): where the ratio stands as tools grow.
for (const [low, high] of [
  [0, 300],
  [300, 1_000],
  [1_000, 3_000],
  [3_000, 10_000],
  [10_000, Number.POSITIVE_INFINITY],
]) {
  const sized = rows.filter((row) => row.length >= low && row.length < high);
  if (sized.length === 0) continue;
  const ratio = sum(sized, 'profile') / sum(sized, 'pass');
  console.log(`${sized.length} tools of ${low} to ${high} characters: ${ratio.toFixed(2)}×`);
}
