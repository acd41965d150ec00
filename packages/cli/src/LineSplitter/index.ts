export { LineSplitter } from './LineSplitter.ts';
