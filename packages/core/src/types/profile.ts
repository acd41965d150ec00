/**
 * The providers a tool's input schema can be rewritten for. `mcp` is the self-contained schema
 * MCP lists; `portable` satisfies every JSON Schema profile at once (`openai`, `openai-strict`,
 * `gemini-json-schema`, `anthropic`, `anthropic-strict`).
 */
export type Profile =
  | 'mcp'
  | 'portable'
  | 'openai'
  | 'openai-strict'
  | 'gemini'
  | 'gemini-json-schema'
  | 'anthropic'
  | 'anthropic-strict';

/** Every {@link Profile}, in a stable order (the order tables and the command line use). */
export const PROFILES: readonly Profile[] = [
  'mcp',
  'portable',
  'openai',
  'openai-strict',
  'gemini',
  'gemini-json-schema',
  'anthropic',
  'anthropic-strict',
];

/**
 * One rule of a provider that a schema breaks. `severity` is `'error'` when the provider refuses
 * the schema (the request fails) and `'warning'` when it accepts it but ignores the keyword or
 * treats it as best effort.
 */
export interface Violation {
  /** A stable rule name, e.g. `openai-strict/additional-properties-false`. */
  rule: string;
  /** RFC 6901 pointer into the checked schema (`""` is the root). */
  pointer: string;
  /** A sentence for humans, naming the provider's rule. */
  message: string;
  /** `'error'`: the provider refuses the schema; `'warning'`: ignored or best effort. */
  severity: 'error' | 'warning';
}
