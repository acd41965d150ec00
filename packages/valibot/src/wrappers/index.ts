export { toToolInputSchema, toToolOutputSchema } from './wrappers.ts';
