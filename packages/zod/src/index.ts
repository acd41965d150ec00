export { toToolInputSchema, toToolOutputSchema } from './wrappers/index.ts';
export type { ZodToolSchemaOptions } from './ZodToolSchemaOptions/index.ts';
