export {
  isSchema,
  type RewriteOptions,
  type RewrittenTool,
  type RewrittenToolSchema,
  rewriteTool,
  rewriteToolSchema,
  TOOL_SCHEMA_FIELDS,
  type ToolDiagnostic,
  type ToolSchemaField,
} from './rewriteTool.ts';
