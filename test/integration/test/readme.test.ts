/**
 * README examples cannot go stale: every ```ts block of every README in the repository is type
 * checked and executed here, against the built packages, as a user would paste it. A block whose
 * info string names a file (```ts src/createServer.ts) quotes that file instead, relative to its
 * README: it must appear in it verbatim (indentation aside), where a line that is only a comment
 * (`/* typed as ... *\/`) stands for any lines of the file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const blocksFolder = join(import.meta.dirname, '../.readme-blocks');

/** A fenced TypeScript block of a README. */
interface Block {
  readme: string;
  index: number;
  info: string;
  code: string;
}

/**
 * Lists the READMEs of the repository: the root's and those one folder down in each area.
 *
 * @returns Paths relative to the repository root.
 */
function listReadmes(): string[] {
  const readmes = ['README.md', 'bench/README.md'];
  for (const area of ['packages', 'examples', 'test']) {
    for (const name of readdirSync(join(root, area))) {
      const path = join(area, name, 'README.md');
      if (existsSync(join(root, path))) readmes.push(path);
    }
  }
  return readmes.filter((path) => existsSync(join(root, path)));
}

/**
 * Finds the fenced TypeScript blocks of a README.
 *
 * @param readme The README's path, relative to the repository root.
 * @returns Its blocks, in order.
 */
function blocksOf(readme: string): Block[] {
  const text = readFileSync(join(root, readme), 'utf8');
  const fence = /^```(?:ts|typescript)([^\n]*)\n([\s\S]*?)^```/gm;
  return [...text.matchAll(fence)].map((match, index) => ({
    readme,
    index,
    info: match[1]!.trim(),
    code: match[2]!,
  }));
}

/**
 * Collapses the indentation and blank lines of a text, so a quote can be found in its file.
 *
 * @param text Some code.
 * @returns The lines, trimmed, without empty ones, joined by newlines.
 */
function normalize(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

const blocks = listReadmes().flatMap(blocksOf);
const quotes = blocks.filter((block) => block.info !== '');
const programs = blocks.filter((block) => block.info === '');

/**
 * The file a runnable block is written to, named after its README and position.
 *
 * @param block The block.
 * @returns An absolute path under the blocks folder.
 */
function fileOf(block: Block): string {
  const slug = block.readme.replace(/\/?README\.md$/, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
  return join(blocksFolder, `${slug}-${block.index}.ts`);
}

describe('README examples', () => {
  it('exist (the harness finds the blocks it checks)', () => {
    expect(programs.length).toBeGreaterThanOrEqual(5);
  });

  it.each(quotes.map((block) => [`${block.readme} #${block.index} (${block.info})`, block]))(
    'quotes its file: %s',
    (_name, block) => {
      const file = normalize(readFileSync(join(root, dirname(block.readme), block.info), 'utf8'));
      // The quote's parts between elisions must appear in the file, in order.
      let from = 0;
      for (const part of normalize(block.code).split(/^(?:\/\*.*\*\/|\/\/.*)$/m)) {
        const text = part.replace(/^\n|\n$/g, '');
        if (text === '') continue;
        const at = file.indexOf(text, from);
        expect(at, `not found in ${block.info} after offset ${from}:\n${text}`).toBeGreaterThan(-1);
        from = at + text.length;
      }
    },
  );

  it('type check (tsc, strict, as the packages are built)', () => {
    rmSync(blocksFolder, { recursive: true, force: true });
    mkdirSync(blocksFolder, { recursive: true });
    for (const block of programs) writeFileSync(fileOf(block), `${block.code}\nexport {};\n`);
    writeFileSync(
      join(blocksFolder, 'tsconfig.json'),
      JSON.stringify({ extends: '../../../tsconfig.base.json', include: ['./*.ts'] }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(blocksFolder, 'tsconfig.json')], {
        encoding: 'utf8',
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output.split(root).join('')).toBe('');
  });

  it.each(programs.map((block) => [`${block.readme} #${block.index}`, block]))(
    'run: %s',
    async (_name, block) => {
      const file = fileOf(block);
      if (!existsSync(file)) writeFileSync(file, `${block.code}\nexport {};\n`);
      // What the examples log is for their readers, not for the test output.
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await import(/* @vite-ignore */ `./${relative(import.meta.dirname, file)}`);
      } finally {
        log.mockRestore();
        error.mockRestore();
      }
    },
  );
});
