export {
  type RewriteOptions,
  type RewrittenTool,
  rewriteTool,
  type ToolDiagnostic,
  type ToolSchemaField,
} from './rewriteTool.ts';
