// Profiles `dereference` over the real corpus: node --cpu-prof bench/profile-corpus.mjs [rounds]
// With a profile name, `toProviderSchema(schema, profile)` over the tool inputs instead:
// node --cpu-prof bench/profile-corpus.mjs 30 portable

import { dereference, toProviderSchema } from '@toolschema/core';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';

const tools = buildToolSchemas(loadGithubOpenApi().document);
const rounds = Number(process.argv[2] ?? 20);
const profile = process.argv[3];
const inputs =
  profile === undefined
    ? tools.flatMap((tool) => (tool.output ? [tool.input, tool.output] : [tool.input]))
    : tools.map((tool) => tool.input);
const run =
  profile === undefined
    ? (schema) => dereference(schema)
    : (schema) => toProviderSchema(schema, profile);
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  for (const schema of inputs) run(schema);
  if (round % 5 === 4)
    console.log(`round ${round + 1}: ${(performance.now() - start).toFixed(1)} ms`);
}
