/** A tool of a corpus, as MCP lists it: a name and its input schema (JSON). */
export interface CorpusTool {
  readonly name: string;
  readonly inputSchema: Record<string, unknown>;
  /** Its output schema (JSON), where the corpus has one. */
  readonly outputSchema?: Record<string, unknown>;
}
