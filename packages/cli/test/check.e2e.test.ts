import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltBin, runBin } from './helpers.ts';

const PROFILE_SERVER = fileURLToPath(new URL('./fixtures/profile-server.mjs', import.meta.url));
const TOKENIZER = { package: 'gpt-tokenizer', encoding: 'o200k_base' };

let directory = '';
beforeAll(async () => {
  requireBuiltBin();
  directory = await mkdtemp(join(tmpdir(), 'toolschema-check-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('toolschema check (built bin)', () => {
  it('checks a server: one row per tool and profile, exit 1 when a tool is still refused', async () => {
    const run = await runBin([
      'check',
      '--json',
      '--profile',
      'openai-strict,gemini',
      '--',
      process.execPath,
      PROFILE_SERVER,
    ]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toStrictEqual({
      tokenizer: TOKENIZER,
      rows: [
        {
          tool: 'tag',
          profile: 'openai-strict',
          acceptedAsListed: false,
          acceptedAfter: true,
          remaining: [],
          tokensBefore: 46,
          tokensAfter: 105,
        },
        {
          tool: 'tag',
          profile: 'gemini',
          acceptedAsListed: false,
          acceptedAfter: true,
          remaining: [],
          tokensBefore: 46,
          tokensAfter: 90,
        },
        {
          tool: 'pick',
          profile: 'openai-strict',
          acceptedAsListed: false,
          acceptedAfter: false,
          remaining: [
            {
              rule: 'openai-strict/limits',
              pointer: '',
              message:
                'OpenAI strict mode (Structured Outputs) allows at most 5000 object properties; found 5001.',
              severity: 'error',
            },
          ],
          tokensBefore: 44021,
          tokensAfter: 73034,
        },
        {
          tool: 'pick',
          profile: 'gemini',
          acceptedAsListed: true,
          acceptedAfter: true,
          remaining: [],
          tokensBefore: 44021,
          tokensAfter: 44024,
        },
      ],
      requests: [
        { profile: 'openai-strict', acceptedAsListed: true, acceptedAfter: true, remaining: [] },
        { profile: 'gemini', acceptedAsListed: true, acceptedAfter: true, remaining: [] },
      ],
    });
  });

  it('checks a JSON Schema file as one tool named after the file, exit 0 when all pass', async () => {
    const file = join(directory, 'lookup.json');
    await writeFile(
      file,
      JSON.stringify({ type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }),
    );
    const run = await runBin(['check', '--json', '--profile', 'openai-strict,gemini', file]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toStrictEqual({
      tokenizer: TOKENIZER,
      rows: [
        {
          tool: 'lookup',
          profile: 'openai-strict',
          acceptedAsListed: false,
          acceptedAfter: true,
          remaining: [],
          tokensBefore: 26,
          tokensAfter: 31,
        },
        {
          tool: 'lookup',
          profile: 'gemini',
          acceptedAsListed: true,
          acceptedAfter: true,
          remaining: [],
          tokensBefore: 26,
          tokensAfter: 26,
        },
      ],
      requests: [
        { profile: 'openai-strict', acceptedAsListed: true, acceptedAfter: true, remaining: [] },
        { profile: 'gemini', acceptedAsListed: true, acceptedAfter: true, remaining: [] },
      ],
    });
  });

  it('checks every profile but mcp by default and prints a table naming the tokenizer', async () => {
    const file = join(directory, 'tools.json');
    await writeFile(
      file,
      JSON.stringify({ tools: [{ name: 'noop', inputSchema: { type: 'object' } }] }),
    );
    const run = await runBin(['check', file]);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.slice(1, 8).map((line) => line.split(/\s+/)[1])).toStrictEqual([
      'portable',
      'openai',
      'openai-strict',
      'gemini',
      'gemini-json-schema',
      'anthropic',
      'anthropic-strict',
    ]);
    expect(lines.at(-1)).toBe(
      '7 checks, 0 still refused; tokens counted with gpt-tokenizer (o200k_base)',
    );
    expect(run.code).toBe(0);
  });

  it('says when all the tools in one request still exceed a request limit, without failing', async () => {
    const file = join(directory, 'many.json');
    const tools = Array.from({ length: 21 }, (_, index) => ({
      name: `t${index}`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    }));
    await writeFile(file, JSON.stringify({ tools }));
    const json = await runBin(['check', '--json', '--profile', 'anthropic-strict,gemini', file]);
    expect(json.code).toBe(0);
    const limit = {
      rule: 'anthropic-strict/strict-tools-per-request',
      pointer: '/20',
      message: 'Claude strict tool use allows at most 20 strict tools per request; found 21.',
      severity: 'error',
    };
    expect(JSON.parse(json.stdout).requests).toStrictEqual([
      {
        profile: 'anthropic-strict',
        acceptedAsListed: false,
        acceptedAfter: false,
        remaining: [limit],
      },
      { profile: 'gemini', acceptedAsListed: true, acceptedAfter: true, remaining: [] },
    ]);
    const table = await runBin(['check', '--profile', 'anthropic-strict', file]);
    expect(table.code).toBe(0);
    expect(table.stdout.trimEnd().split('\n').slice(-3)).toStrictEqual([
      `all tools in one request (anthropic-strict): ${limit.rule} at tool 't20' (/20): ${limit.message}`,
      '',
      '21 checks, 0 still refused; all tools in one request still exceed a limit of anthropic-strict (send fewer of them); tokens counted with gpt-tokenizer (o200k_base)',
    ]);
  });

  it('checks a schema nested deeper than JSON.stringify can write, tokens counted', async () => {
    const deep = `${'{"type":"object","properties":{"a":'.repeat(100_000)}{}${'}}'.repeat(100_000)}`;
    const file = join(directory, 'deep.json');
    await writeFile(file, deep);
    const run = await runBin(['check', '--json', '--profile', 'openai-strict', file]);
    expect(run.code).toBe(0);
    const { rows } = JSON.parse(run.stdout) as { rows: Array<Record<string, unknown>> };
    // Refused as listed (OpenAI's 10 levels), accepted after: the deep part travels as a string.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tool: 'deep', acceptedAsListed: false, acceptedAfter: true });
    expect(rows[0]!.tokensBefore).toBeGreaterThan(100_000);
    expect(rows[0]!.tokensAfter).toBeLessThan(2_000);
  });

  it('prints one error line, never a stack trace, for files that are no tool list', async () => {
    const files: Array<[string, string, string]> = [
      ['not-json.json', 'not json', 'not-json.json:1:1: invalid JSON'],
      ['cut.json', '[1,2', 'cut.json:1:5: invalid JSON'],
      ['number.json', '42', 'expected a JSON Schema, a tools/list result or an array of tools'],
      ['nested.json', '[[[]]]', 'every tool must be an object'],
    ];
    for (const [name, text, message] of files) {
      const file = join(directory, name);
      await writeFile(file, text);
      const run = await runBin(['check', '--profile', 'openai-strict', file]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`toolschema: `);
      expect(run.stderr).toContain(message);
    }
  });

  it('gives usage errors for an unknown profile and for no input', async () => {
    const unknown = await runBin(['check', '--profile', 'gemini,claude', 'x.json']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown profile 'claude' (profiles: mcp, portable, ");
    const none = await runBin(['check']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'check needs one file, or a server: a command after --, or --url',
    );
  });
});
