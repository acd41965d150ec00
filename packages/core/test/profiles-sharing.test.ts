/**
 * `toProviderSchema` shares no object with its input and never changes it: the wire schema and the
 * codec are the caller's own, to change, keep or hand on, whatever the input is and whatever the
 * caller then does with it (a wrapper keeps the input schema beside the wire it lists). Checked on
 * every container (object or array) of the output against every container of the input, for every
 * profile, with and without `repair`: on random tool-like schemas, union-heavy schemas and random
 * reference documents, and on the real corpora (GitHub's REST API, the validator tools, the Python
 * servers, 48 MCP servers on npm).
 */
import {
  type CorpusTool,
  listValidatorCorpora,
  loadGithubTools,
  loadMcpServerTools,
  loadPythonTools,
} from '@toolschema/test-support/corpora';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toProviderSchema } from '../src/toProviderSchema/index.ts';
import { type JsonSchema, PROFILES } from '../src/types/index.ts';
import { fuzzSeed } from './helpers/fuzz.ts';
import { schemaDocument } from './helpers/schema-arbitrary.ts';
import { toolSchema } from './helpers/tool-schema-arbitrary.ts';
import { unionSchema } from './helpers/union-schema-arbitrary.ts';

const runs = Number.parseInt(process.env.FUZZ_RUNS ?? '40', 10);
const seed = fuzzSeed();

/** Every object and array reachable from a value (each once). */
function containersOf(value: unknown): Set<object> {
  const found = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== 'object' || found.has(next)) continue;
    found.add(next);
    for (const child of Object.values(next)) stack.push(child);
  }
  return found;
}

/** The path of the first container of `output` that `input` holds too, or `undefined`. */
function sharedPath(output: unknown, input: ReadonlySet<object>): string | undefined {
  const stack: [unknown, string][] = [[output, '']];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [next, path] = stack.pop()!;
    if (next === null || typeof next !== 'object' || seen.has(next)) continue;
    if (input.has(next)) return path;
    seen.add(next);
    for (const [key, child] of Object.entries(next)) stack.push([child, `${path}/${key}`]);
  }
  return undefined;
}

/**
 * Converts one input under every profile, with and without `repair`, and asserts that nothing of
 * the output is an object of the input and that the input is unchanged.
 */
function expectOwnOutput(input: unknown): void {
  const before = JSON.stringify(input);
  const containers = containersOf(input);
  for (const profile of PROFILES) {
    for (const repair of [false, true]) {
      const { schema, codec, diagnostics } = toProviderSchema(input as JsonSchema, profile, {
        repair,
      });
      const where = JSON.stringify({ profile, repair, input: before.slice(0, 400) });
      for (const [part, output] of Object.entries({ schema, codec, diagnostics }))
        expect(sharedPath(output, containers), `${part} ${where}`).toBeUndefined();
    }
  }
  expect(JSON.stringify(input)).toBe(before);
}

describe('toProviderSchema shares nothing with its input', () => {
  it('on random tool-like schemas', () => {
    fc.assert(fc.property(fc.limitShrink(toolSchema(), 50), expectOwnOutput), {
      numRuns: runs * 2,
      seed,
    });
  });

  it('on random union-heavy schemas', () => {
    fc.assert(
      fc.property(fc.limitShrink(unionSchema(), 50), ({ schema }) => expectOwnOutput(schema)),
      { numRuns: runs * 2, seed },
    );
  });

  it('on random reference documents', () => {
    fc.assert(
      fc.property(
        fc.limitShrink(fc.oneof(schemaDocument('2020-12'), schemaDocument('draft-07')), 50),
        ({ schema }) => expectOwnOutput(schema),
      ),
      { numRuns: runs * 2, seed },
    );
  });

  it('on the real corpora', () => {
    const tools: CorpusTool[] = [
      ...loadGithubTools().tools,
      ...listValidatorCorpora().flatMap((corpus) =>
        corpus.tools.map(({ name, inputSchema }) => ({ name, inputSchema })),
      ),
      ...loadPythonTools('fastmcp'),
      ...loadPythonTools('openapi'),
      ...loadMcpServerTools(),
    ];
    for (const tool of tools) expectOwnOutput(tool.inputSchema);
    expect(tools.length).toBeGreaterThan(1_500);
  });
});
