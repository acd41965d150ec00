export type { ArkTypeToolSchemaOptions } from './ArkTypeToolSchemaOptions/index.ts';
export type { ArkTypeSchema } from './arktypeConverter/index.ts';
export { toToolInputSchema } from './toToolInputSchema/index.ts';
export { toToolOutputSchema } from './toToolOutputSchema/index.ts';
