// Checks the public packages as users get them: packs each one with `pnpm pack` (which rewrites
// `workspace:` ranges, and drops `scripts` and `devDependencies` through the `beforePacking` hook
// of `.pnpmfile.cjs`), checks the packed package.json and README (`packed-files.mjs`), lints the
// tarball with publint and @arethetypeswrong/cli, installs all
// tarballs together into an empty project with npm (validators from the registry, at the
// catalog's versions), and runs ESM and CommonJS consumers plus the CLI's bin there.
//
// Run after `pnpm build`: `pnpm test:packages`. Set KEEP_PACKAGE_CHECK=1 to keep the temp dir.

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { publishedManifestProblems, relativeLinks } from './packed-files.mjs';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');

const results = [];

/**
 * The packages of the workspace: every folder `pnpm-workspace.yaml` names (a folder, or `dir/*`
 * for each folder in it) that has a package.json.
 *
 * @returns Each package's folder and manifest, sorted by folder.
 */
async function readWorkspacePackages() {
  const text = await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = text.split(/^packages:\s*$/m)[1] ?? '';
  const dirs = [];
  for (const line of section.split('\n')) {
    const match = /^\s+-\s+["']?([^"'\s]+)["']?\s*$/.exec(line);
    if (match === null) {
      if (/^\S/.test(line)) break;
      continue;
    }
    const pattern = match[1];
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      const entries = await readdir(parent, { withFileTypes: true });
      dirs.push(...entries.filter((entry) => entry.isDirectory()).map((e) => join(parent, e.name)));
    } else {
      dirs.push(join(root, pattern));
    }
  }
  const packages = [];
  for (const dir of dirs.sort()) {
    let manifest;
    try {
      manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    packages.push({ dir, manifest });
  }
  return packages;
}

/**
 * The pnpm that runs this script (`pnpm test:packages` sets `npm_execpath`), so the packing
 * follows the version the workspace pins; plain `pnpm` from PATH otherwise.
 */
const pnpm = /pnpm\.c?js$/.test(process.env.npm_execpath ?? '')
  ? [process.execPath, process.env.npm_execpath]
  : ['pnpm'];

/**
 * The path of a root dev dependency's executable.
 *
 * @param name The executable's name.
 * @returns Its path in the root `node_modules/.bin`.
 */
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Runs a command, capturing its output; never throws.
 *
 * @param command The executable.
 * @param args Its arguments.
 * @param cwd The working directory.
 * @returns The exit code and the combined output.
 */
async function capture(command, args, cwd) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error.message);
    return { code: typeof error.code === 'number' ? error.code : 1, output };
  }
}

/**
 * Records and prints one check; prints the command output only when the check failed.
 *
 * @param name What was checked.
 * @param ok Whether it passed.
 * @param detail Output shown on failure.
 */
function record(name, ok, detail = '') {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (!ok && detail.trim() !== '') {
    console.log(
      detail
        .trim()
        .split('\n')
        .map((line) => `     ${line}`)
        .join('\n'),
    );
  }
}

/**
 * Reads the pinned versions of the workspace catalog (flat `name: version` lines).
 *
 * @returns A map from package name to version.
 */
async function readCatalog() {
  const text = await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const catalog = new Map();
  const section = text.split(/^catalog:\s*$/m)[1] ?? '';
  for (const line of section.split('\n')) {
    const match = /^\s+"?([^":\s]+)"?:\s*(\S+)\s*$/.exec(line);
    if (match === null) {
      if (/^\S/.test(line)) break;
      continue;
    }
    catalog.set(match[1], match[2]);
  }
  return catalog;
}

/**
 * Reads the JSON report of @arethetypeswrong/cli. Its exit code alone is not enough: a package
 * whose declaration files are missing is reported as "does not contain types" with exit code 0.
 *
 * @param result The captured run of `attw <tarball> --format json`.
 * @returns Whether the package has types and no problem, and what to print when it does not.
 */
function readAttw(result) {
  let report;
  try {
    report = JSON.parse(result.output.slice(result.output.indexOf('{')));
  } catch {
    return { ok: false, detail: result.output };
  }
  if (report.analysis?.types === false) {
    return {
      ok: false,
      detail: 'The package contains no types (its declaration files are missing).',
    };
  }
  const problems = Array.isArray(report.analysis?.problems) ? report.analysis.problems : [];
  const detail = problems
    .map((problem) =>
      [problem.kind, problem.entrypoint, problem.resolutionKind].filter(Boolean).join(' '),
    )
    .join('\n');
  return { ok: result.code === 0 && problems.length === 0, detail };
}

// What the consumer project runs, once as ESM and once as CommonJS. Each check prints one line
// `ok <what>` and throws on a wrong result, so a failure names what broke.
const consumerBody = `
const has$ref = (schema) => JSON.stringify(schema).includes('"$ref"');
let failed = 0;
function check(name, run) {
  try {
    const [ok, value] = run();
    console.log(ok ? 'ok ' + name : 'FAIL ' + name + ': ' + JSON.stringify(value));
    if (!ok) failed++;
  } catch (error) {
    console.log('FAIL ' + name + ': ' + String(error).replaceAll('\\n', ' '));
    failed++;
  }
}

// A registered Zod type used twice: Zod's own output has a $ref at each use.
const Point = z.object({ x: z.number(), y: z.number() }).meta({ id: 'Point' });
const Line = z.object({ from: Point, to: Point });

check('core dereference inlines local $refs', () => {
  const { schema } = dereference({
    type: 'object',
    properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } },
    $defs: { A: { type: 'string' } },
  });
  return [!has$ref(schema), schema];
});

check('core/adapter createToolSchema wraps a converter', () => {
  const wrapped = coreAdapter.createToolSchema(Line, () => ({ type: 'object' }), 'input');
  const json = wrapped['~standard'].jsonSchema.input({ target: 'draft-07' });
  return [json.type === 'object' && typeof coreAdapter.visitSchemas === 'function', json];
});

check('core toToolInputSchema (Standard JSON Schema of Zod) leaves no $ref', () => {
  const json = core.toToolInputSchema(Line)['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  return [!has$ref(json) && json.type === 'object', json];
});

check('zod toToolInputSchema leaves no $ref, validates as Zod', () => {
  const wrapped = zodAdapter.toToolInputSchema(Line);
  const json = wrapped['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  const good = wrapped['~standard'].validate({ from: { x: 1, y: 2 }, to: { x: 3, y: 4 } });
  const bad = wrapped['~standard'].validate({ from: '{"x":1,"y":2}', to: { x: 3, y: 4 } });
  const ok = !has$ref(json) && json.type === 'object' && good.issues === undefined &&
    Array.isArray(bad.issues) && bad.issues.length > 0;
  return [ok, { json, good, bad }];
});

check('valibot toToolInputSchema leaves no $ref (v.lazy)', () => {
  const Item = v.object({ x: v.number() });
  const Pair = v.object({ a: v.lazy(() => Item), b: v.lazy(() => Item) });
  const json = valibotAdapter.toToolInputSchema(Pair)['~standard'].jsonSchema.input({
    target: 'draft-07',
  });
  return [!has$ref(json) && json.type === 'object', json];
});

check('arktype toToolInputSchema keeps only resolvable cycle refs under an object root', () => {
  // ArkType's own output for a cyclic scope is a root $ref into $defs.
  const types = scope({
    User: { name: 'string' },
    Comment: { author: 'User', body: 'string', replies: 'Comment[]' },
    Thread: { title: 'string', author: 'User', comments: 'Comment[]' },
  }).export();
  const json = arktypeAdapter.toToolInputSchema(types.Thread)['~standard'].jsonSchema.input({
    target: 'draft-2020-12',
  });
  const text = JSON.stringify(json);
  const localRefs = [...text.matchAll(/"\\$ref":"#\\/\\$defs\\/([^"]+)"/g)].map((m) => m[1]);
  const defs = json.$defs ?? {};
  // User is not on the cycle, so it must be inlined, not kept in $defs.
  const userKept = Object.values(defs).some(
    (def) => Object.keys(def.properties ?? {}).join() === 'name',
  );
  const ok = json.type === 'object' && json.$ref === undefined &&
    localRefs.length === (text.match(/"\\$ref"/g) ?? []).length &&
    localRefs.every((name) => Object.hasOwn(defs, name)) && !userKept;
  return [ok, json];
});

check('mcp ToolSchemaMessages rewrites the answer to a tools/list request', () => {
  const messages = new mcp.ToolSchemaMessages();
  messages.toServer({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const answer = messages.toClient({
    jsonrpc: '2.0',
    id: 1,
    result: { tools: [{ name: 't', inputSchema: { properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } } }] },
  });
  const schema = answer.result.tools[0].inputSchema;
  return [!has$ref(schema) && schema.type === 'object', answer];
});

process.exitCode = failed === 0 ? 0 : 1;
`;

const esmConsumer = `import * as core from '@toolschema/core';
import { dereference } from '@toolschema/core';
import * as coreAdapter from '@toolschema/core/adapter';
import * as zodAdapter from '@toolschema/zod';
import * as valibotAdapter from '@toolschema/valibot';
import * as arktypeAdapter from '@toolschema/arktype';
import * as mcp from '@toolschema/mcp';
import * as z from 'zod';
import * as v from 'valibot';
import { scope } from 'arktype';
${consumerBody}`;

const cjsConsumer = `'use strict';
const core = require('@toolschema/core');
const { dereference } = core;
const coreAdapter = require('@toolschema/core/adapter');
const zodAdapter = require('@toolschema/zod');
const valibotAdapter = require('@toolschema/valibot');
const arktypeAdapter = require('@toolschema/arktype');
const mcp = require('@toolschema/mcp');
const z = require('zod');
const v = require('valibot');
const { scope } = require('arktype');
${consumerBody}`;

const started = Date.now();
const work = await mkdtemp(join(tmpdir(), 'toolschema-pack-'));
try {
  const tarballDir = join(work, 'tarballs');
  await mkdir(tarballDir);
  const catalog = await readCatalog();
  const workspacePackages = await readWorkspacePackages();
  const publicPackages = workspacePackages.filter(({ manifest }) => manifest.private !== true);
  const privateNames = new Set(
    workspacePackages
      .filter(({ manifest }) => manifest.private === true)
      .map((p) => p.manifest.name),
  );
  record(
    `public packages read from the workspace: ${publicPackages.map((p) => p.manifest.name).join(', ')}`,
    publicPackages.length > 0,
  );
  // The validators the adapters take as peers, installed beside the tarballs at the catalog's
  // versions.
  const peerNames = [
    ...new Set(publicPackages.flatMap((p) => Object.keys(p.manifest.peerDependencies ?? {}))),
  ];

  // 1. Pack; check the packed manifest and README; publint, attw.
  const tarballs = new Map();
  for (const { dir, manifest } of publicPackages) {
    const packed = await capture(
      pnpm[0],
      [...pnpm.slice(1), 'pack', '--pack-destination', tarballDir],
      dir,
    );
    const tarball = packed.output
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .findLast((line) => line.endsWith('.tgz'));
    record(
      `${manifest.name}: pnpm pack`,
      packed.code === 0 && tarball !== undefined,
      packed.output,
    );
    if (tarball === undefined) continue;
    const tarballPath = resolve(tarballDir, tarball);
    tarballs.set(manifest.name, tarballPath);

    const unpacked = join(work, 'unpacked', manifest.name);
    await mkdir(unpacked, { recursive: true });
    const untar = await capture('tar', ['-xzf', tarballPath, '-C', unpacked], root);
    record(`${manifest.name}: tarball unpacks`, untar.code === 0, untar.output);
    if (untar.code === 0) {
      const packedManifest = JSON.parse(
        await readFile(join(unpacked, 'package', 'package.json'), 'utf8'),
      );
      const problems = publishedManifestProblems(packedManifest, privateNames);
      record(
        `${manifest.name}: packed package.json has no scripts, dev dependencies or workspace ranges`,
        problems.length === 0,
        problems.join('\n'),
      );
      const readme = await readFile(join(unpacked, 'package', 'README.md'), 'utf8').catch(
        () => undefined,
      );
      const relative = readme === undefined ? [] : relativeLinks(readme);
      record(
        `${manifest.name}: packed README.md exists, with no relative link (npmjs.com cannot follow one)`,
        readme !== undefined && relative.length === 0,
        readme === undefined ? 'README.md is not in the tarball' : relative.join('\n'),
      );
    }

    const lint = await capture(bin('publint'), ['run', tarballPath, '--strict'], root);
    record(`${manifest.name}: publint --strict`, lint.code === 0, lint.output);

    // A package with nothing to import (the command line: a bin only) has no types to check.
    if (!Object.hasOwn(manifest.exports ?? {}, '.')) continue;
    const types = await capture(bin('attw'), [tarballPath, '--format', 'json'], root);
    const verdict = readAttw(types);
    record(
      `${manifest.name}: attw (types for every entry point and resolution)`,
      verdict.ok,
      verdict.detail,
    );
  }

  // 2. An empty project that installs every tarball at once, so that the adapters' dependency on
  //    `@toolschema/core@^0.0.0` resolves to the local tarball (the overrides make sure npm never
  //    asks the registry for it), and the validators from the registry.
  const project = join(work, 'project');
  await mkdir(project);
  const local = Object.fromEntries([...tarballs].map(([name, path]) => [name, `file:${path}`]));
  const peers = Object.fromEntries(peerNames.map((name) => [name, catalog.get(name) ?? 'latest']));
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify(
      {
        name: 'toolschema-pack-check',
        private: true,
        dependencies: { ...local, ...peers },
        overrides: local,
      },
      null,
      2,
    )}\n`,
  );
  const install = await capture(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'],
    project,
  );
  record('npm install of all tarballs into an empty project', install.code === 0, install.output);

  if (install.code === 0) {
    // 3. Consumers: ESM and CommonJS, in a project without "type" (so .mjs / .cjs decide).
    await writeFile(join(project, 'consumer.mjs'), esmConsumer);
    await writeFile(join(project, 'consumer.cjs'), cjsConsumer);
    for (const [label, file] of [
      ['ESM', 'consumer.mjs'],
      ['CommonJS', 'consumer.cjs'],
    ]) {
      const consumer = await capture(process.execPath, [file], project);
      const lines = consumer.output.split('\n').filter((line) => /^(ok|FAIL) /.test(line));
      for (const line of lines) {
        const ok = line.startsWith('ok ');
        const [name, ...detail] = line.replace(/^(ok|FAIL) /, '').split(': ');
        record(`${label}: ${name}`, ok, detail.join(': '));
      }
      if (consumer.code !== 0 && !lines.some((line) => line.startsWith('FAIL '))) {
        record(`${label} consumer (${file}) ran to the end`, consumer.code === 0, consumer.output);
      }
    }

    // 4. Every command line as npm links it.
    for (const { manifest } of publicPackages) {
      const commands =
        typeof manifest.bin === 'string' ? [manifest.name] : Object.keys(manifest.bin ?? {});
      for (const command of commands) {
        const version = await capture(
          join(project, 'node_modules', '.bin', command),
          ['--version'],
          project,
        );
        record(
          `${command} --version prints ${manifest.version}`,
          version.code === 0 && version.output.trim() === manifest.version,
          version.output,
        );
      }
    }
  }
} finally {
  if (process.env.KEEP_PACKAGE_CHECK === '1') console.log(`kept ${work}`);
  else await rm(work, { recursive: true, force: true });
}

const failed = results.filter((result) => !result.ok).length;
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\npackage checks: ${results.length - failed} passed, ${failed} failed (${seconds} s)`);
process.exitCode = failed === 0 ? 0 : 1;
