// Timing helpers: competitors run interleaved in one process (these machines are noisy; only
// ratios measured side by side mean something), after a warm-up, and each reports its median.
import { execSync } from 'node:child_process';
import { cpus } from 'node:os';

const collectGarbage = globalThis.gc ?? (() => {});

/** Runs a full garbage collection when node was started with `--expose-gc`. */
export function gc() {
  collectGarbage();
}

/**
 * The median of a list of numbers.
 *
 * @param values The numbers.
 * @returns The median.
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Times competitors side by side. Each round runs every competitor once, in an order that
 * rotates from round to round, so the garbage one leaves is collected on every competitor's clock
 * alike; `prepare` runs outside the timed region (for example to hand json-schema-ref-parser a
 * fresh copy it may mutate). No forced GC by default: a full GC right before a call shrinks the
 * young generation, and the call then runs on a cold heap (allocation-heavy code measured 1.3× to
 * 4× slower that way), which is not how a long-running server sees it. `collect: true` forces one.
 *
 * @param competitors `{ name, prepare?, run }`; `run(prepared)` may return a promise.
 * @param settings `{ warmup, rounds, collect }`.
 * @returns Per competitor name: `{ median, min, samples }` in milliseconds.
 */
export async function compare(competitors, { warmup = 3, rounds = 15, collect = false } = {}) {
  const samples = new Map(competitors.map((competitor) => [competitor.name, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (let offset = 0; offset < competitors.length; offset++) {
      const competitor = competitors[(round + offset) % competitors.length];
      const prepared = competitor.prepare ? competitor.prepare() : undefined;
      if (collect) gc();
      const start = performance.now();
      const result = competitor.run(prepared);
      if (result && typeof result.then === 'function') await result;
      const elapsed = performance.now() - start;
      if (round >= warmup) samples.get(competitor.name).push(elapsed);
    }
  }
  const results = {};
  for (const [name, times] of samples) {
    results[name] = { median: median(times), min: Math.min(...times), samples: times.length };
  }
  return results;
}

/**
 * Warms a function up (at least 3 runs and 300 ms, so the JIT has optimized it and re-optimized
 * what earlier sections left polymorphic) and picks how many runs make one timed batch of at
 * least `batchMs`, so that small inputs are not timed at the clock's resolution.
 *
 * @param run The function.
 * @param batchMs The least duration of one timed batch.
 * @returns The batch size (≥ 1).
 */
export function calibrate(run, batchMs = 20) {
  const start = performance.now();
  let last = Number.POSITIVE_INFINITY;
  for (let count = 0; count < 3 || performance.now() - start < 300; count++) {
    const before = performance.now();
    run();
    last = Math.min(last, performance.now() - before);
  }
  return Math.max(1, Math.ceil(batchMs / Math.max(0.001, last)));
}

/**
 * Describes the machine for the results file.
 *
 * @returns Node version, core count, CPU model, OS, date.
 */
export function machineInfo() {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const line = execSync('grep -m1 "model name" /proc/cpuinfo', { encoding: 'utf8' });
    cpuModel = line.split(':')[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: keep what os.cpus() said.
  }
  let nproc = String(cpus().length);
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // Keep os.cpus().length.
  }
  return {
    node: process.version,
    nproc,
    cpu: cpuModel,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

/**
 * Formats milliseconds for a table.
 *
 * @param ms Milliseconds.
 * @returns A short string.
 */
export function formatMs(ms) {
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  const us = ms * 1000;
  if (us >= 10) return `${us.toFixed(0)} µs`;
  // Per-call times (a decode, a validation) are a microsecond or less: two significant digits,
  // not a row of "0 µs".
  if (us >= 1) return `${us.toFixed(1)} µs`;
  return `${(us * 1000).toFixed(0)} ns`;
}

/**
 * Formats a byte count for a table.
 *
 * @param bytes Bytes.
 * @returns A short string.
 */
export function formatBytes(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * Formats a ratio for a table.
 *
 * @param value The ratio.
 * @returns Like `1.23×`.
 */
export function formatRatio(value) {
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(2)}×`;
}

/**
 * Renders a markdown table.
 *
 * @param header Column titles.
 * @param rows Rows of cells.
 * @returns The table text.
 */
export function markdownTable(header, rows) {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}
