// Section 2: worst cases. Inputs whose naive inlining explodes in size or depth: time and
// output size of our pass, against the floor (an iterative copy of its own output).

import { dereference } from '@toolschema/core';
import {
  definitionChain,
  exponentialReuse,
  manyDefinitions,
  plainNesting,
  referenceDag,
} from '../inputs/worst-cases.mjs';
import { copyJsonIterative, jsonBytes, jsonDepth } from '../lib/json.mjs';
import {
  calibrate,
  compare,
  formatBytes,
  formatMs,
  formatRatio,
  markdownTable,
} from '../lib/measure.mjs';

const CASES = [
  {
    name: 'exponential reuse 8×8',
    make: () => exponentialReuse(8, 8),
    maxMs: 50,
    maxBytes: 256 * 1024,
  },
  { name: 'exponential reuse 12×12', make: () => exponentialReuse(12, 12), maxMs: 250 },
  { name: '5,000 definitions', make: () => manyDefinitions(5000), maxMs: 250 },
  { name: '3,000-long definition chain', make: () => definitionChain(3000), maxMs: 250 },
  { name: '50,000-deep plain nesting', make: () => plainNesting(50000), maxMs: 250 },
  { name: 'DAG of 2,000 definitions × 5 refs', make: () => referenceDag(2000), maxMs: 2000 },
];

/** Sizes of the DAG family whose time slope is measured (log time over log size). */
const DAG_SIZES = [1000, 2000, 4000, 8000];
/** Near-linear: time grows at most like size^1.3 (it grew like size^3.5 before bulk rounds). */
const MAX_DAG_SLOPE = 1.3;

/** Median of three timed calls, in ms. */
function medianMs(run) {
  const times = [];
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1];
}

/**
 * Times `dereference` on the DAG family and fits the slope of log time over log input size.
 *
 * @returns `{ line, slope }`.
 */
function dagSlope() {
  const points = DAG_SIZES.map((count) => {
    const input = referenceDag(count);
    return { count, bytes: jsonBytes(input), ms: medianMs(() => dereference(input)) };
  });
  const xs = points.map((point) => Math.log(point.bytes));
  const ys = points.map((point) => Math.log(point.ms));
  const meanX = xs.reduce((a, b) => a + b) / xs.length;
  const meanY = ys.reduce((a, b) => a + b) / ys.length;
  let numerator = 0;
  let denominator = 0;
  for (let index = 0; index < xs.length; index++) {
    numerator += (xs[index] - meanX) * (ys[index] - meanY);
    denominator += (xs[index] - meanX) ** 2;
  }
  const slope = numerator / denominator;
  const line = `- DAG of N definitions × 5 refs to later ones: ${points.map((point) => `N = ${point.count} (${formatBytes(point.bytes)}) ${formatMs(point.ms)}`).join(', ')}; **slope of log time over log size = ${slope.toFixed(2)}** (target ≤ ${MAX_DAG_SLOPE}; 1 is linear).`;
  return { line, slope };
}

/** Counts the `$ref`s of an output that do not point at an entry of its root `$defs`. */
function danglingRefs(output) {
  const defs = output && typeof output === 'object' && output.$defs ? output.$defs : {};
  let dangling = 0;
  const stack = [output];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current) && typeof current.$ref === 'string') {
      const name = current.$ref.startsWith('#/$defs/') ? current.$ref.slice(8) : undefined;
      if (name === undefined || !Object.hasOwn(defs, name)) dangling++;
    }
    for (const item of Array.isArray(current) ? current : Object.values(current)) stack.push(item);
  }
  return dangling;
}

function serializable(value) {
  try {
    JSON.stringify(value);
    return 'yes';
  } catch (error) {
    return error instanceof RangeError ? 'no (stack)' : `no (${error.name})`;
  }
}

/**
 * Runs section 2 and returns its markdown and whether every target held.
 *
 * @param settings `{ rounds }`.
 * @returns `{ markdown, misses }`.
 */
export async function runWorstCases({ rounds }) {
  const rows = [];
  const misses = [];
  for (const testCase of CASES) {
    const input = testCase.make();
    let result;
    try {
      result = dereference(input);
    } catch (error) {
      rows.push([
        testCase.name,
        formatBytes(jsonBytes(input)),
        `throws ${error.name}: ${error.message}`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
      misses.push(`${testCase.name}: throws`);
      continue;
    }
    const output = result.schema;
    const bytes = jsonBytes(output);
    const codes = new Map();
    for (const diagnostic of result.diagnostics)
      codes.set(diagnostic.code, (codes.get(diagnostic.code) ?? 0) + 1);
    const kept =
      output && typeof output === 'object' && output.$defs ? Object.keys(output.$defs).length : 0;
    const dangling = danglingRefs(output);
    if (dangling > 0) misses.push(`${testCase.name}: ${dangling} dangling $ref`);
    // Interleaved with the floor, so both see the same load on this shared machine; small cases
    // run in batches of at least ~20 ms so that warm-up and the clock's resolution do not matter.
    const batch = calibrate(() => dereference(input));
    const timed = await compare(
      [
        {
          name: 'ours',
          run: () => {
            for (let index = 0; index < batch; index++) dereference(input);
          },
        },
        {
          name: 'floor',
          run: () => {
            for (let index = 0; index < batch; index++) copyJsonIterative(output);
          },
        },
      ],
      { rounds: batch > 1 ? rounds * 2 : rounds, warmup: 3 },
    );
    const ours = { median: timed.ours.median / batch, min: timed.ours.min / batch };
    const floor = { median: timed.floor.median / batch, min: timed.floor.min / batch };
    const timeOk = ours.median <= testCase.maxMs;
    const bytesOk = testCase.maxBytes === undefined || bytes <= testCase.maxBytes;
    if (!timeOk) misses.push(`${testCase.name}: ${formatMs(ours.median)} > ${testCase.maxMs} ms`);
    if (!bytesOk)
      misses.push(`${testCase.name}: ${formatBytes(bytes)} > ${formatBytes(testCase.maxBytes)}`);
    rows.push([
      testCase.name,
      formatBytes(jsonBytes(input)),
      `${formatMs(ours.median)}${timeOk ? '' : ' ✗'}`,
      formatMs(ours.min),
      formatMs(floor.median),
      formatRatio(ours.median / floor.median),
      `${formatBytes(bytes)}${bytesOk ? '' : ' ✗'}`,
      String(jsonDepth(output)),
      `${serializable(output)}`,
      `${kept} kept${dangling > 0 ? `, ${dangling} DANGLING` : ''}; ${[...codes].map(([code, count]) => `${code} ×${count}`).join(', ') || 'none'}`,
    ]);
  }
  const dag = dagSlope();
  if (!(dag.slope <= MAX_DAG_SLOPE))
    misses.push(`DAG slope ${dag.slope.toFixed(2)} > ${MAX_DAG_SLOPE}`);
  const markdown = [
    '## 2. Worst cases',
    '',
    'Targets: 8×8 in ≤ 50 ms with ≤ 256 KiB of output; none over 250 ms. Floor = iterative copy of our own output.',
    '',
    markdownTable(
      [
        'case',
        'input',
        'ours (median)',
        'ours (min)',
        'floor',
        '× floor',
        'output',
        'depth',
        'JSON.stringify ok',
        '`$defs` kept; diagnostics',
      ],
      rows,
    ),
    '',
    dag.line,
  ].join('\n');
  return { markdown, misses };
}
