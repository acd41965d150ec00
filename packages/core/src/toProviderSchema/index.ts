export {
  type ProviderSchemaOptions,
  type ProviderSchemaResult,
  toProviderSchema,
} from './toProviderSchema.ts';
