import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuiltBin, runBin } from './helpers.ts';

beforeAll(requireBuiltBin);

const SCRIPTED_SERVER = fileURLToPath(new URL('./fixtures/scripted-server.mjs', import.meta.url));
const node = process.execPath;

describe('toolschema proxy (built bin) as a process', () => {
  it('passes every byte through unchanged when nothing is a tools/list answer', async () => {
    const input = [
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}\n',
      // A tools/list request echoed back is still a request, not an answer.
      '{ "jsonrpc": "2.0", "id": "x", "method": "tools/list" }\n',
      'not json {\n',
      '\n',
      '[{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"result":{}}]\r\n',
      `{"jsonrpc":"2.0","method":"big","params":{"text":"${'é'.repeat(100_000)}"}}\n`,
      '{"jsonrpc":"2.0","id":3,"result":{"tools":[]}}\n',
      'a last line without newline',
    ].join('');
    const echo = ['-e', 'process.stdin.pipe(process.stdout)'];
    const run = await runBin(['proxy', '--', node, ...echo], input);
    expect(run.code).toBe(0);
    expect(run.stdout === input).toBe(true);
    expect(run.stderr).toBe('');
  }, 30_000);

  it('rewrites tools/list answers larger than 64 KiB, alone and in a batch, and keeps noise', async () => {
    const input = [
      '{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}\n',
      '[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","method":"x"}]\n',
    ].join('');
    const run = await runBin(['proxy', '--', node, SCRIPTED_SERVER], input);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('this line is not JSON-RPC');
    expect(lines[2]).toBe('this line is not JSON-RPC');
    expect(lines[4]).toBe('');
    const tool = {
      name: 'big',
      description: 'd'.repeat(200_000),
      inputSchema: { type: 'object', properties: { item: { type: 'integer' } } },
    };
    expect(JSON.parse(lines[1]!)).toStrictEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { tools: [tool] },
    });
    expect(JSON.parse(lines[3]!)).toStrictEqual([
      { jsonrpc: '2.0', id: 1, result: { tools: [tool] } },
    ]);
  }, 30_000);

  it("exits with the server's exit code", async () => {
    const run = await runBin(['proxy', '--', node, '-e', 'process.exit(7)']);
    expect(run).toMatchObject({ code: 7, stdout: '' });
  }, 30_000);

  it('exits with 128 + signal when a signal ends the server', async () => {
    const run = await runBin(['proxy', '--', node, '-e', "process.kill(process.pid, 'SIGKILL')"]);
    expect(run.code).toBe(128 + constants.signals.SIGKILL);
  }, 30_000);

  it('terminates a server that ignores the end of its stdin after the grace period', async () => {
    const stubborn = ['-e', 'process.stdin.resume(); setInterval(() => {}, 1000)'];
    const run = await runBin(['proxy', '--grace', '200', '--', node, ...stubborn]);
    expect(run.code).toBe(128 + constants.signals.SIGTERM);
  }, 30_000);

  it('fails clearly when the server command does not exist', async () => {
    const run = await runBin(['proxy', '--', 'toolschema-no-such-command-e2e']);
    expect(run).toStrictEqual({
      code: 127,
      signal: null,
      stdout: '',
      stderr: "toolschema: cannot start 'toolschema-no-such-command-e2e': command not found\n",
    });
  }, 30_000);

  it('forwards SIGTERM to the server and exits with its code', async () => {
    const script = [
      "process.on('SIGTERM', () => { process.stderr.write('server got SIGTERM\\n'); process.exit(42); });",
      "process.stderr.write('ready\\n');",
      'setInterval(() => {}, 1000);',
    ].join('');
    const proxy = spawn(node, [BIN, 'proxy', '--', node, '-e', script], { stdio: 'pipe' });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => proxy.once('close', resolve));
    await new Promise<void>((resolve) => {
      proxy.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('ready\n')) resolve();
      });
    });
    proxy.kill('SIGTERM');
    expect(await exited).toBe(42);
    expect(stderr).toBe('ready\nserver got SIGTERM\n');
  }, 30_000);
});
