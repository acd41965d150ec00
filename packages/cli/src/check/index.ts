export { CHECK_HELP, DEFAULT_CHECK_PROFILES, runCheck } from './check.ts';
export { type CheckRow, checkTool } from './checkTool.ts';
