export { readTools } from './readTools.ts';
export { namesToolsFile, readToolsFile } from './readToolsFile.ts';
