import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestOptions } from '../../../vitest.shared.ts';
import { BIN, requireBuiltBin } from './helpers.ts';

beforeAll(requireBuiltBin);

/** The package's folder: the README's commands run from there. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** One example of the README that shows a command and what it prints. */
interface Example {
  /** The command line, as written after `$ `. */
  command: string;
  /** The lines shown after it. */
  output: string[];
}

/**
 * The `text` blocks of the README that start with `$ ` and run `toolschema`: each is a command
 * and the output it shows (stdout, then the `toolschema:` lines of stderr).
 */
function examples(markdown: string): Example[] {
  const found: Example[] = [];
  for (const match of markdown.matchAll(/```text\n\$ ([^\n]*)\n([\s\S]*?)```/g)) {
    const command = match[1]!.replace(/\s+#.*$/, '');
    if (!/(^|\| )toolschema /.test(command)) continue;
    found.push({ command, output: match[2]!.trimEnd().split('\n') });
  }
  return found;
}

/**
 * Runs an example's command with the built bin: `toolschema <args>` (arguments split on spaces),
 * optionally fed by `echo '<text>' |`.
 */
function run(command: string): { status: number | null; stdout: string; stderr: string } {
  const piped = /^echo '([^']*)' \| (.*)$/.exec(command);
  const input = piped === null ? '' : `${piped[1]}\n`;
  const args = (piped === null ? command : piped[2]!).split(' ').slice(1);
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: PACKAGE_DIR,
    input,
    encoding: 'utf8',
    // Only a guard against a hang (spawnSync blocks the worker, so vitest's timeout cannot stop
    // it): the same bound as every test's, never a measure of speed.
    timeout: sharedTestOptions.testTimeout,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the README examples that show output', () => {
  const found = examples(README);

  it('are found (the inspect table and the deref output at least)', () => {
    expect(found.some((example) => example.command.startsWith('toolschema inspect'))).toBe(true);
    expect(found.some((example) => example.command.includes('| toolschema deref'))).toBe(true);
  });

  for (const example of found) {
    it(`print what they show: ${example.command.slice(0, 60)}`, () => {
      const result = run(example.command);
      expect(result.status).toBe(0);
      const shownErrors = example.output.filter((line) => line.startsWith('toolschema: '));
      const shownOutput = example.output.filter((line) => !line.startsWith('toolschema: '));
      expect(result.stdout.trimEnd().split('\n')).toStrictEqual(shownOutput);
      // The fixture server writes its own stderr line too; the README shows toolschema's.
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('toolschema: '));
      expect(errors).toStrictEqual(shownErrors);
    });
  }
});
