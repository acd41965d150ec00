export { unrollCycles } from './unrollCycles.ts';
