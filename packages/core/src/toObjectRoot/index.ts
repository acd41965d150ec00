export { toObjectRoot } from './toObjectRoot.ts';
