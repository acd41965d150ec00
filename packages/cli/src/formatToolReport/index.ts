export { formatToolReport } from './formatToolReport.ts';
