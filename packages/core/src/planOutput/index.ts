export { type Budget, type OutputPlan, planOutput } from './planOutput.ts';
