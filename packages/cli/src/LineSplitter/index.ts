export { LineSplitter, type LineSplitterOptions } from './LineSplitter.ts';
