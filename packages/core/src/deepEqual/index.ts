export { deepEqual } from './deepEqual.ts';
