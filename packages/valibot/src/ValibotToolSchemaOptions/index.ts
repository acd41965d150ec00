export type { ValibotToolSchemaOptions } from './ValibotToolSchemaOptions.ts';
