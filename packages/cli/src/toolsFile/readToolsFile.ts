import { readFile } from 'node:fs/promises';
import { CliError } from '../CliError/index.ts';
import { parseJsonText } from '../deref/index.ts';
import { readTools } from './readTools.ts';

/**
 * Reads the tools of a file given to `check` or `inspect` (see {@link readTools} for what it may
 * hold).
 *
 * @param file The file's path.
 * @returns The tools, in order.
 * @throws CliError when the file cannot be read, is not JSON or holds no tools.
 */
export async function readToolsFile(file: string): Promise<Record<string, unknown>[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot read '${file}': ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  return readTools(parseJsonText(text, file), file);
}

/**
 * Whether the words after `inspect`'s options name a tools file rather than a server command: one
 * word ending in `.json` (no server command is a lone JSON file).
 *
 * @param words The words after the options.
 * @returns Whether they name a file.
 */
export function namesToolsFile(words: readonly string[] | undefined): words is [string] {
  return words?.length === 1 && /\.json$/i.test(words[0] as string);
}
