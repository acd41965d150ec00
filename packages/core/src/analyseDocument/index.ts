export { analyseDocument } from './analyseDocument.ts';
