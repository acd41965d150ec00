export type { ArkTypeToolSchemaOptions } from './ArkTypeToolSchemaOptions/index.ts';
export type { ArkTypeSchema } from './arktypeConverter/index.ts';
export { toToolInputSchema, toToolOutputSchema } from './wrappers/index.ts';
