// The generated blocks of the READMEs, measured on the corpora (GitHub's REST API, the Notion MCP
// server, the Zod, Valibot and ArkType tools): the before/after acceptance per provider, the
// comparison with the libraries people use instead, and one real tool's schema as listed and as
// each provider profile sends it. `node --import tsx acceptance.mjs` (in
// bench/, after `pnpm build`) prints them; `--write` also writes them into every README that
// holds their markers. test/integration/test/readme-tables.test.ts measures them again and fails
// when a README's copy differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceCorpora,
  acceptanceTable,
  BEFORE_AFTER_MARKERS,
  beforeAfterBlock,
  compareLibraries,
  generatedBlock,
  LIBRARY_MARKERS,
  renderLibraryComparison,
  replaceGeneratedBlock,
} from '@toolschema/test-support/acceptance';
import { loadGithubTools } from '@toolschema/test-support/corpora';

const READMES = ['README.md', 'packages/core/README.md'];
const root = join(import.meta.dirname, '..');

const corpora = await acceptanceCorpora();
const blocks = [
  [ACCEPTANCE_MARKERS, await acceptanceTable(corpora)],
  [LIBRARY_MARKERS, renderLibraryComparison(corpora, await compareLibraries(corpora))],
  [BEFORE_AFTER_MARKERS, beforeAfterBlock(loadGithubTools().tools)],
];
for (const [, table] of blocks) console.log(`${table}\n`);
if (process.argv.includes('--write')) {
  for (const readme of READMES) {
    const path = join(root, readme);
    let text = readFileSync(path, 'utf8');
    for (const [markers, table] of blocks) {
      if (generatedBlock(text, markers) !== undefined)
        text = replaceGeneratedBlock(text, markers, table);
    }
    writeFileSync(path, text);
    console.error(`Wrote ${readme}`);
  }
}
