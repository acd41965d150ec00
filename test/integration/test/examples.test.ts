/**
 * Each example's README says how to start it; that line is run here exactly as written (from the
 * repository root). An example is one of two kinds:
 * - a **server** (the default): it must answer `initialize` and `tools/list` on stdout with
 *   nothing else before: stdout is the protocol's channel, so a banner there breaks clients;
 * - a **script** (listed in {@link scripts}): it must print one JSON document on stdout and exit
 *   with 0; what the document must say is checked per example.
 * Every command runs in a process group of its own, killed once the test is done, so no server,
 * proxy or client an example starts outlives its test.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { refsOf } from '@toolschema/test-support';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const examples = readdirSync(join(root, 'examples'));

/** A listed tool, as far as these checks read it. */
interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown> & { type?: unknown };
  outputSchema?: Record<string, unknown>;
}

/** The user-facing `Person` of the SDK v1 example, inlined where it is used. */
const person = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Full name' },
    email: {
      type: 'string',
      format: 'email',
      pattern:
        "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
    },
  },
  required: ['name', 'email'],
  description: 'Someone on the team',
};

/**
 * Checks that a tool list is self-contained: every `$ref` is the root or names a definition of
 * the schema's own root, and a definition is kept only for a cycle (one without a `$ref` cannot be
 * on one).
 *
 * @param tools The listed tools.
 */
function expectSelfContained(tools: ListedTool[]): void {
  expect(tools.length).toBeGreaterThan(0);
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe('object');
    for (const schema of [tool.inputSchema, tool.outputSchema ?? {}]) {
      const defs: Record<string, unknown> = {
        ...(schema.$defs as object | undefined),
        ...(schema.definitions as object | undefined),
      };
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
}

/**
 * The SDK v1 example's tools as a client sees them cleaned (by the host's transport or the proxy):
 * `Person` inlined, the recursive `Folder` kept in the schema's own `definitions`.
 *
 * @param tools The listed tools.
 */
function expectSdkV1ToolsCleaned(tools: ListedTool[]): void {
  expectSelfContained(tools);
  expect(tools.map((tool) => tool.name)).toStrictEqual(['assign_task', 'create_folders']);
  const [assignTask, createFolders] = tools;
  expect(assignTask?.inputSchema.properties).toStrictEqual({
    title: { type: 'string' },
    assignee: person,
    reviewer: { allOf: [person] },
  });
  expect(refsOf(createFolders?.inputSchema)).toStrictEqual([
    '#/definitions/Folder',
    '#/definitions/Folder',
  ]);
}

/** What a script example printed. */
type ScriptOutput = Record<string, unknown>;

/** The script examples, each with what its output must say. */
const scripts: Record<string, (output: ScriptOutput) => void> = {
  'host-client': (output) => {
    expect(Object.keys(output)).toStrictEqual(['tools', 'call']);
    expectSdkV1ToolsCleaned(output.tools as ListedTool[]);
    expect(output.call).toStrictEqual({ content: [{ type: 'text', text: 'Write the docs: Ada' }] });
  },
  'stdio-proxy': (output) => {
    expect(Object.keys(output)).toStrictEqual(['config', 'tools', 'call']);
    const { args } = (output.config as { mcpServers: { tasks: { args: string[] } } }).mcpServers
      .tasks;
    expect(args.slice(1, 5)).toStrictEqual(['proxy', '--', 'node', '--import']);
    expectSdkV1ToolsCleaned(output.tools as ListedTool[]);
    expect(output.call).toStrictEqual({ content: [{ type: 'text', text: 'created 3 folders' }] });
  },
  'remote-proxy': (output) => {
    expect(Object.keys(output)).toStrictEqual(['config', 'tools', 'call']);
    const { args } = (output.config as { mcpServers: { shipping: { args: string[] } } }).mcpServers
      .shipping;
    expect(args.slice(1, 3)).toStrictEqual(['proxy', '--url']);
    expect(args[3]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const tools = output.tools as ListedTool[];
    expectSelfContained(tools);
    const address = {
      type: 'object',
      properties: {
        street: { type: 'string' },
        city: { type: 'string' },
        country: { type: 'string', minLength: 2, maxLength: 2 },
      },
      required: ['street', 'city', 'country'],
    };
    expect(tools.map((tool) => [tool.name, tool.inputSchema.properties])).toStrictEqual([
      ['ship_parcel', { from: address, to: address, kilograms: { type: 'number' } }],
    ]);
    expect(output.call).toStrictEqual({
      content: [{ type: 'text', text: '2.5 kg from Springfield to Lyon, FR' }],
    });
  },
  'llm-sdks': (output) => {
    expect(Object.keys(output)).toStrictEqual(['ai-sdk', 'openai', 'anthropic']);
    const personOf = (closed: boolean) => ({
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' } },
      required: ['name', 'email'],
      ...(closed ? { additionalProperties: false } : {}),
    });
    const sent = (sdk: string) => (output[sdk] as { sent: Record<string, unknown> }).sent;
    const schemas = {
      'ai-sdk': (sent('ai-sdk').function as { parameters: Record<string, unknown> }).parameters,
      openai: (sent('openai').function as { parameters: Record<string, unknown> }).parameters,
      anthropic: sent('anthropic').input_schema as Record<string, unknown>,
    };
    for (const [sdk, schema] of Object.entries(schemas)) {
      // OpenAI's API (the AI SDK's OpenAI provider and the OpenAI SDK) gets closed objects.
      const closed = sdk !== 'anthropic';
      expect(refsOf(schema), sdk).toStrictEqual([]);
      expect(schema.properties, sdk).toStrictEqual({
        title: { type: 'string' },
        organizer: personOf(closed),
        guests: { type: 'array', items: personOf(closed) },
      });
      expect((output[sdk] as { results: unknown }).results, sdk).toStrictEqual([
        'Launch by Ada, 1 guest(s)',
      ]);
    }
  },
};

/** Process groups started by the current test, killed after it. */
const groups: number[] = [];

afterEach(() => {
  for (const pid of groups.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is gone already: every process of it ended.
    }
  }
});

/**
 * Starts a shell command from the repository root in a process group of its own (killed after the
 * test), stdout captured, stderr ignored.
 *
 * @param command The shell command.
 * @returns The child process.
 */
function start(command: string) {
  const child = spawn(command, {
    cwd: root,
    shell: true,
    detached: true,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  if (child.pid !== undefined) groups.push(child.pid);
  child.stdout.setEncoding('utf8');
  return child;
}

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
    const child = start(command);
    let out = '';
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      // Two answers came: closing stdin ends the server (and pnpm and npx above it) the way a
      // client does.
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

/**
 * Runs a shell command to its end, stdin closed.
 *
 * @param command The shell command.
 * @returns Its stdout and exit code.
 */
function run(command: string): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolvePromise, reject) => {
    const child = start(command);
    child.stdin.end();
    let stdout = '';
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ stdout, code }));
  });
}

/**
 * Talks to a server on stdio: `initialize`, then `tools/list`.
 *
 * @param command The shell command that starts it.
 * @returns The two answers, the only lines it wrote to stdout.
 */
async function listTools(command: string): Promise<{ initialized: unknown; tools: ListedTool[] }> {
  const lines = (await converse(command)).split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThanOrEqual(2);
  const [initialized, listed] = lines.map((line) => JSON.parse(line));
  expect(initialized).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: {} } });
  expect(listed.id).toBe(2);
  return { initialized, tools: listed.result.tools };
}

/**
 * The documented start command of an example.
 *
 * @param example The example's folder name.
 * @returns The command.
 */
function documentedStart(example: string): string {
  const command = startCommand(readFileSync(join(root, 'examples', example, 'README.md'), 'utf8'));
  // pnpm's banner would go to stdout, the protocol's channel (or the script's JSON).
  expect(command).toContain('--silent');
  return command;
}

it('names only examples that exist as scripts', () => {
  expect(Object.keys(scripts).filter((name) => !examples.includes(name))).toStrictEqual([]);
});

describe.each(examples.filter((name) => !(name in scripts)))('examples/%s', (example) => {
  it('starts with its documented command and speaks only the protocol on stdout', async () => {
    const { tools } = await listTools(documentedStart(example));
    expectSelfContained(tools);
  });
});

describe.each(Object.keys(scripts))('examples/%s', (example) => {
  it('runs with its documented command and prints what it shows', async () => {
    const { stdout, code } = await run(documentedStart(example));
    expect(code).toBe(0);
    scripts[example]?.(JSON.parse(stdout) as ScriptOutput);
  });
});

describe('the SDK v1 example without toolschema, the server the host and proxy examples clean', () => {
  it('lists $refs', async () => {
    const { tools } = await listTools(
      'npx -y pnpm@10.34.8 --silent --filter @toolschema/example-sdk-v1-server start:unwrapped',
    );
    expect(tools.map((tool) => [tool.name, refsOf(tool.inputSchema)])).toStrictEqual([
      ['assign_task', ['#/definitions/Person', '#/definitions/Person']],
      ['create_folders', ['#/definitions/Folder', '#/definitions/Folder']],
    ]);
  });
});
