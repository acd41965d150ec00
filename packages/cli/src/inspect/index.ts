export { formatInspectTable } from './formatInspectTable.ts';
export {
  DEFAULT_INSPECT_TIMEOUT_MS,
  INSPECT_HELP,
  INSPECT_PROTOCOL_VERSION,
  listServerTools,
  runInspect,
} from './inspect.ts';
export { summarizeTool, type ToolSummary } from './summarizeTool.ts';
