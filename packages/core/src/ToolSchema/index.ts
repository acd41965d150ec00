export type {
  ConversionDiagnostic,
  ConvertedToolSchemaOptions,
  JsonSchemaConverter,
  ToolSchema,
  ToolSchemaDiagnostic,
  ToolSchemaDiagnosticsContext,
  ToolSchemaIo,
  ToolSchemaOptions,
  ToolSchemaProps,
  ToolSchemaTarget,
} from './ToolSchema.ts';
