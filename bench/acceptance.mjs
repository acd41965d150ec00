// The generated blocks of the READMEs, measured on the corpora (GitHub's REST API, the Notion MCP
// server, the Zod, Valibot and ArkType tools; the Python ones in the acceptance table only): the
// before/after acceptance per provider, the
// comparison with the libraries people use instead, and one real tool's schema as listed and as
// each provider profile sends it. `node --import tsx acceptance.mjs` (in
// bench/, after `pnpm build`) prints them; `--write` also writes them into every README that
// holds their markers. test/integration/test/readme-tables.test.ts measures them again and fails
// when a README's copy differs. Mastra's compat layer requires Node.js 22.13: run this there
// (`npx -y node@22 --import tsx acceptance.mjs --write`) to measure its rows; an older Node.js
// measures the other rows and keeps the README's Mastra rows as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceCorpora,
  acceptanceTable,
  BEFORE_AFTER_MARKERS,
  beforeAfterBlock,
  compareLibraries,
  directoryAcceptanceCorpora,
  generatedBlock,
  keepMastraRows,
  LIBRARY_MARKERS,
  MASTRA_MIN_NODE,
  mastraRuns,
  mcpServerAcceptanceCorpora,
  pythonAcceptanceCorpora,
  renderLibraryComparison,
  replaceGeneratedBlock,
  serverAcceptanceCorpora,
} from '@toolschema/test-support/acceptance';
import { loadGithubTools } from '@toolschema/test-support/corpora';

const READMES = ['README.md', 'packages/core/README.md'];
const root = join(import.meta.dirname, '..');

const corpora = await acceptanceCorpora();
const blocks = [
  [
    ACCEPTANCE_MARKERS,
    await acceptanceTable([
      ...corpora,
      ...(await serverAcceptanceCorpora()),
      ...pythonAcceptanceCorpora(),
      ...mcpServerAcceptanceCorpora(),
      ...directoryAcceptanceCorpora(),
    ]),
  ],
  [LIBRARY_MARKERS, renderLibraryComparison(corpora, await compareLibraries(corpora))],
  [BEFORE_AFTER_MARKERS, beforeAfterBlock(loadGithubTools().tools)],
];
for (const [, table] of blocks) console.log(`${table}\n`);
if (process.argv.includes('--write')) {
  for (const readme of READMES) {
    const path = join(root, readme);
    let text = readFileSync(path, 'utf8');
    for (const [markers, table] of blocks) {
      const copy = generatedBlock(text, markers);
      if (copy === undefined) continue;
      const kept = markers === LIBRARY_MARKERS && !mastraRuns ? keepMastraRows(table, copy) : table;
      text = replaceGeneratedBlock(text, markers, kept);
    }
    writeFileSync(path, text);
    console.error(`Wrote ${readme}`);
  }
  if (!mastraRuns) {
    console.error(
      `Mastra's rows kept as they were: they are measured on Node.js ${MASTRA_MIN_NODE} or later.`,
    );
  }
}
