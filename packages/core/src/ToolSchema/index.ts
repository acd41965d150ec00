export type {
  ConversionDiagnostic,
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
