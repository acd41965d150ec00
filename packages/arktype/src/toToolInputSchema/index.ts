export { toToolInputSchema } from './toToolInputSchema.ts';
