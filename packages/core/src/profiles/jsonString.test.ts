import { describe, expect, it } from 'vitest';
import type { RewriteContext } from './context.ts';
import { jsonString } from './jsonString.ts';

/** The state `jsonString` reads, the rest of a walk's state left out. */
function summarizingContext(): RewriteContext {
  return {
    diagnostics: [],
    firstReport: 0,
    reported: undefined,
    summaries: undefined,
    patterns: undefined,
    summarized: 0,
  } as Partial<RewriteContext> as RewriteContext;
}

const PREFIX = 'A JSON-encoded value matching this JSON Schema: ';

/** The summary a JSON string's description quotes. */
function summaryOf(schema: unknown): string {
  const { wire } = jsonString(schema, {}, undefined, summarizingContext(), '');
  const description = wire.description as string;
  expect(description.startsWith(PREFIX)).toBe(true);
  return description.slice(PREFIX.length);
}

describe('jsonString summaries', () => {
  it("quote a schema's JSON whole up to 2,000 characters, and its first 2,000 past that", () => {
    // Short, at the edge, past it by one, escapes that write several characters each across
    // the cut, long strings and deep nesting: the text is `JSON.stringify`'s wherever it is cut.
    const schemas: unknown[] = [
      { type: 'object', properties: { a: { type: 'string', enum: ['x', 1, null, true] } } },
      { type: 'string', description: 'd'.repeat(2_000 - 34) },
      { type: 'string', description: 'd'.repeat(2_000 - 33) },
      { type: 'string', description: '"\n\u0001é'.repeat(600) },
      { type: 'string', description: 'x'.repeat(50_000), examples: ['y'.repeat(9_000)] },
      { anyOf: Array.from({ length: 400 }, (_, index) => ({ const: index })) },
      { items: JSON.parse(`${'{"items":'.repeat(900)}{}${'}'.repeat(900)}`) as unknown },
    ];
    for (const schema of schemas) {
      const text = JSON.stringify(schema);
      expect(summaryOf(schema)).toBe(text.length <= 2_000 ? text : `${text.slice(0, 2_000)}…`);
    }
    expect(summaryOf(schemas[1]).length).toBe(2_000);
    expect(summaryOf(schemas[2]).length).toBe(2_001);
  });
});
