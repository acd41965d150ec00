// Times `decodeArguments` of two or more builds of @toolschema/core side by side, interleaved in
// one process, on the validator tools of section 7 (each tool's `VALID_ARGUMENTS` encoded to the
// profile's wire shape), against the validator's own `~standard.validate` on the original
// arguments, by CPU time (`process.cpuUsage`: a busy machine moves it less than wall time):
//   node --import tsx bench/compare-decode.mjs [--profiles=portable,gemini] [--rounds=15] a/index.mjs b/index.mjs
// A build is any module exporting `decodeArguments` (a copy of `packages/core/dist/index.mjs`, or
// a `.ts` source through tsx). The wire arguments and codecs come from the last build. Per
// validator, profile and build it prints the median over rounds of `decode / validate`.
import { listValidatorCorpora } from '@toolschema/test-support/corpora';
import { cpuTime, loadBuilds } from './lib/builds.mjs';
import { median } from './lib/measure.mjs';

const { builds, cores, profiles, rounds } = await loadBuilds(
  'node --import tsx bench/compare-decode.mjs [--profiles=a,b] [--rounds=n] <core build>...',
  15,
);
const last = cores.at(-1);
// Enough runs per timed sample that one lasts several milliseconds of CPU.
const REPEAT = 200;

for (const corpus of listValidatorCorpora()) {
  const cases = corpus.tools.flatMap((tool) =>
    tool.valid.map((args) => ({ args, validate: tool.schema['~standard'].validate })),
  );
  const validate = () => {
    for (const { args, validate: run } of cases) run(args);
  };
  console.log(`${corpus.name} (${cases.length} calls)`);
  for (const profile of profiles) {
    const wire = corpus.tools.flatMap((tool) => {
      const { codec } = last.toProviderSchema(tool.inputSchema, profile);
      return tool.valid.map((args) => ({ codec, value: last.encodeArguments(codec, args) }));
    });
    const decodes = cores.map((core) => () => {
      for (const { codec, value } of wire) core.decodeArguments(codec, value);
    });
    for (let warmup = 0; warmup < 3; warmup++) {
      for (const run of [validate, ...decodes]) cpuTime(run, REPEAT);
    }
    const ratios = cores.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const base = cpuTime(validate, REPEAT);
      for (const [index, run] of decodes.entries()) ratios[index].push(cpuTime(run, REPEAT) / base);
    }
    const cells = builds.map(
      (build, index) => `${build} ${median(ratios[index]).toFixed(3)}× validate`,
    );
    console.log(`  ${profile}: ${cells.join(' | ')}`);
  }
}
