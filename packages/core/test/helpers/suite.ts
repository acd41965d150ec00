import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the JSON-Schema-Test-Suite lives: a copy kept in the repository (`test/json-schema-test-suite`,
 * with its license and commit id), so every clone runs conformance. Reading it throws when it is
 * absent: a missing suite fails the tests, it never skips them.
 */
export const suiteRoot = resolve(import.meta.dirname, '../json-schema-test-suite');

/**
 * The folder of one draft in the suite, checked to exist.
 *
 * @param draft The draft folder name (`draft2020-12`, `draft7`).
 * @returns The absolute path of `tests/<draft>`.
 */
export function suiteTests(draft: string): string {
  const folder = join(suiteRoot, 'tests', draft);
  if (!existsSync(folder)) throw new Error(`JSON-Schema-Test-Suite data missing: ${folder}`);
  return folder;
}

/**
 * Lists the `.json` files under a folder, recursively, in a stable order.
 *
 * @param folder The folder.
 * @returns Absolute paths, sorted.
 */
export function listJsonFiles(folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) pending.push(path);
      else if (entry.endsWith('.json')) files.push(path);
    }
  }
  return files.sort();
}
