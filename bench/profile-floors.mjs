// How much room section 7's conversion target (`toProviderSchema` ≤ 1.5× `dereference`) leaves,
// whatever the rewrite does per node. Times, by CPU time, interleaved, on GitHub's tool inputs,
// each as a ratio to `dereference` alone:
// - `toProviderSchema(schema, 'openai-strict')`, the real profile;
// - the pass, then a sketch of openai-strict's core rewrites that writes a new wire tree
//   (objects closed, every property required, an optional property's `type` made nullable, keywords
//   filtered, a codec of the optional properties), with none of the real rewrite's checks,
//   diagnostics, unions, descriptions or limits: the least a rewrite writing its wire anew costs;
// - the same sketch done in place on the pass's output (which the call owns): the least a rewrite
//   that changes the pass's output costs.
//   node --import tsx profile-floors.mjs [--rounds=9]
// The sketches are measuring sticks, not profiles: their output is not faithful.
import { dereference, toProviderSchema } from '@toolschema/core';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';
import { cpuTime } from './lib/builds.mjs';
import { copyJsonRecursive } from './lib/json.mjs';
import { median } from './lib/measure.mjs';

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 9,
);
/** Keywords openai-strict keeps (the rest are left out by both sketches). */
const KEPT = new Set([
  ...['type', 'description', 'title', 'default', 'enum', 'const', 'format', 'pattern'],
  ...['properties', 'required', 'additionalProperties', 'items', 'anyOf', '$defs', '$ref'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['minItems', 'maxItems'],
]);

/** An optional property's wire: its `type` made nullable, or an `anyOf` with `null`. */
function nullableWire(wire, inPlace) {
  if (typeof wire.type !== 'string') return { anyOf: [wire, { type: 'null' }] };
  if (inPlace) {
    wire.type = [wire.type, 'null'];
    return wire;
  }
  return { ...wire, type: [wire.type, 'null'] };
}

/** The write-anew sketch: a new wire tree and a codec of the optional properties. */
function writeAnew(schema) {
  if (typeof schema !== 'object' || schema === null) return { wire: {}, codec: null };
  const wire = {};
  let codec = null;
  for (const key in schema) {
    if (!KEPT.has(key) || key === 'required' || key === 'additionalProperties') continue;
    const value = schema[key];
    if (key === 'properties') {
      const required = schema.required ?? [];
      const properties = {};
      let codecs = null;
      for (const name in value) {
        const rewritten = writeAnew(value[name]);
        const optional = !required.includes(name);
        properties[name] = optional ? nullableWire(rewritten.wire, false) : rewritten.wire;
        if (optional || rewritten.codec !== null) {
          codecs ??= {};
          codecs[name] = { optional, codec: rewritten.codec };
        }
      }
      wire.properties = properties;
      wire.required = Object.keys(properties);
      wire.additionalProperties = false;
      if (codecs !== null) codec = { properties: codecs };
    } else if (key === 'items') {
      const rewritten = writeAnew(value);
      wire.items = rewritten.wire;
      if (rewritten.codec !== null) codec = { items: rewritten.codec };
    } else if (key === 'anyOf' || key === '$defs') {
      const written = Array.isArray(value) ? [] : {};
      for (const index in value) written[index] = writeAnew(value[index]).wire;
      wire[key] = written;
    } else {
      wire[key] = copyJsonRecursive(value);
    }
  }
  return { wire, codec };
}

/** The in-place sketch: the same changes, made to the pass's output; returns the codec. */
function rewriteInPlace(schema) {
  if (typeof schema !== 'object' || schema === null) return null;
  let codec = null;
  for (const key in schema) {
    if (!KEPT.has(key)) {
      delete schema[key];
      continue;
    }
    const value = schema[key];
    if (key === 'properties') {
      const required = schema.required ?? [];
      let codecs = null;
      for (const name in value) {
        const inner = rewriteInPlace(value[name]);
        const optional = !required.includes(name);
        if (optional) value[name] = nullableWire(value[name], true);
        if (optional || inner !== null) {
          codecs ??= {};
          codecs[name] = { optional, codec: inner };
        }
      }
      schema.required = Object.keys(value);
      schema.additionalProperties = false;
      if (codecs !== null) codec = { properties: codecs };
    } else if (key === 'items') {
      const inner = rewriteInPlace(value);
      if (inner !== null) codec = { items: inner };
    } else if (key === 'anyOf') {
      for (const branch of value) rewriteInPlace(branch);
    } else if (key === '$defs') {
      for (const name in value) rewriteInPlace(value[name]);
    }
  }
  return codec;
}

const schemas = buildToolSchemas(loadGithubOpenApi().document).map((tool) => tool.input);
const runs = {
  dereference: () => {
    for (const schema of schemas) dereference(schema);
  },
  'toProviderSchema openai-strict': () => {
    for (const schema of schemas) toProviderSchema(schema, 'openai-strict');
  },
  'dereference + sketch writing anew': () => {
    for (const schema of schemas) writeAnew(dereference(schema).schema);
  },
  'dereference + sketch in place': () => {
    for (const schema of schemas) rewriteInPlace(dereference(schema).schema);
  },
};
for (let warmup = 0; warmup < 5; warmup++) for (const run of Object.values(runs)) run();
const ratios = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  const pass = cpuTime(runs.dereference, 3);
  for (const [name, run] of Object.entries(runs)) ratios[name].push(cpuTime(run, 3) / pass);
}
console.log(
  `GitHub (${schemas.length} tool inputs), CPU time over dereference, median of ${rounds}`,
);
for (const [name, values] of Object.entries(ratios))
  console.log(`  ${name}: ${median(values).toFixed(2)}×`);
