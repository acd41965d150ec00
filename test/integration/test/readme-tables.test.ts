/**
 * The before/after acceptance table of the READMEs cannot go stale: it is measured again here on
 * the corpora (GitHub's REST API, the Notion MCP server, the Zod, Valibot and ArkType tools) and
 * must equal, character for character, the block between the markers of every README that holds
 * one. `node --import tsx bench/acceptance.mjs --write` rewrites the blocks. The work is fixed:
 * one `toProviderSchema` and two `checkProviderSchema` per tool and profile (about 1,300 tools ×
 * 7 profiles).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ACCEPTANCE_MARKERS,
  acceptanceTable,
  generatedBlock,
} from '@toolschema/test-support/acceptance';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

/** The READMEs that show the acceptance table. */
const READMES = ['README.md', 'packages/core/README.md'];

describe('README acceptance tables', () => {
  it('equal the table measured on the corpora', async () => {
    const table = await acceptanceTable();
    expect(table.split('\n').length).toBe(7);
    for (const readme of READMES) {
      const text = readFileSync(join(root, readme), 'utf8');
      expect(generatedBlock(text, ACCEPTANCE_MARKERS), readme).toBe(table);
    }
  }, 600_000);
});
