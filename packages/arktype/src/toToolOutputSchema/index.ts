export { toToolOutputSchema } from './toToolOutputSchema.ts';
