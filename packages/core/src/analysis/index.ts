export { type Analysed, analyseDocument } from './analyseDocument.ts';
