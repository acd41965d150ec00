export { CHECK_HELP, DEFAULT_CHECK_PROFILES, runCheck } from './check.ts';
export { type CheckedTool, type CheckRow, checkTool } from './checkTool.ts';
