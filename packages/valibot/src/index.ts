export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
export type { ValibotToolSchemaOptions } from './ValibotToolSchemaOptions/index.ts';
