// Runs the benchmarks: `node --expose-gc --import tsx run.mjs [--quick] [--only=1,2,3,4,5,6,7] [--out=FILE]`
// (tsx loads the validator corpora of `@toolschema/test-support`, written in TypeScript).
// Prints markdown; with --out also writes it to FILE.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatRatio, machineInfo } from './lib/measure.mjs';
import { runProfiles } from './sections/profiles.mjs';
import { runProxy } from './sections/proxy.mjs';
import { runRealCorpus } from './sections/real-corpus.mjs';
import { runScaling } from './sections/scaling.mjs';
import { runToolsList } from './sections/tools-list.mjs';
import { runTransport } from './sections/transport.mjs';
import { runWorstCases } from './sections/worst-cases.mjs';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const out = args.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
const proxyTools = args
  .find((arg) => arg.startsWith('--proxy-tools='))
  ?.slice('--proxy-tools='.length);
const wanted = (section) => !only || only.includes(String(section));

if (!globalThis.gc) {
  console.warn(
    'Run with `node --expose-gc run.mjs` (as `pnpm bench` does): GC between runs keeps the timings fair.',
  );
}

const started = performance.now();
const machine = machineInfo();
const command =
  args.length === 0
    ? '`pnpm bench`'
    : `\`node --expose-gc --import tsx run.mjs ${args.join(' ')}\` (in bench/)`;
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
  summary.push(
    `- tools/list: wrapper / z.toJSONSchema ${formatRatio(section.ratios.wrapperOverZod)}, wrapped / plain tools/list ${formatRatio(section.ratios.listWrappedOverPlain)}`,
  );
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
    ...(proxyTools === undefined ? {} : { toolCount: Number.parseInt(proxyTools, 10) }),
  });
  print(section.markdown);
  summary.push(
    `- proxy: warm proxied / direct ${formatRatio(section.ratios.warmProxiedOverDirect)} ` +
      `(added ${formatRatio(section.ratios.warmAddedOverDirect)} of direct, ${formatRatio(section.ratios.warmOverFloorOverDirect)} over the floor), ` +
      `cold ${formatRatio(section.ratios.coldProxiedOverDirect)}`,
  );
}
if (wanted(6)) {
  const section = await runTransport({ rounds: quick ? 3 : 15, warmup: quick ? 1 : 3 });
  print(section.markdown);
  summary.push(
    `- transport wrapper (SDK v1): server side wrapped / plain ${formatRatio(section.ratios.serverOverPlain)}, ` +
      `client side ${formatRatio(section.ratios.clientOverPlain)}`,
  );
}
if (wanted(7)) {
  const section = await runProfiles({ rounds: quick ? 3 : 15, warmup: quick ? 1 : 3 });
  print(section.markdown);
  summary.push(
    `- profiles: worst profile / dereference ${formatRatio(section.ratios.worstConversion)}, ` +
      `worst decode / validate ${formatRatio(section.ratios.worstDecode)}` +
      (section.misses.length === 0
        ? ', all targets met'
        : `; missed: ${section.misses.join('; ')}`),
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
