export { ARKTYPE_TOOLS } from './arktypeTools.ts';
export type { CorpusTool } from './CorpusTool.ts';
export { loadGithubTools } from './githubTools.ts';
export type { ListedServer, ServerCommand } from './listServerTools.ts';
export {
  type ListedValidatorTool,
  listValidatorCorpora,
  standardInput,
  type ValidatorCorpus,
} from './listValidatorCorpora.ts';
export {
  loadMcpServerListings,
  loadMcpServerTools,
  type McpServerListing,
} from './mcpServerTools.ts';
export { listNotionTools } from './notionTools.ts';
export {
  loadOpenApiDirectoryTools,
  type OpenApiDirectory,
} from './openApiDirectoryTools.ts';
export { loadPythonTools, type PythonCorpus, readPythonListing } from './pythonTools.ts';
export {
  listReferenceServerTools,
  type ReferenceServer,
  referenceServerCommand,
} from './referenceServerTools.ts';
export { VALIBOT_TOOLS } from './valibotTools.ts';
export { INVALID_ARGUMENTS, VALID_ARGUMENTS, type ValidatorTool } from './validatorTool.ts';
export { ZOD_TOOLS } from './zodTools.ts';
