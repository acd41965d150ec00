export {
  ACCEPTANCE_COLUMNS,
  ACCEPTANCE_MARKERS,
  acceptanceCorpora,
  acceptanceTable,
  directoryAcceptanceCorpora,
  generatedBlock,
  mcpServerAcceptanceCorpora,
  pythonAcceptanceCorpora,
  renderAcceptanceTable,
  replaceGeneratedBlock,
  serverAcceptanceCorpora,
} from './acceptanceTable.ts';
export {
  BEFORE_AFTER_MARKERS,
  BEFORE_AFTER_PROFILES,
  BEFORE_AFTER_TOOL,
  beforeAfterBlock,
} from './beforeAfter.ts';
export {
  compareLibraries,
  keepMastraRows,
  LIBRARIES,
  LIBRARY_MARKERS,
  type LibraryResult,
  renderLibraryComparison,
  runLibrary,
  withoutMastraRows,
} from './compareLibraries.ts';
export { type GoogleDeclaration, googleDeclaration } from './googleRequest.ts';
export {
  MASTRA_MIN_NODE,
  MASTRA_ROW_START,
  MASTRA_VERSION,
  mastraRuns,
} from './mastraLibraries.ts';
export {
  type AcceptanceCorpus,
  type AcceptanceRow,
  accepts,
  measureAcceptance,
  type ProfileAcceptance,
} from './measureAcceptance.ts';
