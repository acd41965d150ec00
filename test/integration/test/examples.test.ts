/**
 * Each example's README says how to start its server; that line is run here exactly as written
 * (from the repository root), and the server must answer `initialize` and `tools/list` on stdout
 * with nothing else before: stdout is the protocol's channel, so a banner there breaks clients.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { refsOf } from '@toolschema/test-support';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const examples = readdirSync(join(root, 'examples'));

/**
 * Finds the documented start command of an example: the shell line that runs its `start` script.
 *
 * @param readme The README's text.
 * @returns The command, without its trailing comment.
 */
function startCommand(readme: string): string {
  const line = readme.split('\n').find((text) => / start(\s|$)/.test(text) && /^npx /.test(text));
  if (line === undefined) throw new Error('no documented start command');
  return line.replace(/\s+#.*$/, '');
}

/**
 * Runs a shell command, writes requests to its stdin and collects stdout until two answers came
 * and the command ended.
 *
 * @param command The shell command.
 * @returns Everything the command wrote to stdout.
 */
function converse(command: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      // Two answers came: closing stdin ends the server (and pnpm and npx above it) the way a
      // client does, so no process outlives the test.
      if (out.split('\n').length > 2) child.stdin.end();
    });
    child.on('error', reject);
    child.on('exit', () => resolvePromise(out));
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'examples-test', version: '0.0.0' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    child.stdin.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  });
}

describe.each(examples)('examples/%s', (example) => {
  it('starts with its documented command and speaks only the protocol on stdout', async () => {
    const command = startCommand(
      readFileSync(join(root, 'examples', example, 'README.md'), 'utf8'),
    );
    expect(command).toContain('--silent');
    const lines = (await converse(command)).split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const [initialized, listed] = lines.map((line) => JSON.parse(line));
    expect(initialized).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: {} } });
    expect(listed.id).toBe(2);
    expect(listed.result.tools.length).toBeGreaterThan(0);
    for (const tool of listed.result.tools) {
      expect(tool.inputSchema.type).toBe('object');
      for (const schema of [tool.inputSchema, tool.outputSchema ?? {}]) {
        // Self-contained: every $ref is the root or names a definition of the schema's own root,
        // and a definition is kept only for a cycle (one without a $ref cannot be on one).
        const defs: Record<string, unknown> = { ...schema.$defs, ...schema.definitions };
        for (const [name, definition] of Object.entries(defs)) {
          expect(refsOf(definition), `${tool.name}: ${name} is on no cycle`).not.toStrictEqual([]);
        }
        for (const ref of refsOf(schema)) {
          if (ref === '#') continue;
          const [, keyword, name] = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref) ?? [];
          expect(keyword, `${tool.name}: ${ref}`).toBeDefined();
          expect(Object.keys(defs)).toContain(name);
        }
      }
    }
  });
});
