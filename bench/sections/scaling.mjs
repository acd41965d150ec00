// Section 4: scaling. The same family of schemas at 1×, 10× and 100× (definitions and uses grow
// together): time, memory and time per output byte, which stays flat when the cost is linear.

import { dereference } from '@toolschema/core';
import { scalingFamily } from '../inputs/worst-cases.mjs';
import { copyJsonRecursive, jsonBytes } from '../lib/json.mjs';
import {
  calibrate,
  compare,
  formatBytes,
  formatMs,
  formatRatio,
  gc,
  markdownTable,
} from '../lib/measure.mjs';

// Three modules: at 100× the output (~10.7 MiB) stays under a 16 MiB cap (the default is 1 MiB,
// sized for models; set here so nothing is cut), and the three sizes do the same work per byte.
const BASE_MODULES = 3;
const OPTIONS = { budget: { maxBytes: 16 * 1024 * 1024 } };
const FACTORS = [1, 10, 100];

function memoryOfOneCall(input) {
  gc();
  gc();
  const before = process.memoryUsage();
  // Heap right after the call, before any forced GC, holds the output and whatever garbage the
  // call left: close to the peak of the call (a scavenge during the call can only lower it).
  const result = dereference(input, OPTIONS);
  const after = process.memoryUsage();
  gc();
  gc();
  const retained = process.memoryUsage();
  const keep = result.schema;
  return {
    heapAfterCall: Math.max(0, after.heapUsed - before.heapUsed),
    heapRetained: Math.max(0, retained.heapUsed - before.heapUsed),
    rss: retained.rss,
    keep,
  };
}

/**
 * Runs section 4 and returns its markdown and the spread of time per output byte.
 *
 * @param settings `{ rounds }`.
 * @returns `{ markdown, spread }`.
 */
export async function runScaling({ rounds }) {
  const rows = [];
  const perByte = [];
  const floorPerByte = [];
  const overFloor = [];
  for (const factor of FACTORS) {
    const input = scalingFamily(BASE_MODULES * factor);
    const inputBytes = jsonBytes(input);
    const { schema: output, diagnostics } = dereference(input, OPTIONS);
    const outputBytes = jsonBytes(output);
    // Interleaved with the floor; the small sizes in batches of at least ~20 ms.
    const batch = calibrate(() => dereference(input, OPTIONS));
    const timed = await compare(
      [
        {
          name: 'ours',
          run: () => {
            for (let index = 0; index < batch; index++) dereference(input, OPTIONS);
          },
        },
        {
          name: 'floor',
          run: () => {
            for (let index = 0; index < batch; index++) copyJsonRecursive(output);
          },
        },
      ],
      { rounds, warmup: 3 },
    );
    const ours = { median: timed.ours.median / batch };
    const floor = { median: timed.floor.median / batch };
    const memory = memoryOfOneCall(input);
    const nsPerByte = (ours.median * 1e6) / outputBytes;
    perByte.push(nsPerByte);
    floorPerByte.push((floor.median * 1e6) / outputBytes);
    overFloor.push(ours.median / floor.median);
    rows.push([
      `${factor}×`,
      `${Object.keys(input.$defs).length} defs, ${Object.keys(input.properties).length} uses`,
      formatBytes(inputBytes),
      formatBytes(outputBytes),
      String(diagnostics.length),
      formatMs(ours.median),
      formatRatio(ours.median / floor.median),
      nsPerByte.toFixed(2),
      ((floor.median * 1e6) / outputBytes).toFixed(2),
      formatBytes(memory.heapAfterCall),
      formatBytes(memory.heapRetained),
      formatBytes(memory.rss),
    ]);
  }
  const spread = Math.max(...perByte) / Math.min(...perByte);
  const floorSpread = Math.max(...floorPerByte) / Math.min(...floorPerByte);
  const markdown = [
    '## 4. Scaling',
    '',
    `${BASE_MODULES} modules of ten mutually reusing definitions at 1× (two uses each), ×10, ×100. ` +
      'Heap after call = heapUsed right after one call minus before (after GC): ≈ the peak of the call; ' +
      'retained = after a GC with the output alive; RSS after that GC.',
    '',
    markdownTable(
      [
        'scale',
        'shape',
        'input',
        'output',
        'diagnostics',
        'ours',
        '× floor',
        'ns / output byte',
        'floor ns / byte',
        'heap after call',
        'heap retained',
        'RSS',
      ],
      rows,
    ),
    '',
    `- **time per output byte, max / min across 1×–100× = ${formatRatio(spread)}** (1× is perfectly linear); ` +
      `the floor's: ${formatRatio(floorSpread)}; ours / floor from ${formatRatio(Math.min(...overFloor))} to ${formatRatio(Math.max(...overFloor))}.`,
  ].join('\n');
  return { markdown, spread, floorSpread, overFloor };
}
