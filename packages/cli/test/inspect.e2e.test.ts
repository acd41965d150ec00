import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SERVER, FIXTURE_TOOLS, requireBuiltBin, runBin } from './helpers.ts';

beforeAll(requireBuiltBin);

/** Bytes of compact JSON of a tool's schemas, as `inspect` measures them. */
function schemaBytes(tool: Record<string, unknown>): number {
  return ['inputSchema', 'outputSchema']
    .filter((field) => tool[field] !== undefined)
    .reduce((sum, field) => sum + Buffer.byteLength(JSON.stringify(tool[field])), 0);
}

function fixtureTool(name: string): Record<string, unknown> {
  const tool = FIXTURE_TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`fixture has no tool ${name}`);
  return tool;
}

interface Row {
  name: string;
  bytesBefore: number;
  bytesAfter: number;
  refs: number;
  cyclesKept: number;
  diagnostics: { schema: string; code: string; pointer: string; message: string }[];
  errors: string[];
}

describe('toolschema inspect (built bin)', () => {
  it('lists every page of tools and measures each with --json', async () => {
    const run = await runBin(['inspect', '--json', '--', process.execPath, FIXTURE_SERVER]);
    expect(run.code).toBe(0);
    // The server's own stderr reaches ours.
    expect(run.stderr).toMatch(/fixture server: started pid=\d+/);
    const rows = JSON.parse(run.stdout) as Row[];
    expect(rows.map((row) => row.name)).toStrictEqual([
      'create_page',
      'tree',
      'echo',
      'enable_extra',
      'link',
    ]);
    const byName = new Map(rows.map((row) => [row.name, row]));
    for (const row of rows) {
      expect(row.bytesBefore).toBe(schemaBytes(fixtureTool(row.name)));
      expect(row.errors).toStrictEqual([]);
    }

    // $refs in schema positions, as sent (the one inside `default` is data and not counted).
    expect(rows.map((row) => row.refs)).toStrictEqual([3, 3, 1, 0, 1]);

    const echoAfter = {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    };
    expect(byName.get('echo')).toStrictEqual({
      name: 'echo',
      bytesBefore: schemaBytes(fixtureTool('echo')),
      bytesAfter: Buffer.byteLength(JSON.stringify(echoAfter)),
      refs: 1,
      cyclesKept: 0,
      diagnostics: [],
      errors: [],
    });
    expect(byName.get('enable_extra')).toMatchObject({
      bytesAfter: schemaBytes(fixtureTool('enable_extra')),
      cyclesKept: 0,
      diagnostics: [],
    });
    expect(byName.get('create_page')).toMatchObject({ cyclesKept: 0, diagnostics: [] });
    // Only the cycle keeps references.
    expect(byName.get('tree')?.cyclesKept).toBeGreaterThanOrEqual(1);
    expect(byName.get('tree')?.diagnostics).toStrictEqual([]);
    // The dangling reference becomes permissive, with a diagnostic pointing at it.
    const link = byName.get('link');
    expect(link?.cyclesKept).toBe(0);
    expect(link?.diagnostics).toHaveLength(1);
    expect(link?.diagnostics[0]).toMatchObject({
      schema: 'inputSchema',
      code: 'ref-unresolved',
      pointer: expect.stringMatching(/^\/properties\/target\/anyOf\/1/),
    });
  }, 30_000);

  it('prints a table with one row per tool and a total', async () => {
    const run = await runBin(['inspect', '--', process.execPath, FIXTURE_SERVER]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^tool +bytes before → after +refs +cycles kept +diagnostics$/);
    expect(lines.slice(1).map((line) => line.split(/ +/)[0])).toStrictEqual([
      'create_page',
      'tree',
      'echo',
      'enable_extra',
      'link',
      'total',
    ]);
    expect(run.stderr).toMatch(/^toolschema: link: inputSchema: ref-unresolved at /m);
  }, 30_000);

  it('exits 1 when the pass refuses a schema, as the exit code table says', async () => {
    const run = await runBin([
      'inspect',
      '--cycles',
      'throw',
      '--',
      process.execPath,
      FIXTURE_SERVER,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^toolschema: tree: .*recursive.* \(schema left unchanged\)$/m);
    expect(run.stdout).toMatch(/^total \(5 tools\) /m);
  }, 30_000);

  it('inspects a file of tools as it inspects the server that lists them', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'toolschema-inspect-'));
    try {
      const file = join(directory, 'tools.json');
      await writeFile(file, JSON.stringify({ tools: FIXTURE_TOOLS }));
      const fromServer = await runBin([
        'inspect',
        '--json',
        '--',
        process.execPath,
        FIXTURE_SERVER,
      ]);
      const fromFile = await runBin(['inspect', '--json', file]);
      expect(fromFile.code).toBe(0);
      expect(JSON.parse(fromFile.stdout)).toStrictEqual(JSON.parse(fromServer.stdout));
      // One JSON Schema is one tool named after its file; `--` before the file reads it too.
      const schema = join(directory, 'Lookup.JSON');
      await writeFile(
        schema,
        JSON.stringify({ $ref: '#/$defs/A', $defs: { A: { type: 'object' } } }),
      );
      const lone = await runBin(['inspect', '--json', '--', schema]);
      expect(lone.code).toBe(0);
      expect(JSON.parse(lone.stdout)).toMatchObject([{ name: 'Lookup', refs: 1, cyclesKept: 0 }]);
      // A file that is not there, or `--header` without `--url`, is said so.
      const missing = await runBin(['inspect', join(directory, 'none.json')]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/cannot read '.*none\.json': no such file/);
      const header = await runBin(['inspect', '--header', 'A: b', file]);
      expect(header.code).toBe(2);
      expect(header.stderr).toMatch(/option '--header' needs '--url'/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 30_000);

  it('prints the table only with --quiet', async () => {
    const run = await runBin(['inspect', '--quiet', '--', process.execPath, FIXTURE_SERVER]);
    expect(run.code).toBe(0);
    // Only the server's own stderr is left.
    expect(run.stderr).toMatch(/^fixture server: started pid=\d+\n$/);
    expect(run.stdout).toMatch(/^link +99 → +74 +1 +0 +1$/m);
  }, 30_000);

  it('fails clearly when the command does not exist', async () => {
    const run = await runBin(['inspect', '--', 'toolschema-no-such-command-e2e']);
    expect(run).toStrictEqual({
      code: 127,
      signal: null,
      stdout: '',
      stderr: "toolschema: cannot start 'toolschema-no-such-command-e2e': command not found\n",
    });
  }, 30_000);

  it('fails clearly when the server never answers', async () => {
    const silent = ['-e', 'setInterval(() => {}, 1000)'];
    const run = await runBin(['inspect', '--timeout', '300', '--', process.execPath, ...silent]);
    expect(run.signal).toBe(null);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `toolschema: server '${process.execPath}' did not answer 'initialize' within 300 ms\n`,
    );
  }, 30_000);

  it('fails clearly when the server exits before answering', async () => {
    const run = await runBin(['inspect', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `toolschema: server '${process.execPath}' exited (code 3) before answering 'initialize'\n`,
    );
  }, 30_000);
});

describe('toolschema inspect --profile (built bin)', () => {
  const profileServer = fileURLToPath(new URL('./fixtures/profile-server.mjs', import.meta.url));

  it('says per tool whether the provider accepts it', async () => {
    const run = await runBin([
      'inspect',
      '--json',
      '--profile',
      'openai-strict',
      '--',
      process.execPath,
      profileServer,
    ]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { name: string; profile: unknown }[];
    expect(rows.map((row) => [row.name, row.profile])).toStrictEqual([
      ['tag', { name: 'openai-strict', accepted: true, violations: [] }],
      [
        'pick',
        {
          name: 'openai-strict',
          accepted: false,
          violations: [
            {
              rule: 'openai-strict/limits',
              pointer: '',
              message:
                'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 5001.',
              severity: 'error',
            },
          ],
        },
      ],
    ]);
  });

  it('refuses an unknown profile with the list of profiles', async () => {
    const run = await runBin([
      'inspect',
      '--profile',
      'claude',
      '--',
      process.execPath,
      profileServer,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "toolschema: unknown profile 'claude' (profiles: mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict)\nRun 'toolschema inspect --help' for usage.\n",
    );
  });
});
