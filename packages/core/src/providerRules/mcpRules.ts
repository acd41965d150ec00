import * as rule from './ruleFactories.ts';
import { keywordPointer, type SchemaRule, schemaAt } from './SchemaRule.ts';

const MCP = 'MCP';

/**
 * `mcp`: the self-contained schema MCP lists (toolschema's own output): an object root, every
 * `$ref` into the root's `$defs`, and only where a cycle needs it.
 */
export const MCP_RULES: readonly SchemaRule[] = [
  // MCP specification 2025-11-25, schema.ts `Tool.inputSchema`: `{ type: "object"; properties?; required? }`
  // (https://modelcontextprotocol.io/specification/2025-11-25/schema#tool).
  rule.rootTypeObject('mcp/root-type-object', MCP),
  // The self-contained contract (DESIGN.md "Provider profiles", `mcp` row; packages/core/README.md):
  // clients resolve no reference, so the only `$ref`s left point at root definitions: `$defs`,
  // or `definitions`, where the pass keeps cycles for a draft-07 (or older) document or target.
  rule.referenceTargets('mcp/ref-target', MCP, {
    rootDefinitions: true,
    root: false,
    legacy: true,
  }),
  // Same contract: `$defs` stay only for cycles; any other `$ref` could have been inlined.
  {
    name: 'mcp/ref-not-cyclic',
    severity: 'warning',
    node(node, report, document) {
      const reference = schemaAt(node)?.$ref;
      if (typeof reference !== 'string') return;
      const target = document.target(reference);
      if (target === undefined || document.recursive(target)) return;
      report(
        keywordPointer(node, '$ref'),
        'A self-contained schema keeps `$ref` only to recursive definitions; this one could be inlined.',
      );
    },
  },
  // Same contract: dynamic references depend on the evaluation path, which no client follows.
  rule.listedKeywords(
    'mcp/dynamic-ref',
    'error',
    'A self-contained schema',
    new Set(['$dynamicRef', '$recursiveRef']),
    'cannot keep',
  ),
];
