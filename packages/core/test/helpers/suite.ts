import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the JSON-Schema-Test-Suite lives: outside the repository, in `<repo>/../shared/data`.
 * Tests that read it print a notice and skip when it is absent.
 */
export const suiteRoot = resolve(
  import.meta.dirname,
  '../../../../../shared/data/json-schema-test-suite',
);

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
