export { cloneJsonTree } from './cloneJsonTree.ts';
