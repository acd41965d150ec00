// Section 1: the real corpus. GitHub's REST API as MCP tool schemas, dereferenced by our pass,
// copied by the floor, and dereferenced by json-schema-ref-parser, side by side.
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { dereference } from '@toolschema/core';
import { buildToolSchemas, loadGithubOpenApi } from '../inputs/github-tools.mjs';
import { copyJsonRecursive, findJsonDifference, hasObjectCycle, jsonBytes } from '../lib/json.mjs';
import { compare, formatBytes, formatMs, formatRatio, markdownTable } from '../lib/measure.mjs';

const REF_PARSER_OPTIONS = { resolve: { external: false } };

function countRefs(value) {
  let refs = 0;
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current) && typeof current.$ref === 'string') refs++;
    for (const item of Array.isArray(current) ? current : Object.values(current)) stack.push(item);
  }
  return refs;
}

/**
 * A copy of an object-rooted tool schema with one recursive definition, used from its first or
 * its last property. The single walk visits properties last to first, so `'first'` makes it meet
 * the cycle only after copying everything else, and `'last'` at once.
 *
 * @param schema The tool schema (`type: "object"` with `properties`).
 * @param where Which property uses the recursive definition.
 * @returns The cyclic variant.
 */
function withCycle(schema, where) {
  const loop = { $ref: '#/$defs/BenchLoop' };
  const properties =
    where === 'first'
      ? { bench_loop: loop, ...schema.properties }
      : { ...schema.properties, bench_loop: loop };
  return {
    ...schema,
    properties,
    $defs: {
      ...schema.$defs,
      BenchLoop: { type: 'object', properties: { next: { $ref: '#/$defs/BenchLoop' } } },
    },
  };
}

/**
 * Runs section 1 and returns its markdown and its headline ratios.
 *
 * @param settings `{ rounds, warmup }`.
 * @returns `{ markdown, ratios }`.
 */
export async function runRealCorpus({ rounds, warmup }) {
  const { document, bytes: documentBytes, name: documentName } = loadGithubOpenApi();
  const tools = buildToolSchemas(document);
  const all = [];
  for (const tool of tools) {
    all.push({ label: `${tool.name} input`, schema: tool.input });
    if (tool.output) all.push({ label: `${tool.name} output`, schema: tool.output });
  }

  // Keep only what json-schema-ref-parser can process with its defaults, so every competitor
  // times the same set; say what was left out and why.
  const excluded = [];
  const schemas = [];
  for (const entry of all) {
    try {
      await $RefParser.dereference(structuredClone(entry.schema), REF_PARSER_OPTIONS);
      schemas.push(entry);
    } catch (error) {
      excluded.push({ label: entry.label, reason: `${error.name}: ${error.message}` });
    }
  }
  const inputs = schemas.map((entry) => entry.schema);
  const ours = inputs.map((schema) => dereference(schema).schema);
  const inputBytes = inputs.reduce((sum, schema) => sum + jsonBytes(schema), 0);
  const outputBytes = ours.reduce((sum, schema) => sum + jsonBytes(schema), 0);
  const refsLeft = ours.reduce((sum, schema) => sum + countRefs(schema), 0);
  const diagnostics = inputs.reduce(
    (sum, schema) => sum + dereference(schema).diagnostics.length,
    0,
  );

  // Cyclic variants: the walk gives up on a cycle and the analysis runs; what the walk copied
  // before it met the cycle is the price of trying it first.
  const objectRooted = inputs.filter((schema) => schema.type === 'object' && schema.properties);
  const cycleMetFirst = objectRooted.map((schema) => withCycle(schema, 'last'));
  const cycleMetLast = objectRooted.map((schema) => withCycle(schema, 'first'));
  const cyclicResults = await compare(
    [
      {
        name: 'cycle met at once (used from the last property)',
        run: () => {
          for (const schema of cycleMetFirst) dereference(schema);
        },
      },
      {
        name: 'cycle met after the rest is copied (used from the first property)',
        run: () => {
          for (const schema of cycleMetLast) dereference(schema);
        },
      },
    ],
    { rounds, warmup },
  );

  const results = await compare(
    [
      {
        name: 'toolschema dereference',
        run: () => {
          for (const schema of inputs) dereference(schema);
        },
      },
      {
        // The same inputs on every call (as a server that holds its JSON Schemas) let V8 keep the
        // identity hashes the pass's Map puts on input objects; fresh copies, as a proxy sees
        // them on every tools/list, pay for them again.
        name: 'toolschema dereference, fresh input copies',
        prepare: () => inputs.map((schema) => structuredClone(schema)),
        run: (copies) => {
          for (const copy of copies) dereference(copy);
        },
      },
      {
        name: 'floor: recursive copy of the output',
        run: () => {
          for (const schema of ours) copyJsonRecursive(schema);
        },
      },
      {
        name: 'structuredClone of the output',
        run: () => {
          for (const schema of ours) structuredClone(schema);
        },
      },
      {
        name: 'json-schema-ref-parser dereference',
        // It mutates its argument: each run gets fresh copies, made outside the timed region.
        prepare: () => inputs.map((schema) => structuredClone(schema)),
        run: async (copies) => {
          for (const copy of copies) await $RefParser.dereference(copy, REF_PARSER_OPTIONS);
        },
      },
    ],
    { rounds, warmup },
  );

  // Equality with the reference output where the two should agree.
  let agree = 0;
  let cyclic = 0;
  const differences = [];
  for (let index = 0; index < inputs.length; index++) {
    const reference = await $RefParser.dereference(
      structuredClone(inputs[index]),
      REF_PARSER_OPTIONS,
    );
    if (hasObjectCycle(reference)) {
      cyclic++;
      continue;
    }
    // json-schema-ref-parser keeps the (now dereferenced) root definitions; we drop them once
    // nothing points into them.
    delete reference.$defs;
    delete reference.definitions;
    const difference = findJsonDifference(ours[index], reference);
    if (difference) differences.push({ label: schemas[index].label, ...difference });
    else agree++;
  }

  const ourTime = results['toolschema dereference'].median;
  const floorTime = results['floor: recursive copy of the output'].median;
  const refParserTime = results['json-schema-ref-parser dereference'].median;
  const freshTime = results['toolschema dereference, fresh input copies'].median;
  const rows = Object.entries(results).map(([name, result]) => [
    name,
    formatMs(result.median),
    formatMs(result.min),
    formatRatio(result.median / ourTime),
    formatRatio(result.median / floorTime),
  ]);
  const lines = [
    '## 1. Real corpus',
    '',
    `${documentName} (${formatBytes(documentBytes)}): ${tools.length} operations → ${all.length} tool schemas ` +
      `(inputs and JSON success outputs); ${schemas.length} timed, ${formatBytes(inputBytes)} in, ` +
      `${formatBytes(outputBytes)} out, ${refsLeft} \`$ref\` left in our output, ${diagnostics} diagnostics. ` +
      `Median of ${rounds} interleaved rounds over all ${schemas.length} schemas (one call per schema).`,
    '',
    markdownTable(['competitor', 'median', 'min', '× ours', '× floor'], rows),
    '',
    `- **ours / floor = ${formatRatio(ourTime / floorTime)}** (target ≤ 1.5×)`,
    `- **json-schema-ref-parser / ours = ${formatRatio(refParserTime / ourTime)}** (target ≥ 10×); ` +
      `both on fresh copies: ${formatRatio(refParserTime / freshTime)}`,
    `- Equality with json-schema-ref-parser (key order ignored, its root \`$defs\` removed): ` +
      `${agree} agree, ${differences.length} differ, ${cyclic} skipped as cyclic (JS cycles in its output).`,
  ];
  for (const entry of excluded)
    lines.push(`- Excluded from timing and comparison: ${entry.label} (${entry.reason}).`);
  for (const difference of differences.slice(0, 10)) {
    lines.push(
      `  - differs: ${difference.label} at \`${difference.pointer}\`: ${difference.reason}`,
    );
  }
  const atOnce = cyclicResults['cycle met at once (used from the last property)'].median;
  lines.push(
    '',
    `Cyclic variants: the ${objectRooted.length} object-rooted schemas, each with one recursive ` +
      'definition added, so the pass keeps a `$ref` and the single walk gives up for the ' +
      'analysis. The walk visits properties last to first.',
    '',
    markdownTable(
      ['cyclic variant', 'median', 'min', '× met at once'],
      Object.entries(cyclicResults).map(([name, result]) => [
        name,
        formatMs(result.median),
        formatMs(result.min),
        formatRatio(result.median / atOnce),
      ]),
    ),
  );
  return {
    markdown: lines.join('\n'),
    ratios: { oursOverFloor: ourTime / floorTime, refParserOverOurs: refParserTime / ourTime },
    differences,
  };
}
