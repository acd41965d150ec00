import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, isRunning, requireBuiltBin, runBin, waitUntilGone } from './helpers.ts';

beforeAll(requireBuiltBin);

const node = process.execPath;
const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const TEXT_SERVER = fixture('text-server.mjs');
const LIFETIME_SERVER = fixture('lifetime-server.mjs');

/** Processes a test started that must not outlive it. */
const leftovers: number[] = [];

afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
});

interface StartedProxy {
  proxy: ChildProcessWithoutNullStreams;
  /** The proxy's exit code, or its signal's name (a hang ends with SIGKILL from the test). */
  exited: Promise<number | string>;
  /** The pid from the server's `ready pid=` line on stderr. */
  ready: Promise<number>;
}

/**
 * Starts the built proxy in front of the lifetime server. Its stdout is never read: the tests
 * that need a reading client read it themselves. A proxy that outlives `killAfterMs` is killed,
 * so a hang fails the test instead of blocking the suite.
 */
function startProxy(mode: string, killAfterMs = 60_000): StartedProxy {
  const proxy = spawn(node, [BIN, 'proxy', '--grace', '200', '--', node, LIFETIME_SERVER, mode], {
    stdio: 'pipe',
  });
  if (proxy.pid !== undefined) leftovers.push(proxy.pid);
  const timer = setTimeout(() => proxy.kill('SIGKILL'), killAfterMs);
  const exited = new Promise<number | string>((resolve) => {
    proxy.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const ready = new Promise<number>((resolve) => {
    let stderr = '';
    proxy.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /ready pid=(\d+)/.exec(stderr);
      if (match !== null) resolve(Number(match[1]));
    });
  });
  return { proxy, exited, ready };
}

describe('toolschema proxy (built bin) under faults', () => {
  it('gives a 64-bit integer id back byte for byte, and keeps the text of numbers', async () => {
    const request = '{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}\n';
    const run = await runBin(['proxy', '--', node, TEXT_SERVER], request);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      '{"jsonrpc":"2.0","id":9007199254740993,"result":{"tools":[{"name":"n","inputSchema":' +
        '{"type":"object","properties":{"n":{"type":"number","maximum":1e400,"minimum":-0,' +
        '"multipleOf":0.50}}}}]}}\n',
    );
  }, 60_000);

  it('passes an answer it cannot rewrite on as it came, says so once, and goes on', async () => {
    const input = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
      '{"jsonrpc":"2.0","id":2,"method":"ping"}\n',
    ].join('');
    const run = await runBin(['proxy', '--', node, TEXT_SERVER, 'deep'], input);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(3);
    const depth = 200_000;
    expect(lines[0]).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"deep","inputSchema":{"type":"object",' +
        `"const":${'['.repeat(depth)}${']'.repeat(depth)}}}]}}`,
    );
    expect(lines.slice(1)).toStrictEqual(['{"jsonrpc":"2.0","id":2,"method":"ping"}', '']);
    expect(run.stderr).toMatch(
      /^toolschema: a tools\/list answer could not be rewritten \(RangeError: [^\n]*\); passed on as the server sent it\n$/,
    );
  }, 60_000);

  it("exits with the server's code when the client stops reading and closes stdin", async () => {
    const { proxy, exited, ready } = startProxy('flood');
    leftovers.push(await ready);
    // The client never reads stdout, and closes stdin: the server is stopped after the grace.
    proxy.stdin.end();
    expect(await exited).toBe(128 + constants.signals.SIGTERM);
  }, 60_000);

  it('stops a server that ignores SIGTERM with SIGKILL after the grace, and exits', async () => {
    const { proxy, exited, ready } = startProxy('stubborn');
    const serverPid = await ready;
    leftovers.push(serverPid);
    proxy.kill('SIGTERM');
    expect(await exited).toBe(128 + constants.signals.SIGKILL);
    expect(await waitUntilGone(serverPid)).toBe(true);
  }, 60_000);

  it('exits on SIGTERM while the client does not read and the server ignores it', async () => {
    const { proxy, exited, ready } = startProxy('flood-stubborn');
    leftovers.push(await ready);
    proxy.kill('SIGTERM');
    expect(await exited).toBe(128 + constants.signals.SIGKILL);
  }, 60_000);

  it('does not wait for a process the server left behind holding its stdout', async () => {
    const { proxy, exited, ready } = startProxy('orphan');
    proxy.stdout.resume();
    const orphanPid = await ready;
    leftovers.push(orphanPid);
    expect(await exited).toBe(5);
    expect(isRunning(orphanPid)).toBe(true);
  }, 60_000);
});
