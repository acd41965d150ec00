export { cloneJson, cloneTree, setOwn, setOwnAt } from './cloneJson.ts';
