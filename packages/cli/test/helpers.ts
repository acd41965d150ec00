import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import toolsJson from './fixtures/tools.json' with { type: 'json' };

/** The built bin: the end-to-end tests run exactly what users run. */
export const BIN = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));

/** The fixture MCP server. */
export const FIXTURE_SERVER = fileURLToPath(new URL('./fixtures/server.mjs', import.meta.url));

/** The tools the fixture serves before `enable_extra` is called, as it sends them. */
export const FIXTURE_TOOLS: readonly Record<string, unknown>[] = toolsJson.tools;

/** The tool `enable_extra` adds. */
export const FIXTURE_EXTRA_TOOL: Record<string, unknown> = toolsJson.extraTool;

/** Fails with a clear message when the bin has not been built. */
export function requireBuiltBin(): void {
  if (!existsSync(BIN)) {
    throw new Error(
      `${BIN} is missing: run \`pnpm build\` first (the root \`pnpm test\` builds before testing).`,
    );
  }
}

/** How a run of the bin ended. */
export interface BinRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built bin to completion. A run that outlives `killAfterMs` is killed, so a hang
 * fails the test (with signal SIGKILL) instead of blocking the suite.
 *
 * @param args The arguments after the bin.
 * @param input What to write to its stdin before closing it.
 * @param killAfterMs Safety limit.
 * @returns Exit code, signal and output.
 */
export function runBin(args: readonly string[], input = '', killAfterMs = 20_000): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
    child.stdin.end(input);
  });
}

/** Whether a process with this pid is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until a process has gone, polling; gives up after `limitMs`.
 *
 * @returns Whether it has gone.
 */
export async function waitUntilGone(pid: number, limitMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Keywords whose values are data, not schemas: a `$ref` inside them is not a reference. */
const DATA_KEYWORDS = new Set(['default', 'examples', 'example', 'const', 'enum']);

/**
 * Collects the `$ref` values in schema positions of a schema (skipping data keywords).
 *
 * @param schema A JSON Schema.
 * @returns Every `$ref` string found.
 */
export function collectRefs(schema: unknown): string[] {
  const refs: string[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') refs.push(value);
      else if (!DATA_KEYWORDS.has(key)) stack.push(value);
    }
  }
  return refs;
}
