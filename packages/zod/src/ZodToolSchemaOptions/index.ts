export type { ZodToolSchemaOptions } from './ZodToolSchemaOptions.ts';
