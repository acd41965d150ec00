export {
  CallGate,
  type CallGateOptions,
  DEFAULT_GATE_LIST_TIMEOUT,
  GATE_LIST_ID_PREFIX,
  type GateListRequest,
  MAX_GATE_HELD_MESSAGES,
  MAX_GATE_LIST_PAGES,
} from './CallGate/index.ts';
export {
  type RewriteOptions,
  type RewrittenTool,
  rewriteTool,
  type ToolDiagnostic,
  type ToolSchemaField,
} from './rewriteTool/index.ts';
export {
  type ListedTool,
  type ToolReport,
  ToolSchemaMessages,
  type ToolSchemaMessagesOptions,
  type ToolSchemaState,
  type ToolState,
} from './ToolSchemaMessages/index.ts';
export {
  type McpTransport,
  type TransportSide,
  type WithToolSchemasOptions,
  withToolSchemas,
} from './withToolSchemas/index.ts';
