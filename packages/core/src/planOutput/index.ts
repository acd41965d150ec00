export { ALL_OF_BYTES, type Budget, type OutputPlan, planOutput } from './planOutput.ts';
