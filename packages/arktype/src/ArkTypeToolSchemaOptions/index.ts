export type { ArkTypeToolSchemaOptions } from './ArkTypeToolSchemaOptions.ts';
