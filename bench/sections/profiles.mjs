// Section 7: provider profiles. What a profile adds to the dereference pass on the real corpora,
// and what decoding a model's arguments costs next to the validation that follows it anyway.
import {
  decodeArguments,
  dereference,
  encodeArguments,
  PROFILES,
  toProviderSchema,
} from '@toolschema/core';
import { listValidatorCorpora } from '@toolschema/test-support/corpora';
import Ajv2020 from 'ajv/dist/2020.js';
import { buildToolSchemas, loadGithubOpenApi } from '../inputs/github-tools.mjs';
import { copyJsonRecursive } from '../lib/json.mjs';
import { calibrate, compare, formatMs, formatRatio, markdownTable } from '../lib/measure.mjs';

const CONVERSION_TARGET = 1.5;
const DECODE_TARGET = 0.2;

/**
 * Times `dereference` and `toProviderSchema` for every profile over one corpus, interleaved, with
 * each profile's floor: the pass, then a plain recursive copy of the profile's wire schema (what a
 * rewrite costs that does nothing but write its output, the floor of section 1 for the wire).
 *
 * @param schemas The corpus's input schemas.
 * @param settings `{ rounds, warmup }`.
 * @returns Per profile, the time of one pass over the corpus, its ratio to `dereference` and to
 *   its floor, and the wire's JSON size over the pass output's.
 */
async function timeConversions(schemas, { rounds, warmup }) {
  const passDereference = () => {
    for (const schema of schemas) dereference(schema);
  };
  const passProfile = (profile) => () => {
    for (const schema of schemas) toProviderSchema(schema, profile);
  };
  // The codec `repair` reads, under the default profile: what a proxy or wrapper that repairs adds.
  const passRepair = () => {
    for (const schema of schemas) toProviderSchema(schema, 'mcp', { repair: true });
  };
  const wires = Object.fromEntries(
    PROFILES.map((profile) => [
      profile,
      schemas.map((schema) => toProviderSchema(schema, profile).schema),
    ]),
  );
  const passFloor = (profile) => () => {
    const wire = wires[profile];
    for (let index = 0; index < schemas.length; index++) {
      dereference(schemas[index]);
      copyJsonRecursive(wire[index]);
    }
  };
  // A pass over a small corpus is short: batch it so that even the fastest competitor's timed
  // run lasts ~20 ms or more.
  const batch = calibrate(passDereference);
  const batched = (run) => () => {
    for (let index = 0; index < batch; index++) run();
  };
  const results = await compare(
    [
      { name: 'dereference', run: batched(passDereference) },
      ...PROFILES.flatMap((profile) => [
        { name: profile, run: batched(passProfile(profile)) },
        { name: `floor ${profile}`, run: batched(passFloor(profile)) },
      ]),
      { name: 'mcp repair', run: batched(passRepair) },
    ],
    { rounds, warmup },
  );
  const base = results.dereference.median / batch;
  const jsonSize = (values) => values.reduce((sum, value) => sum + JSON.stringify(value).length, 0);
  const passSize = jsonSize(schemas.map((schema) => dereference(schema).schema));
  const repair = results['mcp repair'].median / batch;
  return {
    base,
    repair: { time: repair, ratio: repair / base },
    rows: PROFILES.map((profile) => {
      const time = results[profile].median / batch;
      const floor = results[`floor ${profile}`].median / batch;
      return {
        profile,
        time,
        ratio: time / base,
        overFloor: time / floor,
        floorRatio: floor / base,
        wireSize: jsonSize(wires[profile]) / passSize,
      };
    }),
  };
}

/**
 * Times, on one validator corpus, `decodeArguments` of each profile's wire arguments against
 * the validator's own `~standard.validate` and an Ajv-compiled validate of the listed schema on
 * the original arguments. Every tool's valid arguments count, once each per run.
 *
 * @param corpus `{ name, tools }` from `listValidatorCorpora`.
 * @param settings `{ rounds, warmup }`.
 * @returns Per call times and, per profile, decode's ratio to each validation.
 */
async function timeDecoding(corpus, { rounds, warmup }) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const cases = corpus.tools.flatMap((tool) => {
    const ajvValidate = ajv.compile(tool.inputSchema);
    const validate = tool.schema['~standard'].validate;
    return tool.valid.map((args) => ({ args, validate, ajvValidate }));
  });
  const wire = Object.fromEntries(
    PROFILES.map((profile) => [
      profile,
      corpus.tools.flatMap((tool) => {
        const { codec } = toProviderSchema(tool.inputSchema, profile);
        return tool.valid.map((args) => ({ codec, wire: encodeArguments(codec, args) }));
      }),
    ]),
  );
  for (const { args, validate, ajvValidate } of cases) {
    const verdict = validate(args);
    if (verdict.issues !== undefined || !ajvValidate(args)) {
      throw new Error(`${corpus.name}: a valid argument is refused: ${JSON.stringify(args)}`);
    }
  }
  const runValidate = () => {
    for (const { args, validate } of cases) validate(args);
  };
  const runAjv = () => {
    for (const { args, ajvValidate } of cases) ajvValidate(args);
  };
  const runDecode = (profile) => () => {
    for (const { codec, wire: value } of wire[profile]) decodeArguments(codec, value);
  };
  const batch = calibrate(runValidate);
  const batched = (run) => () => {
    for (let index = 0; index < batch; index++) run();
  };
  const results = await compare(
    [
      { name: 'validate', run: batched(runValidate) },
      { name: 'ajv', run: batched(runAjv) },
      ...PROFILES.map((profile) => ({ name: profile, run: batched(runDecode(profile)) })),
    ],
    { rounds, warmup },
  );
  const perCall = (name) => results[name].median / batch / cases.length;
  const validate = perCall('validate');
  const ajvTime = perCall('ajv');
  return {
    calls: cases.length,
    validate,
    ajv: ajvTime,
    rows: PROFILES.map((profile) => {
      const time = perCall(profile);
      return { profile, time, overValidate: time / validate, overAjv: time / ajvTime };
    }),
  };
}

const mark = (ratio, target) => `${formatRatio(ratio)}${ratio <= target ? '' : ' ✗'}`;

/**
 * Runs section 7 and returns its markdown, its worst ratios and the targets it missed.
 *
 * @param settings `{ rounds, warmup }`.
 * @returns `{ markdown, ratios, misses }`.
 */
export async function runProfiles({ rounds, warmup }) {
  const github = buildToolSchemas(loadGithubOpenApi().document).map((tool) => tool.input);
  const validators = listValidatorCorpora();
  const validatorSchemas = validators.flatMap((corpus) =>
    corpus.tools.map((tool) => tool.inputSchema),
  );
  const conversionCorpora = [
    { name: `GitHub REST API (${github.length} tool inputs)`, schemas: github },
    {
      name: `Zod, Valibot, ArkType tools (${validatorSchemas.length}, as each validator lists them)`,
      schemas: validatorSchemas,
    },
  ];
  const conversions = [];
  for (const corpus of conversionCorpora) {
    conversions.push({ ...corpus, ...(await timeConversions(corpus.schemas, { rounds, warmup })) });
  }
  const decodings = [];
  for (const corpus of validators) {
    decodings.push({ name: corpus.name, ...(await timeDecoding(corpus, { rounds, warmup })) });
  }

  const misses = [];
  let worstConversion = 0;
  for (const corpus of conversions) {
    for (const row of corpus.rows) {
      worstConversion = Math.max(worstConversion, row.ratio);
      if (row.ratio > CONVERSION_TARGET) {
        misses.push(
          `${row.profile} on ${corpus.name.split(' (')[0]} ${formatRatio(row.ratio)} (its floor ${formatRatio(row.floorRatio)})`,
        );
      }
    }
  }
  let worstDecode = 0;
  for (const corpus of decodings) {
    for (const row of corpus.rows) {
      worstDecode = Math.max(worstDecode, row.overValidate);
      if (row.overValidate > DECODE_TARGET) {
        misses.push(`decode ${row.profile} on ${corpus.name} ${formatRatio(row.overValidate)}`);
      }
    }
  }

  const conversionTable = markdownTable(
    [
      'profile',
      ...conversions.flatMap((corpus) => [
        corpus.name,
        '× dereference',
        '× floor',
        'floor × dereference',
        'wire / pass output (JSON)',
      ]),
    ],
    [
      [
        '`dereference` alone',
        ...conversions.flatMap((corpus) => [formatMs(corpus.base), formatRatio(1), '', '', '']),
      ],
      ...PROFILES.map((profile, index) => [
        `\`${profile}\``,
        ...conversions.flatMap((corpus) => [
          formatMs(corpus.rows[index].time),
          mark(corpus.rows[index].ratio, CONVERSION_TARGET),
          formatRatio(corpus.rows[index].overFloor),
          mark(corpus.rows[index].floorRatio, CONVERSION_TARGET),
          formatRatio(corpus.rows[index].wireSize),
        ]),
      ]),
      [
        '`mcp`, `repair: true` (no target)',
        ...conversions.flatMap((corpus) => [
          formatMs(corpus.repair.time),
          formatRatio(corpus.repair.ratio),
          '',
          '',
          '',
        ]),
      ],
    ],
  );
  const decodeTable = markdownTable(
    ['per call', ...decodings.flatMap((corpus) => [corpus.name, '× validate', '× Ajv'])],
    [
      [
        "validator's `~standard.validate`",
        ...decodings.flatMap((corpus) => [
          formatMs(corpus.validate),
          formatRatio(1),
          formatRatio(corpus.validate / corpus.ajv),
        ]),
      ],
      [
        'Ajv, compiled listed schema',
        ...decodings.flatMap((corpus) => [
          formatMs(corpus.ajv),
          formatRatio(corpus.ajv / corpus.validate),
          formatRatio(1),
        ]),
      ],
      ...PROFILES.map((profile, index) => [
        `decode, \`${profile}\``,
        ...decodings.flatMap((corpus) => [
          formatMs(corpus.rows[index].time),
          mark(corpus.rows[index].overValidate, DECODE_TARGET),
          formatRatio(corpus.rows[index].overAjv),
        ]),
      ]),
    ],
  );
  const markdown = [
    '## 7. Provider profiles',
    '',
    `One pass over each corpus: \`dereference(schema)\` against \`toProviderSchema(schema, profile)\` ` +
      `(which runs the same pass, then the profile), interleaved, median of ${rounds} rounds. ` +
      'The validator tools are the Zod, Valibot and ArkType corpora of `@toolschema/test-support`, ' +
      "each input schema as the validator's own converter lists it. ✗: over the target " +
      `(≤ ${formatRatio(CONVERSION_TARGET)}). × floor: over the same pass followed by a plain ` +
      "recursive copy of the profile's wire schema, the least any rewrite that writes the wire " +
      'anew can cost; floor × dereference: that floor over the pass alone (✗ where the floor ' +
      'itself is past the target); wire / pass output: how much larger the wire is than what the ' +
      'pass wrote ' +
      '(unrolled cycles, `{ key, value }` entries, nullable unions). The last row is `mcp` with ' +
      'the marks `repair` reads (objects and arrays sent as JSON strings, stray `null`s).',
    '',
    conversionTable,
    '',
    `Decoding the model's arguments, per call, on each validator corpus: every tool's valid ` +
      "`arguments` (from `VALID_ARGUMENTS`), encoded once to the profile's wire shape, then " +
      "`decodeArguments(codec, wire)`; against the validator's own `~standard.validate` (what the " +
      'wrapper runs after decoding) and Ajv 2020 (`strict: false`, formats not validated) compiled ' +
      `from the listed schema, on the original arguments. Median of ${rounds} rounds. ` +
      `✗: over the target (decode ≤ ${formatRatio(DECODE_TARGET)} validate). ` +
      `Calls per run: ${decodings.map((corpus) => `${corpus.name} ${corpus.calls}`).join(', ')}.`,
    '',
    decodeTable,
    '',
    `- **worst profile / dereference = ${formatRatio(worstConversion)}** (target ≤ ${formatRatio(CONVERSION_TARGET)})`,
    `- **worst decode / validate = ${formatRatio(worstDecode)}** (target ≤ ${formatRatio(DECODE_TARGET)})`,
    misses.length === 0 ? '- all targets met' : `- missed: ${misses.join('; ')}`,
  ].join('\n');
  return { markdown, ratios: { worstConversion, worstDecode }, misses };
}
