import { describeExports } from '@toolschema/test-support';

// What users of `@toolschema/core` write down. A name added to `index.ts` must be added here,
// on purpose; adapter authors' names belong to `@toolschema/core/adapter`.
describeExports('@toolschema/core', {
  entry: new URL('./index.ts', import.meta.url),
  load: () => import('./index.ts'),
  values: [
    'checkProviderSchema',
    'checkProviderTools',
    'dereference',
    'PROFILES',
    'ToolSchemaError',
    'toolInputJsonSchema',
    'toToolInputSchema',
    'toToolOutputSchema',
  ],
  types: [
    'BudgetOptions',
    'CycleMode',
    'DereferenceOptions',
    'DereferenceResult',
    'Diagnostic',
    'DiagnosticCode',
    'Dialect',
    'JsonSchema',
    'Profile',
    'ToolSchema',
    'ToolSchemaDiagnostic',
    'ToolSchemaDiagnosticsContext',
    'ToolInputJsonSchema',
    'ToolInputJsonSchemaOptions',
    'ToolSchemaErrorCode',
    'ToolSchemaIo',
    'ToolSchemaOptions',
    'ToolSchemaTarget',
    'Violation',
  ],
});
