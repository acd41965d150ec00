import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manyStringProperties } from '@toolschema/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, UsageError } from '../CliError/index.ts';
import { createMemoryIo } from '../io/createMemoryIo.ts';
import { derefText, parseJsonText, runDeref } from './deref.ts';

const schemaWithRef = {
  type: 'object',
  properties: { a: { $ref: '#/$defs/A' } },
  $defs: { A: { type: 'string' } },
};
const flat = { type: 'object', properties: { a: { type: 'string' } } };

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolschema-deref-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('parseJsonText', () => {
  it('parses JSON and skips a byte order mark', () => {
    expect(parseJsonText('\uFEFF{"a":1}', 'x.json')).toStrictEqual({ a: 1 });
  });

  it('says where invalid JSON breaks', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n}', 'x.json')).toThrow(
      new CliError('x.json:3:1: invalid JSON: unexpected "}", expected a property name'),
    );
  });
});

describe('derefText', () => {
  it('dereferences a schema', () => {
    expect(derefText(JSON.stringify(schemaWithRef), 'x', {})).toStrictEqual({
      schema: flat,
      diagnostics: [],
    });
  });

  it('refuses JSON that is not a schema', () => {
    expect(() => derefText('"text"', 'x.json', {})).toThrow(
      new CliError('x.json: not a JSON Schema (expected an object or a boolean)'),
    );
  });
});

describe('runDeref', () => {
  it('reads a file and prints pretty JSON', async () => {
    const file = join(directory, 'schema.json');
    await writeFile(file, JSON.stringify(schemaWithRef));
    const memory = createMemoryIo();
    expect(await runDeref([file], memory.io)).toBe(0);
    expect(memory.stdout()).toBe(`${JSON.stringify(flat, null, 2)}\n`);
    expect(memory.stderr()).toBe('');
  });

  it('reads the file named after --, even one that starts with -', async () => {
    const file = join(directory, '-schema.json');
    await writeFile(file, JSON.stringify(schemaWithRef));
    const memory = createMemoryIo();
    expect(await runDeref(['--compact', '--', file], memory.io)).toBe(0);
    expect(memory.stdout()).toBe(`${JSON.stringify(flat)}\n`);
    await expect(runDeref(['--', file, file], createMemoryIo().io)).rejects.toThrow(UsageError);
  });

  it('reads stdin and prints compact JSON with --compact', async () => {
    const memory = createMemoryIo(JSON.stringify(schemaWithRef));
    expect(await runDeref(['--compact'], memory.io)).toBe(0);
    expect(memory.stdout()).toBe(`${JSON.stringify(flat)}\n`);
  });

  it('makes the root an object with --root object', async () => {
    const memory = createMemoryIo('{"properties":{"a":{"type":"string"}}}');
    expect(await runDeref(['--root', 'object', '--compact', '-'], memory.io)).toBe(0);
    expect(JSON.parse(memory.stdout())).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
  });

  it('prints diagnostics on stderr, never on stdout', async () => {
    const memory = createMemoryIo('{"type":"object","properties":{"a":{"$ref":"#/$defs/Gone"}}}');
    expect(await runDeref([], memory.io)).toBe(0);
    expect(JSON.parse(memory.stdout())).toStrictEqual({
      type: 'object',
      properties: { a: {} },
    });
    expect(memory.stderr()).toMatch(/^toolschema: ref-unresolved at \/properties\/a.*\n$/);
  });

  it('prints no diagnostics with --quiet', async () => {
    const memory = createMemoryIo('{"type":"object","properties":{"a":{"$ref":"#/$defs/Gone"}}}');
    expect(await runDeref(['--quiet'], memory.io)).toBe(0);
    expect(JSON.parse(memory.stdout())).toStrictEqual({ type: 'object', properties: { a: {} } });
    expect(memory.stderr()).toBe('');
  });

  it('says 1 level, not 1 levels', async () => {
    const memory = createMemoryIo('{"type":"object","properties":{"next":{"$ref":"#"}}}');
    expect(await runDeref(['--cycles', 'unroll=1', '--compact'], memory.io)).toBe(0);
    expect(memory.stderr()).toBe(
      'toolschema: cycle-unrolled at (root): The recursion through "Root" was inlined 1 level deep, then replaced by a permissive schema.\n',
    );
  });

  it('takes the dialect spelled as the adapters spell targets', async () => {
    // `definitions` is where draft-07 keeps definitions: read as draft-07, the $ref resolves.
    const text =
      '{"properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{"type":"string"}}}';
    const memory = createMemoryIo(text);
    expect(await runDeref(['--dialect', 'draft-2020-12', '--compact'], memory.io)).toBe(0);
    const draft07 = createMemoryIo(text);
    expect(await runDeref(['--dialect', 'draft-07', '--compact'], draft07.io)).toBe(0);
    expect(draft07.stdout()).toBe('{"properties":{"a":{"type":"string"}}}\n');
  });

  it('fails on a missing file, a second file, a bad option value and a terminal stdin', async () => {
    await expect(runDeref([join(directory, 'missing.json')], createMemoryIo().io)).rejects.toThrow(
      /^cannot read '.*missing\.json': no such file$/,
    );
    await expect(runDeref(['a', 'b'], createMemoryIo().io)).rejects.toThrow(UsageError);
    await expect(runDeref(['--root', 'array'], createMemoryIo('{}').io)).rejects.toThrow(
      UsageError,
    );
    await expect(runDeref([], createMemoryIo().io)).rejects.toThrow(
      new UsageError('no input: give a file, or pipe a schema into stdin'),
    );
  });

  it('prints its help', async () => {
    const memory = createMemoryIo();
    expect(await runDeref(['--help'], memory.io)).toBe(0);
    expect(memory.stdout()).toMatch(/^Usage: toolschema deref \[options\] \[file\]\n/);
  });
});

describe('runDeref --profile', () => {
  const input = {
    type: 'object',
    properties: { level: { $ref: '#/$defs/Level' } },
    $defs: { Level: { enum: [1, 2] } },
  };

  it('prints the wire schema and writes the codec that maps arguments back', async () => {
    const memory = createMemoryIo(JSON.stringify(input));
    const codecFile = join(directory, 'codec.json');
    expect(
      await runDeref(['--profile', 'gemini', '--codec', codecFile, '--compact'], memory.io),
    ).toBe(0);
    expect(JSON.parse(memory.stdout())).toStrictEqual({
      type: 'object',
      properties: { level: { type: 'string', enum: ['1', '2'] } },
      required: [],
    });
    const { decodeArguments } = await import('@toolschema/core');
    const codec = JSON.parse(await readFile(codecFile, 'utf8'));
    expect(decodeArguments(codec, { level: '2' })).toStrictEqual({ level: 2 });
    expect(memory.stderr()).toContain('toolschema: profile-object-closed at (root): ');
  });

  it('says on stderr what the provider would still refuse', async () => {
    const memory = createMemoryIo(JSON.stringify({ properties: manyStringProperties() }));
    expect(await runDeref(['--profile', 'openai-strict', '--compact'], memory.io)).toBe(0);
    expect(memory.stderr()).toContain(
      'toolschema: openai-strict still refuses it: openai-strict/limits at ',
    );
  });

  it('refuses an unknown profile, --codec alone and --root any with a profile', async () => {
    await expect(runDeref(['--profile', 'claude'], createMemoryIo('{}').io)).rejects.toThrow(
      new UsageError(
        "unknown profile 'claude' (profiles: mcp, portable, openai, openai-strict, gemini, gemini-json-schema, anthropic, anthropic-strict)",
      ),
    );
    await expect(runDeref(['--codec', 'x.json'], createMemoryIo('{}').io)).rejects.toThrow(
      new UsageError("option '--codec' needs '--profile'"),
    );
    await expect(
      runDeref(['--profile', 'gemini', '--root', 'any'], createMemoryIo('{}').io),
    ).rejects.toThrow(UsageError);
  });
});
