/**
 * The generated tables of the READMEs cannot go stale: the before/after acceptance per provider
 * and the comparison with the libraries people use instead are measured again here on the
 * corpora (GitHub's REST API, the Notion MCP server, the Zod, Valibot and ArkType tools) and must
 * equal, character for character, the blocks between the markers of the READMEs that hold them.
 * `node --import tsx bench/acceptance.mjs --write` rewrites the blocks. The work is fixed: per
 * tool (about 1,300) and profile, one `toProviderSchema` and a few `checkProviderSchema`; per
 * tool and library, one conversion (the AI SDK's through a captured `fetch`, no network).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceCorpora,
  acceptanceTable,
  compareLibraries,
  generatedBlock,
  LIBRARIES,
  LIBRARY_MARKERS,
  renderLibraryComparison,
} from '@toolschema/test-support/acceptance';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The READMEs that show each table. */
const READMES = {
  acceptance: ['README.md', 'packages/core/README.md'],
  libraries: ['README.md'],
};

const readme = (path: string) => readFileSync(join(root, path), 'utf8');

/** The corpora, listed once for both tests (Notion's is a server started over stdio). */
let corpora: ReturnType<typeof acceptanceCorpora> | undefined;
const loadCorpora = () => {
  corpora ??= acceptanceCorpora();
  return corpora;
};

describe('README tables, measured again', () => {
  it('the acceptance per provider, before and after toolschema', async () => {
    const table = await acceptanceTable(await loadCorpora());
    expect(table.split('\n').length).toBe(7);
    for (const path of READMES.acceptance) {
      expect(generatedBlock(readme(path), ACCEPTANCE_MARKERS), path).toBe(table);
    }
  }, 600_000);

  it('the comparison with the libraries people use instead', async () => {
    const listed = await loadCorpora();
    const table = renderLibraryComparison(listed, await compareLibraries(listed));
    expect(table.split('\n').length).toBe(LIBRARIES.length + 2);
    for (const path of READMES.libraries) {
      expect(generatedBlock(readme(path), LIBRARY_MARKERS), path).toBe(table);
    }
  }, 600_000);
});
