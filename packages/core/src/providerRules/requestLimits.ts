import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import type { Violation } from '../types/index.ts';
import { isPlainObject } from '../utils/isPlainObject.ts';
import { inputError } from '../utils/jsonValue.ts';
import { arrayTooLong, MAX_ARRAY_ITEMS } from '../utils/measureJson.ts';
import { schemaAt } from './SchemaRule.ts';
import { readSchemaDocument, type SchemaNode } from './schemaDocument.ts';

// Source: Claude docs, "Structured outputs → JSON Schema limitations", complexity limits per
// request across all strict schemas (past them: "Schema is too complex for compilation"),
// https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations

/** Anthropic's limits per request, across every strict tool. */
export const ANTHROPIC_STRICT_REQUEST_LIMITS = {
  strictTools: 20,
  optionalParameters: 24,
  unionParameters: 16,
} as const;

const STRICT = 'Claude strict tool use';

/**
 * Checks Anthropic's per-request limits over the tools of one request, each a `{ inputSchema }`
 * (as MCP lists them). Every limit passed gives one error, at the first tool or parameter past it.
 *
 * @param tools The tools (any value: what is not a list counts as no tool).
 * @returns The violations.
 */
export function checkAnthropicStrictRequest(tools: unknown): Violation[] {
  const list = Array.isArray(tools) ? tools : [];
  const violations: Violation[] = [];
  const limits = ANTHROPIC_STRICT_REQUEST_LIMITS;
  if (list.length > limits.strictTools) {
    violations.push({
      rule: 'anthropic-strict/strict-tools-per-request',
      pointer: `/${limits.strictTools}`,
      message: `${STRICT} allows at most ${limits.strictTools} strict tools per request; found ${list.length}.`,
      severity: 'error',
    });
  }
  const optional: string[] = [];
  const unions: string[] = [];
  // A JavaScript list may claim 2³² − 1 tools and hold none; it is refused before it is walked.
  if (list.length > MAX_ARRAY_ITEMS) throw arrayTooLong(list.length);
  list.forEach((tool, index) => {
    if (!isPlainObject(tool)) return;
    const base = `/${index}/inputSchema`;
    let nodes: readonly SchemaNode[];
    try {
      nodes = readSchemaDocument(tool.inputSchema).nodes;
    } catch (error) {
      // The schema's own pointer, within the list.
      const refused = inputError(error, '');
      throw new ToolSchemaError(refused.code, refused.message, base + (refused.pointer ?? ''), {
        cause: refused.cause,
      });
    }
    for (const node of nodes) {
      if (node.optional) optional.push(base + node.pointer);
      const schema = schemaAt(node);
      if (schema === undefined) continue;
      const typeUnion = Array.isArray(schema.type) && schema.type.length > 1;
      if (Object.hasOwn(schema, 'anyOf') || typeUnion) unions.push(base + node.pointer);
    }
  });
  const counted: [string, string, string[], number][] = [
    [
      'anthropic-strict/optional-parameters-per-request',
      'optional parameters',
      optional,
      limits.optionalParameters,
    ],
    [
      'anthropic-strict/union-parameters-per-request',
      'parameters with union types (`anyOf` or a type array)',
      unions,
      limits.unionParameters,
    ],
  ];
  for (const [rule, what, found, limit] of counted) {
    if (found.length <= limit) continue;
    violations.push({
      rule,
      pointer: found[limit]!,
      message: `${STRICT} allows at most ${limit} ${what} across a request's strict tools; found ${found.length}.`,
      severity: 'error',
    });
  }
  return violations;
}
