export {
  type RewriteOptions,
  type RewrittenTool,
  rewriteTool,
  type ToolDiagnostic,
  type ToolSchemaField,
} from '@toolschema/mcp';
export { CliError, UsageError } from './CliError/index.ts';
export { countSchemaRefs } from './countSchemaRefs/index.ts';
export { DEREF_HELP, derefText, parseJsonText, runDeref } from './deref/index.ts';
export {
  DEFAULT_INSPECT_TIMEOUT_MS,
  formatInspectTable,
  INSPECT_HELP,
  INSPECT_PROTOCOL_VERSION,
  listAllTools,
  runInspect,
  summarizeTool,
  type ToolSummary,
} from './inspect/index.ts';
export { type CliIo, formatDiagnostic } from './io/index.ts';
export { LineSplitter } from './LineSplitter/index.ts';
export { type JsonErrorLocation, locateJsonError } from './locateJsonError/index.ts';
export { McpStdioClient, type McpStdioClientOptions } from './McpStdioClient/index.ts';
export { MAIN_HELP, main } from './main/index.ts';
export {
  type OptionKind,
  type OptionSpecs,
  type ParseArgsSettings,
  type ParsedArgs,
  type ParsedOptions,
  parseArgs,
} from './parseArgs/index.ts';
export { DEFAULT_PROXY_GRACE_MS, PROXY_HELP, type ProxySettings, runProxy } from './proxy/index.ts';
export {
  type RewrittenToolsList,
  rewriteToolsListResult,
  type ToolReport,
} from './rewriteToolsListResult/index.ts';
export { ToolsListRewriter, type ToolsListRewriterOptions } from './ToolsListRewriter/index.ts';
export { VERSION } from './version/index.ts';
