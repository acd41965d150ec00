import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toolWithRecordOpenAiStrictInput } from '@toolschema/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuiltBin } from './helpers.ts';

const PROFILE_SERVER = fileURLToPath(new URL('./fixtures/profile-server.mjs', import.meta.url));

beforeAll(requireBuiltBin);

/** What `openai-strict` lists for the fixture's `tag` tool (the shared `toolWithRecord`). */
const tagWire = {
  name: 'tag',
  description: 'Tags an item.',
  inputSchema: toolWithRecordOpenAiStrictInput,
};

interface ProxyRun {
  /** Sends one request and resolves with the answer of the same id. */
  request: (id: number, method: string, params: unknown) => Promise<unknown>;
  /** Closes stdin and resolves with the exit code and stderr. */
  end: () => Promise<{ code: number | null; stderr: string }>;
  /** The ids of every message the client received, in order. */
  received: unknown[];
}

/**
 * Starts `toolschema proxy <options> -- node profile-server.mjs <serverArgs>` and talks to it
 * line by line.
 */
function startProxy(options: readonly string[], serverArgs: readonly string[] = []): ProxyRun {
  const child = spawn(
    process.execPath,
    [BIN, 'proxy', ...options, '--', process.execPath, PROFILE_SERVER, ...serverArgs],
    {
      stdio: 'pipe',
    },
  );
  const stderr: Buffer[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const waiting = new Map<number, (answer: unknown) => void>();
  const received: unknown[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const message = JSON.parse(pending.slice(0, newline)) as { id: number };
      pending = pending.slice(newline + 1);
      received.push(message.id);
      waiting.get(message.id)?.(message);
      newline = pending.indexOf('\n');
    }
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    received,
    request: (id, method, params) =>
      new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      }),
    end: async () => {
      child.stdin.end();
      const code = await closed;
      return { code, stderr: Buffer.concat(stderr).toString('utf8') };
    },
  };
}

describe('toolschema proxy --profile', () => {
  it('lists wire schemas, leaves out a refused tool, and the server gets the original shape', async () => {
    const proxy = startProxy(['--profile', 'openai-strict', '--quiet']);
    expect(await proxy.request(1, 'tools/list', {})).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [tagWire] },
    });
    const call = await proxy.request(2, 'tools/call', {
      name: 'tag',
      arguments: { id: 7, tags: [{ key: 'color', value: 'red' }] },
    });
    expect(call).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: '{"id":7,"tags":{"color":"red"}}' }] },
    });
    const absent = await proxy.request(3, 'tools/call', {
      name: 'tag',
      arguments: { id: 7, tags: null },
    });
    expect(absent).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: '{"id":7}' }] },
    });
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    const omitted = stderr.split('\n').filter((line) => line.includes('left out'));
    expect(omitted).toStrictEqual([
      expect.stringMatching(
        /^toolschema: pick: left out of tools\/list, openai-strict still refuses it: openai-strict\/limits at /,
      ),
    ]);
  });

  it('keeps a refused tool with --keep-invalid and repairs JSON strings with --repair-arguments', async () => {
    const proxy = startProxy([
      '--profile',
      'openai-strict',
      '--keep-invalid',
      '--repair-arguments',
      '--quiet',
    ]);
    const list = (await proxy.request(1, 'tools/list', {})) as {
      result: { tools: { name: string }[] };
    };
    expect(list.result.tools.map((tool) => tool.name)).toStrictEqual(['tag', 'pick']);
    const call = await proxy.request(2, 'tools/call', {
      name: 'tag',
      arguments: { id: 1, tags: '[{"key":"a","value":"b"}]' },
    });
    expect(call).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: '{"id":1,"tags":{"a":"b"}}' }] },
    });
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    expect(stderr).not.toContain('left out');
  });

  it('repairs JSON strings and stray nulls with --repair-arguments and no --profile, listing the tools as the pass does', async () => {
    const plain = startProxy(['--quiet']);
    const repairing = startProxy(['--repair-arguments', '--quiet']);
    expect(await repairing.request(1, 'tools/list', {})).toStrictEqual(
      await plain.request(1, 'tools/list', {}),
    );
    // What the fixture server answers a call of `tag`: the arguments it received, as JSON.
    const received = (id: number, text: string) => ({
      jsonrpc: '2.0',
      id,
      result: { content: [{ type: 'text', text }] },
    });
    const cases: Array<[unknown, string]> = [
      // A record sent as a JSON string.
      [{ id: 1, tags: '{"a":"b"}' }, '{"id":1,"tags":{"a":"b"}}'],
      // A null for the optional record, which refuses null: left out.
      [{ id: 1, tags: null }, '{"id":1}'],
    ];
    for (const [index, [args, repaired]] of cases.entries()) {
      const call = { name: 'tag', arguments: args };
      expect(await repairing.request(index + 2, 'tools/call', call)).toStrictEqual(
        received(index + 2, repaired),
      );
      expect(await plain.request(index + 2, 'tools/call', call)).toStrictEqual(
        received(index + 2, JSON.stringify(args)),
      );
    }
    for (const run of [plain, repairing]) expect((await run.end()).code).toBe(0);
  });

  it('keeps the text of numbers inside an argument sent as a JSON string', async () => {
    const proxy = startProxy(['--profile', 'openai-strict', '--quiet'], ['--raw-calls']);
    await proxy.request(1, 'tools/list', {});
    const call = await proxy.request(2, 'tools/call', {
      name: 'run_code',
      arguments: { args: '{"id":12345678901234567890,"f":1.0,"n":[-0,1e400,2]}' },
    });
    const received =
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_code",' +
      '"arguments":{"args":{"id":12345678901234567890,"f":1.0,"n":[-0,1e400,2]}}}}';
    expect(call).toStrictEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: received }] },
    });
    const scalar = await proxy.request(3, 'tools/call', {
      name: 'run_code',
      arguments: { args: '1.0' },
    });
    expect(scalar).toStrictEqual({
      jsonrpc: '2.0',
      id: 3,
      result: {
        content: [
          {
            type: 'text',
            text: '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_code","arguments":{"args":1.0}}}',
          },
        ],
      },
    });
    const { code } = await proxy.end();
    expect(code).toBe(0);
  });

  it('decodes a call made before any tools/list, and keeps the order of what follows it', async () => {
    const proxy = startProxy(['--profile', 'openai-strict', '--quiet']);
    const call = proxy.request(1, 'tools/call', {
      name: 'tag',
      arguments: { id: 7, tags: [{ key: 'color', value: 'red' }] },
    });
    const ping = proxy.request(2, 'ping', {});
    expect(await call).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{"id":7,"tags":{"color":"red"}}' }] },
    });
    expect(await ping).toStrictEqual({ jsonrpc: '2.0', id: 2, result: {} });
    // The proxy's own tools/list was answered to the proxy, not to the client.
    expect(proxy.received).toStrictEqual([1, 2]);
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    // That list was settled as any: the refused tool is reported, and nothing failed.
    expect(stderr.split('\n')).toStrictEqual([
      expect.stringMatching(/^toolschema: pick: left out of tools\/list, openai-strict still /),
      '',
    ]);
  });

  it('lists again for a tool its own listing did not find once the server says its list changed', async () => {
    const proxy = startProxy(['--profile', 'openai-strict', '--quiet'], ['--tag-later']);
    const wireArguments = { id: 7, tags: [{ key: 'color', value: 'red' }] };
    const text = (answer: unknown): unknown =>
      (answer as { result: { content: Array<{ text: string }> } }).result.content[0]?.text;
    // Not listed yet: the call goes on as it came.
    const early = await proxy.request(1, 'tools/call', { name: 'tag', arguments: wireArguments });
    expect(text(early)).toBe(JSON.stringify(wireArguments));
    // The server adds the tool and says its list changed (a short line the proxy streams through).
    await proxy.request(2, 'tools/call', { name: 'pick', arguments: { value: 'v1' } });
    const late = await proxy.request(3, 'tools/call', { name: 'tag', arguments: wireArguments });
    expect(text(late)).toBe('{"id":7,"tags":{"color":"red"}}');
    // The notification reached the client; the proxy's own answers did not.
    expect(proxy.received).toStrictEqual([1, undefined, 2, 3]);
    const { code, stderr } = await proxy.end();
    expect(code).toBe(0);
    expect(stderr).not.toContain('failed');
  });

  it('stops the server only once a held call went on, when the client ends right after it', async () => {
    const proxy = startProxy(['--profile', 'openai-strict', '--quiet']);
    const call = proxy.request(1, 'tools/call', { name: 'tag', arguments: { id: 1, tags: null } });
    const ended = proxy.end();
    expect(await call).toStrictEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{"id":1}' }] },
    });
    expect((await ended).code).toBe(0);
    expect(proxy.received).toStrictEqual([1]);
  });
});
