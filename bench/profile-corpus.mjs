// Profiles `dereference` over the real corpus: node --cpu-prof bench/profile-corpus.mjs

import { dereference } from '@toolschema/core';
import { buildToolSchemas, loadGithubOpenApi } from './inputs/github-tools.mjs';

const tools = buildToolSchemas(loadGithubOpenApi().document);
const inputs = tools.flatMap((tool) => (tool.output ? [tool.input, tool.output] : [tool.input]));
const rounds = Number(process.argv[2] ?? 20);
for (let round = 0; round < rounds; round++) {
  const start = performance.now();
  for (const schema of inputs) dereference(schema);
  if (round % 5 === 4)
    console.log(`round ${round + 1}: ${(performance.now() - start).toFixed(1)} ms`);
}
