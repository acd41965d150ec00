// Times `toProviderSchema` of two or more builds of @toolschema/core side by side, interleaved in
// one process, on the corpora of section 7 (GitHub's tool inputs, the Zod, Valibot and ArkType
// tools), by CPU time (`process.cpuUsage`: a busy machine moves it less than wall time):
//   node --import tsx bench/compare-profiles.mjs [--profiles=portable,gemini] [--rounds=9] a/index.mjs b/index.mjs
// `--tools=repos/create-org-ruleset,checks/update` times those GitHub tools alone (100 calls a round).
// Copy `packages/core/dist` aside before and after a change to compare them. Per build and
// profile it prints the median over rounds of `toProviderSchema / dereference` (both of that
// build) and, from the second build on, the median of its time over the first build's.
import { listValidatorCorpora } from '@toolschema/test-support/corpora';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';
import { cpuTime, loadBuilds } from './lib/builds.mjs';
import { median } from './lib/measure.mjs';

const { builds, cores, profiles, rounds, tools } = await loadBuilds(
  'node --import tsx bench/compare-profiles.mjs [--profiles=a,b] [--rounds=n] [--tools=a,b] <core build .mjs>...',
  9,
);
const githubTools = buildToolSchemas(loadGithubOpenApi().document);
const corpora =
  tools === undefined
    ? [
        { name: 'GitHub', schemas: githubTools.map((tool) => tool.input), repeat: 1 },
        {
          name: 'validator tools',
          schemas: listValidatorCorpora().flatMap((corpus) =>
            corpus.tools.map((tool) => tool.inputSchema),
          ),
          repeat: 20,
        },
      ]
    : [
        {
          name: `GitHub: ${tools.join(', ')}`,
          schemas: githubTools
            .filter((tool) => tools.includes(tool.name))
            .map((tool) => tool.input),
          repeat: 100,
        },
      ];

for (const { name, schemas, repeat } of corpora) {
  console.log(`${name} (${schemas.length} inputs)`);
  for (const profile of profiles) {
    const dereferences = cores.map((core) => () => {
      for (const schema of schemas) core.dereference(schema);
    });
    const conversions = cores.map((core) => () => {
      for (const schema of schemas) core.toProviderSchema(schema, profile);
    });
    for (let warmup = 0; warmup < 3; warmup++) {
      for (const run of [...dereferences, ...conversions]) run();
    }
    const overPass = cores.map(() => []);
    const overFirst = cores.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const times = cores.map((_, index) => ({
        pass: cpuTime(dereferences[index], repeat),
        profile: cpuTime(conversions[index], repeat),
      }));
      for (const [index, time] of times.entries()) {
        overPass[index].push(time.profile / time.pass);
        overFirst[index].push(time.profile / times[0].profile);
      }
    }
    const cells = builds.map((build, index) => {
      const versus = index === 0 ? '' : `, ${median(overFirst[index]).toFixed(2)}× the first`;
      return `${build} ${median(overPass[index]).toFixed(2)}× dereference${versus}`;
    });
    console.log(`  ${profile}: ${cells.join(' | ')}`);
  }
}
