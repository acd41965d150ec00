import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltBin, runBin } from './helpers.ts';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    parent: { $ref: '#/$defs/Parent', description: 'Where the page goes.' },
    tags: { type: 'array', items: { $ref: '#/$defs/Tag' } },
  },
  $defs: {
    Parent: { type: 'object', properties: { page_id: { type: 'string' } } },
    Tag: { type: 'string', maxLength: 20 },
  },
};
const expected = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    parent: {
      type: 'object',
      properties: { page_id: { type: 'string' } },
      description: 'Where the page goes.',
    },
    tags: { type: 'array', items: { type: 'string', maxLength: 20 } },
  },
};

let directory = '';
beforeAll(async () => {
  requireBuiltBin();
  directory = await mkdtemp(join(tmpdir(), 'toolschema-e2e-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('toolschema deref (built bin)', () => {
  it('dereferences a file', async () => {
    const file = join(directory, 'schema.json');
    await writeFile(file, JSON.stringify(schema, null, 2));
    const run = await runBin(['deref', file]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toStrictEqual(expected);
    expect(run.stdout).toBe(`${JSON.stringify(JSON.parse(run.stdout), null, 2)}\n`);
  });

  it('dereferences stdin', async () => {
    const run = await runBin(['deref'], JSON.stringify(schema));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toStrictEqual(expected);
  });

  it('reports invalid JSON with its line and column, without a stack trace', async () => {
    const run = await runBin(['deref'], '{\n  "type": "object",\n  "properties": {,}\n}');
    expect(run).toStrictEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr: 'toolschema: <stdin>:3:18: invalid JSON: unexpected ",", expected a property name\n',
    });
  });

  it('reports a missing file in one line', async () => {
    const run = await runBin(['deref', join(directory, 'nope.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^toolschema: cannot read '.*nope\.json': no such file\n$/);
  });

  it('prints the version and help', async () => {
    const version = await runBin(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    const help = await runBin(['deref', '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/--cycles ref\|throw\|unroll=N/);
  });
});
