export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
export type { ZodToolSchemaOptions } from './ZodToolSchemaOptions/index.ts';
