export { ToolsListRewriter, type ToolsListRewriterOptions } from './ToolsListRewriter.ts';
