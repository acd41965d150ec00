// Section 5: the proxy. `tools/list` of 500 GitHub tools (`--proxy-tools=N`: N) straight from a
// bare stdio server and through `toolschema proxy`, cold (the first list a fresh proxy sees: the pass runs on every
// tool) and warm (the same list again: each tool comes from the proxy's cache), against the floor
// of the same bytes passed through the proxy unread (a request that is no `tools/list`), with the
// proxy's CPU time per list (Linux), and the message core's time in process on the same answer.
// Then the same answer from a bare HTTP endpoint in this process through `toolschema proxy --url`,
// as a JSON body and as an SSE event: cold, warm, and its floor. `TOOLSCHEMA_BENCH_BIN=<cli.mjs>`
// runs another build of the bin (an older one, to compare).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolSchemaMessages } from '@toolschema/mcp';
import { buildToolSchemas, loadGithubOpenApi } from '../inputs/github-tools.mjs';
import { startListHttpServer } from '../inputs/list-http-server.mjs';
import {
  compare,
  formatBytes,
  formatMs,
  formatRatio,
  markdownTable,
  median,
} from '../lib/measure.mjs';
import { startPeer } from '../lib/stdioPeer.mjs';

/** Tools listed by default: 500 of GitHub's (about 0.5 MB); `--proxy-tools=N` lists N. */
const DEFAULT_TOOL_COUNT = 500;
const LIST_SERVER = fileURLToPath(new URL('../inputs/list-server.mjs', import.meta.url));

/** The built `toolschema` bin, found through the workspace package (or `TOOLSCHEMA_BENCH_BIN`). */
function cliBin() {
  if (process.env.TOOLSCHEMA_BENCH_BIN) return process.env.TOOLSCHEMA_BENCH_BIN;
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('toolschema/package.json');
  return join(dirname(manifestPath), require(manifestPath).bin.toolschema);
}

/**
 * CPU time a process has used (user + system), in milliseconds, or `undefined` off Linux.
 *
 * @param pid The process.
 * @returns Its CPU time.
 */
function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return undefined;
  // Fields after the command name: state is the 1st, utime the 12th, stime the 13th (clock ticks,
  // 100 per second on Linux).
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * A process's CPU time per request over `lists` requests, in milliseconds, or `undefined` off
 * Linux.
 */
async function cpuPerList(peer, method, lists) {
  const before = cpuMs(peer.pid);
  for (let index = 0; index < lists; index++) await peer.request(method);
  return before === undefined ? undefined : (cpuMs(peer.pid) - before) / lists;
}

/** Starts `toolschema proxy --quiet --url <url>` and waits until it answers. */
async function startRemote(url) {
  const peer = startPeer(process.execPath, [cliBin(), 'proxy', '--quiet', '--url', url]);
  await peer.request('ping');
  return peer;
}

/**
 * Times `proxy --url` in front of the bare HTTP endpoint, its answers as JSON bodies and as SSE
 * events: cold (a fresh proxy's first list), warm (the same list again) and the floor (the same
 * answer to `bench/tools`, which the proxy reads through the SDK and writes as a line like every
 * message, with no `tools/list` to rewrite), and the proxy's CPU per list.
 *
 * @returns The table's rows.
 */
async function measureRemote(toolsText, { rounds, warmup, coldRounds, batch, cpuLists }) {
  const http = await startListHttpServer(toolsText);
  const rows = [];
  try {
    for (const [name, url] of [
      ['JSON body', http.url],
      ['SSE event', `${http.url}?sse`],
    ]) {
      const cold = [];
      for (let round = 0; round < coldRounds; round++) {
        const peer = await startRemote(url);
        const before = performance.now();
        await peer.request('tools/list');
        cold.push(performance.now() - before);
        await peer.close();
      }
      const proxy = await startRemote(url);
      const floor = await startRemote(url);
      await proxy.request('tools/list');
      await floor.request('bench/tools');
      const times = (peer, method) => async () => {
        for (let index = 0; index < batch; index++) await peer.request(method);
      };
      const warm = await compare(
        [
          { name: 'proxied', run: times(proxy, 'tools/list') },
          { name: 'floor', run: times(floor, 'bench/tools') },
        ],
        { rounds, warmup },
      );
      const cpu = [
        await cpuPerList(proxy, 'tools/list', cpuLists),
        await cpuPerList(floor, 'bench/tools', cpuLists),
      ].map((value) => (value === undefined ? 'n/a' : formatMs(value)));
      await proxy.close();
      await floor.close();
      rows.push([
        name,
        formatMs(median(cold)),
        formatMs(warm.proxied.median / batch),
        formatMs(warm.floor.median / batch),
        cpu.join(' / '),
      ]);
    }
  } finally {
    await http.close();
  }
  return rows;
}

/** Starts the list server, straight or behind the proxy, and waits until it answers. */
async function start(tools, proxied) {
  const server = [LIST_SERVER, tools];
  const peer = proxied
    ? startPeer(process.execPath, [cliBin(), 'proxy', '--quiet', '--', process.execPath, ...server])
    : startPeer(process.execPath, server);
  await peer.request('ping');
  return peer;
}

/**
 * Runs section 5 and returns its markdown and its headline ratios.
 *
 * @param settings `{ rounds, warmup, coldRounds, toolCount? }`.
 * @returns `{ markdown, ratios }`.
 */
export async function runProxy({ rounds, warmup, coldRounds, toolCount = DEFAULT_TOOL_COUNT }) {
  const { document } = loadGithubOpenApi();
  const tools = buildToolSchemas(document)
    .slice(0, toolCount)
    .map((tool) => ({
      name: tool.name,
      description: `GitHub ${tool.name}`,
      inputSchema: tool.input,
    }));
  const toolsText = JSON.stringify(tools);
  const withRef = tools.filter((tool) =>
    JSON.stringify(tool.inputSchema).includes('"$ref"'),
  ).length;
  const folder = mkdtempSync(join(tmpdir(), 'toolschema-bench-proxy-'));
  const toolsFile = join(folder, 'tools.json');
  writeFileSync(toolsFile, toolsText);

  try {
    // Cold: a fresh proxy's first tools/list, against a fresh server's first, interleaved.
    const cold = { direct: [], proxied: [] };
    for (let round = 0; round < coldRounds; round++) {
      for (const proxied of round % 2 === 0 ? [false, true] : [true, false]) {
        const peer = await start(toolsFile, proxied);
        const before = performance.now();
        await peer.request('tools/list');
        (proxied ? cold.proxied : cold.direct).push(performance.now() - before);
        await peer.close();
      }
    }

    // Warm: the same list again and again on one connection each; the floor is the same answer
    // to a request that is no tools/list, which the proxy streams through without reading it.
    const direct = await start(toolsFile, false);
    const proxy = await start(toolsFile, true);
    const floorProxy = await start(toolsFile, true);
    const directAnswer = await direct.request('tools/list');
    const proxiedAnswer = await proxy.request('tools/list');
    await floorProxy.request('bench/tools');
    const batch = 5;
    const warm = await compare(
      [
        {
          name: 'direct',
          run: async () => {
            for (let index = 0; index < batch; index++) await direct.request('tools/list');
          },
        },
        {
          name: 'proxied',
          run: async () => {
            for (let index = 0; index < batch; index++) await proxy.request('tools/list');
          },
        },
        {
          name: 'floor',
          run: async () => {
            for (let index = 0; index < batch; index++) await floorProxy.request('bench/tools');
          },
        },
      ],
      { rounds, warmup },
    );
    // The proxy's CPU time per list, over lists of their own once both proxies are warm.
    const cpuLists = rounds * batch * 4;
    const cpu = {
      proxied: await cpuPerList(proxy, 'tools/list', cpuLists),
      floor: await cpuPerList(floorProxy, 'bench/tools', cpuLists),
    };
    await direct.close();
    await proxy.close();
    await floorProxy.close();
    const remoteRows = await measureRemote(toolsText, {
      rounds,
      warmup,
      coldRounds,
      batch,
      cpuLists,
    });

    // Where the proxy's time goes, in process, on the answer the server sends.
    const line = directAnswer.toString('utf8');
    const warmCore = new ToolSchemaMessages();
    const listOnce = (messages) => {
      messages.toServer({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      return messages.toClient(JSON.parse(line));
    };
    listOnce(warmCore);
    const parts = await compare(
      [
        { name: 'JSON.parse of the answer', run: () => JSON.parse(line) },
        {
          name: 'parse + core, cold (pass on every schema)',
          run: () => listOnce(new ToolSchemaMessages()),
        },
        { name: 'parse + core, warm (schemas from the cache)', run: () => listOnce(warmCore) },
        {
          name: 'parse + core warm + JSON.stringify',
          run: () => JSON.stringify(listOnce(warmCore)),
        },
      ],
      { rounds, warmup },
    );

    const coldDirect = median(cold.direct);
    const coldProxied = median(cold.proxied);
    const warmDirect = warm.direct.median / batch;
    const warmProxied = warm.proxied.median / batch;
    const warmFloor = warm.floor.median / batch;
    const cpuText = (value) => (value === undefined ? 'n/a' : formatMs(value));
    const rows = [
      [
        'cold (first list)',
        formatMs(coldDirect),
        formatMs(coldProxied),
        formatMs(coldProxied - coldDirect),
        formatRatio(coldProxied / coldDirect),
        '',
      ],
      [
        'warm (same list again)',
        formatMs(warmDirect),
        formatMs(warmProxied),
        formatMs(warmProxied - warmDirect),
        formatRatio(warmProxied / warmDirect),
        cpuText(cpu.proxied),
      ],
      [
        'floor: same bytes, not read',
        formatMs(warmDirect),
        formatMs(warmFloor),
        formatMs(warmFloor - warmDirect),
        formatRatio(warmFloor / warmDirect),
        cpuText(cpu.floor),
      ],
    ];
    const partRows = Object.entries(parts).map(([name, result]) => [name, formatMs(result.median)]);
    const markdown = [
      '## 5. proxy',
      '',
      `\`tools/list\` of ${tools.length} GitHub tools (input schemas of section 1, ${withRef} with a \`$ref\`; ` +
        `answer ${formatBytes(directAnswer.length)} as sent, ${formatBytes(proxiedAnswer.length)} through the proxy) ` +
        'from a bare stdio server that answers with fixed text, straight and through `toolschema proxy --quiet`, ' +
        `timed from the request written to the answer's last byte read. Cold: a fresh process's first list ` +
        `(median of ${coldRounds}); warm: the same list again on one connection (median of ${rounds} rounds of ${batch}); ` +
        'floor: the same answer to a `bench/tools` request, which the proxy passes on without collecting or reading it ' +
        '(what any process in between costs). Proxy CPU: its user + system time per list over ' +
        `${rounds * batch * 4} more lists, from /proc (10 ms ticks).`,
      '',
      markdownTable(
        [
          'tools/list',
          'direct',
          'through the proxy',
          'added',
          'proxy / direct',
          'proxy CPU per list',
        ],
        rows,
      ),
      '',
      `In process, on the same answer (median of ${rounds} rounds):`,
      '',
      markdownTable(['step', 'time'], partRows),
      '',
      `The same answer from a bare Streamable HTTP endpoint in this process (stateless, fixed text) ` +
        'through `toolschema proxy --quiet --url`, answered as a JSON body and as one SSE event: cold, a ' +
        `fresh proxy's first list (median of ${coldRounds}); warm, the same list again (median of ${rounds} rounds of ` +
        `${batch}); floor, the same answer to \`bench/tools\`, which the proxy reads through the SDK and writes as a ` +
        'line like every message, with no tools/list to rewrite. Proxy CPU per list over ' +
        `${rounds * batch * 4} more lists, from /proc.`,
      '',
      markdownTable(
        [
          'proxy --url, answer as',
          'cold (first list)',
          'warm (same list again)',
          'floor (bench/tools)',
          'proxy CPU per list: warm / floor',
        ],
        remoteRows,
      ),
      '',
      `- **warm: proxied / direct = ${formatRatio(warmProxied / warmDirect)}**, added ${formatMs(warmProxied - warmDirect)} ` +
        `(${formatRatio((warmProxied - warmDirect) / warmDirect)} of the direct time; target < 0.25×); ` +
        `over the floor: ${formatMs(warmProxied - warmFloor)} (${formatRatio((warmProxied - warmFloor) / warmDirect)} of the direct time)`,
      `- **cold: proxied / direct = ${formatRatio(coldProxied / coldDirect)}**`,
    ].join('\n');
    return {
      markdown,
      ratios: {
        warmProxiedOverDirect: warmProxied / warmDirect,
        warmAddedOverDirect: (warmProxied - warmDirect) / warmDirect,
        warmOverFloorOverDirect: (warmProxied - warmFloor) / warmDirect,
        coldProxiedOverDirect: coldProxied / coldDirect,
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
