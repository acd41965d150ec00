// The before/after acceptance table of the READMEs, measured on the corpora:
// `node --import tsx acceptance.mjs` (in bench/) prints it, `--write` also writes it into every
// README that holds its markers. test/integration/test/readme-tables.test.ts recomputes it and
// fails when a README's copy differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceTable,
  generatedBlock,
  replaceGeneratedBlock,
} from '@toolschema/test-support/acceptance';

const READMES = ['README.md', 'packages/core/README.md'];
const root = join(import.meta.dirname, '..');

const table = await acceptanceTable();
console.log(table);
if (process.argv.includes('--write')) {
  for (const readme of READMES) {
    const path = join(root, readme);
    const text = readFileSync(path, 'utf8');
    if (generatedBlock(text, ACCEPTANCE_MARKERS) === undefined) continue;
    writeFileSync(path, replaceGeneratedBlock(text, ACCEPTANCE_MARKERS, table));
    console.error(`Wrote ${readme}`);
  }
}
