export {
  type RewrittenToolsList,
  rewriteToolsListResult,
  type ToolReport,
} from './rewriteToolsListResult.ts';
