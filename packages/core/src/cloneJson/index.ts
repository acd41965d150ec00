export { cloneJson, cloneTree, setOwn } from './cloneJson.ts';
