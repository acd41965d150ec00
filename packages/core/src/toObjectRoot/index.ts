export { nonObjectRoot, notAnObjectRoot, toObjectRoot } from './toObjectRoot.ts';
