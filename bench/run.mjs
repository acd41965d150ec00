// Runs the benchmarks: `node --expose-gc run.mjs [--quick] [--only=1,2,3,4,5] [--out=FILE]`.
// Prints markdown; with --out also writes it to FILE.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { passIsReal } from './lib/core.mjs';
import { formatRatio, machineInfo } from './lib/measure.mjs';
import { runProxy } from './sections/proxy.mjs';
import { runRealCorpus } from './sections/real-corpus.mjs';
import { runScaling } from './sections/scaling.mjs';
import { runToolsList } from './sections/tools-list.mjs';
import { runWorstCases } from './sections/worst-cases.mjs';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const out = args.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const wanted = (section) => !only || only.includes(String(section));

if (!globalThis.gc) {
  console.warn(
    'Run with `node --expose-gc run.mjs` (as `pnpm bench` does): GC between runs keeps the timings fair.',
  );
}

const started = performance.now();
const machine = machineInfo();
const command =
  args.length === 0 ? '`pnpm bench`' : `\`node --expose-gc run.mjs ${args.join(' ')}\` (in bench/)`;
const parts = [];
const print = (text) => {
  console.log(text);
  console.log();
  parts.push(text, '');
};
const header = [
  '# toolschema benchmarks',
  '',
  `Node ${machine.node}, ${machine.nproc} CPUs (${machine.cpu}), ${machine.platform}, ${machine.date}. Command: ${command}.`,
];
if (!passIsReal()) {
  header.push(
    '',
    '> **Warning:** the installed `@toolschema/core` `dereference` does not inline references yet ' +
      '(the placeholder that only clones). These numbers test the harness, not the pass.',
  );
}
print(header.join('\n'));

const summary = [];
if (wanted(1)) {
  const section = await runRealCorpus({ rounds: quick ? 3 : 15, warmup: quick ? 1 : 3 });
  print(section.markdown);
  summary.push(
    `- real corpus: ours / floor ${formatRatio(section.ratios.oursOverFloor)}, json-schema-ref-parser / ours ${formatRatio(section.ratios.refParserOverOurs)}`,
  );
}
if (wanted(2)) {
  const section = await runWorstCases({ rounds: quick ? 2 : 7 });
  print(section.markdown);
  summary.push(
    `- worst cases: ${section.misses.length === 0 ? 'all targets met' : `missed: ${section.misses.join('; ')}`}`,
  );
}
if (wanted(3)) {
  const section = await runToolsList({ rounds: quick ? 3 : 15, warmup: quick ? 1 : 3 });
  print(section.markdown);
  if (section.ratios) {
    summary.push(
      `- tools/list: wrapper / z.toJSONSchema ${formatRatio(section.ratios.wrapperOverZod)}, wrapped / plain tools/list ${formatRatio(section.ratios.listWrappedOverPlain)}`,
    );
  } else {
    summary.push('- tools/list: skipped (no wrapper yet)');
  }
}
if (wanted(4)) {
  const section = await runScaling({ rounds: quick ? 2 : 7 });
  print(section.markdown);
  summary.push(
    `- scaling: time per output byte spread ${formatRatio(section.spread)} from 1× to 100× ` +
      `(the floor's ${formatRatio(section.floorSpread)}; ours / floor ${section.overFloor.map(formatRatio).join(', ')})`,
  );
}
if (wanted(5)) {
  const section = await runProxy({
    rounds: quick ? 3 : 15,
    warmup: quick ? 1 : 3,
    coldRounds: quick ? 3 : 9,
  });
  print(section.markdown);
  summary.push(
    `- proxy: warm proxied / direct ${formatRatio(section.ratios.warmProxiedOverDirect)} ` +
      `(added ${formatRatio(section.ratios.warmAddedOverDirect)} of direct), cold ${formatRatio(section.ratios.coldProxiedOverDirect)}`,
  );
}
print(
  [
    '## Summary',
    '',
    ...summary,
    '',
    `Total run time: ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  ].join('\n'),
);
if (out) {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, parts.join('\n'));
  console.log(`Wrote ${out}`);
}
