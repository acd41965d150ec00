export type { ValibotToolSchemaOptions } from './ValibotToolSchemaOptions/index.ts';
export { toToolInputSchema, toToolOutputSchema } from './wrappers/index.ts';
