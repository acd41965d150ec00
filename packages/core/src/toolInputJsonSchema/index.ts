export {
  type ToolInputJsonSchema,
  type ToolInputJsonSchemaOptions,
  toolInputJsonSchema,
} from './toolInputJsonSchema.ts';
