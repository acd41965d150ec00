/**
 * `dereference` takes one of two roads: a single walk for documents whose references form no
 * cycle and fit the budget (`tryInlineAcyclic`), the full analysis for everything (`analyseDocument`).
 * Wherever the walk gives an answer it must be the analysis's answer, key order included, with the
 * same diagnostics (none, or `annotation-ref-dropped`). Checked on every schema of the
 * JSON-Schema-Test-Suite (kept in the repository; a missing suite fails) and on random documents
 * under random budgets (`FUZZ_RUNS`, `FUZZ_SEED`).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseDocument } from '../src/analysis/index.ts';
import type { BudgetOptions, Dialect } from '../src/index.ts';
import { resolveOptions } from '../src/resolveOptions/index.ts';
import { tryInlineAcyclic } from '../src/tryInlineAcyclic/index.ts';
import { fuzzSeed } from './helpers/fuzz.ts';
import {
  type GeneratedDialect,
  REF_HOLDER,
  schemaDocument,
  withRefHolders,
} from './helpers/schema-arbitrary.ts';
import { firstJsonDifference, isObject } from './helpers/schema-refs.ts';
import { listJsonFiles, suiteTests } from './helpers/suite.ts';

const SUITE_DRAFTS: ReadonlyArray<{ folder: string; dialect: Dialect }> = [
  { folder: 'draft2020-12', dialect: '2020-12' },
  { folder: 'draft7', dialect: 'draft-07' },
];
const runs = Number.parseInt(process.env.FUZZ_RUNS ?? '300', 10);
// Chosen here (not by fast-check) so it is printed before the run, even if a run never ends.
const seed = fuzzSeed();
const path = process.env.FUZZ_PATH;
/**
 * Shrinking a failure walks fast-check's memo cache of recursive documents, which grew past 4 GB
 * of heap in 12 minutes once: bounded, a failure reports its seed and a small enough document.
 */
const MAX_SHRINKS = 200;

/** Per source: documents seen, and how many the single walk answered. */
const counts = new Map<string, { documents: number; walked: number }>();

afterAll(() => {
  const lines = [`Single walk against the full analysis (FUZZ_SEED=${seed}):`];
  for (const [source, c] of counts) {
    lines.push(
      `  ${source}: ${c.documents} documents, ${c.walked} answered by the walk, all equal`,
    );
  }
  console.log(lines.join('\n'));
});

/**
 * Compares both roads on one document.
 *
 * @returns Whether the single walk answered.
 */
function compareRoads(
  schema: Record<string, unknown>,
  dialect: Dialect,
  budget: BudgetOptions | undefined,
  source: string,
): boolean {
  const c = counts.get(source) ?? { documents: 0, walked: 0 };
  counts.set(source, c);
  c.documents += 1;
  const options = resolveOptions(budget === undefined ? {} : { budget });
  const walked = tryInlineAcyclic(schema, dialect, options.budget);
  if (walked === undefined) return false;
  c.walked += 1;
  const analysed = analyseDocument(schema, dialect, options);
  // The walk's one diagnostic is about keywords it leaves out; it must say what the analysis says.
  expect(walked.diagnostics).toStrictEqual(analysed.diagnostics);
  for (const { code } of walked.diagnostics) expect(code).toBe('annotation-ref-dropped');
  expect(firstJsonDifference(walked.schema, analysed.schema)).toBeUndefined();
  // Same keys in the same order, everywhere.
  expect(JSON.stringify(walked.schema)).toBe(JSON.stringify(analysed.schema));
  return true;
}

describe('the single walk answers as the full analysis', () => {
  for (const draft of SUITE_DRAFTS) {
    const folder = suiteTests(draft.folder);
    it(`on every schema of the suite's ${draft.folder}`, () => {
      let walked = 0;
      for (const file of listJsonFiles(folder)) {
        const groups = JSON.parse(readFileSync(file, 'utf8')) as { schema: unknown }[];
        for (const group of groups) {
          if (!isObject(group.schema)) continue;
          if (compareRoads(group.schema, draft.dialect, undefined, `suite ${draft.folder}`)) {
            walked++;
          }
        }
      }
      // The walk must actually answer for most of the suite, or this test checks nothing.
      expect(walked).toBeGreaterThan(100);
    }, 60_000);
  }

  const budgets = fc.option(
    fc.record(
      {
        minBytes: fc.integer({ min: 40, max: 4000 }),
        factor: fc.constantFrom(0.5, 1, 2, 20),
        maxDepth: fc.integer({ min: 4, max: 24 }),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  );
  for (const dialect of ['2020-12', 'draft-07'] as GeneratedDialect[]) {
    for (const acyclic of [false, true]) {
      const kind = acyclic ? 'acyclic' : 'random';
      it(`on ${runs} ${kind} ${dialect} documents under random budgets`, () => {
        console.log(
          `single walk against the analysis (${kind} ${dialect}): ${runs} runs, seed ${seed} (FUZZ_SEED)`,
        );
        let walked = 0;
        fc.assert(
          fc.property(
            fc.limitShrink(schemaDocument(dialect, { acyclic }), MAX_SHRINKS),
            fc.limitShrink(budgets, MAX_SHRINKS),
            (generated, budget) => {
              if (compareRoads(generated.schema, dialect, budget, `${kind} ${dialect}`)) walked++;
            },
          ),
          { numRuns: runs, seed, ...(path === undefined ? {} : { path }) },
        );
        // How often the walk answers (measured over seeds: random ones about 1 in 8, acyclic
        // 2020-12 ones 1 in 2, acyclic draft-07 ones 1 in 6, as keywords beside a draft-07 `$ref`
        // need the analysis); these bounds hold for any seed from 100 runs on.
        const least = !acyclic ? 50 : dialect === '2020-12' ? 4 : 12;
        if (runs >= 100) expect(walked).toBeGreaterThan(runs / least);
      }, 300_000);
    }
  }

  it(`on ${runs} acyclic 2020-12 documents with a $ref-holding unknown keyword everywhere`, () => {
    // The walk leaves those keywords out and reports each where it stands, as the analysis does.
    let walked = 0;
    let reported = 0;
    fc.assert(
      fc.property(
        fc.limitShrink(schemaDocument('2020-12', { acyclic: true }), MAX_SHRINKS),
        fc.limitShrink(budgets, MAX_SHRINKS),
        (plain, budget) => {
          const { schema } = withRefHolders(plain).generated;
          if (compareRoads(schema, '2020-12', budget, `acyclic 2020-12 with ${REF_HOLDER}`)) {
            walked++;
            const options = resolveOptions(budget === undefined ? {} : { budget });
            if (tryInlineAcyclic(schema, '2020-12', options.budget)!.diagnostics.length > 0) {
              reported++;
            }
          }
        },
      ),
      { numRuns: runs, seed, ...(path === undefined ? {} : { path }) },
    );
    if (runs >= 100) {
      expect(walked).toBeGreaterThan(runs / 8);
      expect(reported).toBe(walked);
    }
  }, 300_000);
});
