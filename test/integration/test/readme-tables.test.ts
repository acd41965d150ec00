/**
 * The generated blocks of the READMEs cannot go stale: the before/after acceptance per provider,
 * the comparison with the libraries people use instead and one real tool's schema before and
 * after each provider profile are computed again here on the corpora (GitHub's REST API, the
 * Notion MCP server, the Zod, Valibot and ArkType tools; the Python servers' tools in the
 * acceptance table) and must equal, character for
 * character, the blocks between the markers of the READMEs that hold them.
 * `node --import tsx bench/acceptance.mjs --write` rewrites the blocks. The work is fixed: per
 * tool (about 1,300) and profile, one `toProviderSchema` and a few `checkProviderSchema`; per
 * tool and library, one conversion (the AI SDK's through a captured `fetch`, no network).
 *
 * Mastra's compat layer requires Node.js 22.13: its rows of the comparison are measured again
 * there (CI runs this file on Node.js 22 and 24); before, the other rows are, and the test names
 * which ran and asserts it, so no run silently skips them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceCorpora,
  acceptanceTable,
  BEFORE_AFTER_MARKERS,
  BEFORE_AFTER_PROFILES,
  BEFORE_AFTER_TOOL,
  beforeAfterBlock,
  compareLibraries,
  directoryAcceptanceCorpora,
  generatedBlock,
  LIBRARIES,
  LIBRARY_MARKERS,
  MASTRA_MIN_NODE,
  MASTRA_ROW_START,
  MASTRA_VERSION,
  mastraRuns,
  mcpServerAcceptanceCorpora,
  pythonAcceptanceCorpora,
  renderLibraryComparison,
  serverAcceptanceCorpora,
  withoutMastraRows,
} from '@toolschema/test-support/acceptance';
import { loadGithubTools } from '@toolschema/test-support/corpora';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The READMEs that show each table. */
const READMES = {
  acceptance: ['README.md', 'packages/core/README.md'],
  libraries: ['README.md'],
  beforeAfter: ['README.md'],
};

const readme = (path: string) => readFileSync(join(root, path), 'utf8');
const require = createRequire(import.meta.url);

/** Mastra's compat layers in the comparison: OpenAI, OpenAI reasoning, Anthropic, Google. */
const MASTRA_ROWS = 4;

/** Which rows of the comparison this Node.js measures again. */
const measured = mastraRuns
  ? `every row, Mastra's included (Node.js ${process.versions.node})`
  : `every row but Mastra's, which need Node.js ${MASTRA_MIN_NODE} (this is ${process.versions.node})`;

/** The corpora, listed once for both tests (Notion's is a server started over stdio). */
let corpora: ReturnType<typeof acceptanceCorpora> | undefined;
const loadCorpora = () => {
  corpora ??= acceptanceCorpora();
  return corpora;
};

describe('README tables, measured again', () => {
  it('the acceptance per provider, before and after toolschema', async () => {
    const table = await acceptanceTable([
      ...(await loadCorpora()),
      ...(await serverAcceptanceCorpora()),
      ...pythonAcceptanceCorpora(),
      ...mcpServerAcceptanceCorpora(),
      ...directoryAcceptanceCorpora(),
    ]);
    expect(table.split('\n').length).toBe(16);
    for (const path of READMES.acceptance) {
      expect(generatedBlock(readme(path), ACCEPTANCE_MARKERS), path).toBe(table);
    }
  });

  it(`the comparison with the libraries people use instead: ${measured}`, async () => {
    const listed = await loadCorpora();
    const table = renderLibraryComparison(listed, await compareLibraries(listed));
    const mastraRows = table.split('\n').filter((line) => line.startsWith(MASTRA_ROW_START));
    expect(mastraRows.length).toBe(mastraRuns ? MASTRA_ROWS : 0);
    expect(table.split('\n').length).toBe(LIBRARIES.length + 2 + mastraRows.length);
    for (const path of READMES.libraries) {
      const copy = generatedBlock(readme(path), LIBRARY_MARKERS) ?? '';
      expect(copy.split('\n').filter((line) => line.startsWith(MASTRA_ROW_START)).length).toBe(
        MASTRA_ROWS,
      );
      expect(mastraRuns ? copy : withoutMastraRows(copy), path).toBe(table);
    }
  });

  it(`Mastra's rows are measured again on Node.js ${MASTRA_MIN_NODE} or later only: ${mastraRuns ? 'measured in this run' : 'not in this run'}`, () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    expect(mastraRuns).toBe(major > 22 || (major === 22 && minor >= 13));
    // The rows name the version installed (read from its manifest: nothing is imported).
    const support = createRequire(require.resolve('@toolschema/test-support/acceptance'));
    const entry = support.resolve('@mastra/schema-compat');
    const manifest = join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json');
    const installed = JSON.parse(readFileSync(manifest, 'utf8')) as {
      version: string;
      engines: object;
    };
    expect(installed.version).toBe(MASTRA_VERSION);
    expect(installed.engines).toStrictEqual({ node: `>=${MASTRA_MIN_NODE}.0` });
  });

  it('one real tool as listed and as each provider profile sends it', () => {
    const block = beforeAfterBlock(loadGithubTools().tools);
    const [listed = '', ...sent] = block.split('\n\n');
    expect(listed.split('\n')[1]).toBe(`// ${BEFORE_AFTER_TOOL}, as listed (descriptions removed)`);
    expect(listed).toContain('"$ref"');
    expect(sent.map((part) => part.split('\n')[0]?.split(' ')[2])).toStrictEqual(
      BEFORE_AFTER_PROFILES.map((profile) => `'${profile}'`),
    );
    for (const part of sent) expect(part).not.toContain('$ref');
    for (const path of READMES.beforeAfter) {
      expect(generatedBlock(readme(path), BEFORE_AFTER_MARKERS), path).toBe(block);
    }
  });
});
