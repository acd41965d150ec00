export { ensureObjectRoot } from './ensureObjectRoot.ts';
