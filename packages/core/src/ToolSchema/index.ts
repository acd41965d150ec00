export type {
  ConversionDiagnostic,
  ConvertedToolSchemaOptions,
  JsonSchemaConverter,
  ToolSchema,
  ToolSchemaDiagnostic,
  ToolSchemaDiagnosticsContext,
  ToolSchemaIo,
  ToolSchemaKind,
  ToolSchemaOptions,
  ToolSchemaProps,
  ToolSchemaTarget,
} from './ToolSchema.ts';
