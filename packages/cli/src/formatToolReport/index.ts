export { formatOmittedTool, formatToolReport } from './formatToolReport.ts';
