import { describeExports } from '@toolschema/test-support';

// What adapter authors need beyond the root entry. A name added to `adapter.ts` must be added
// here, on purpose.
describeExports('@toolschema/core/adapter', {
  entry: new URL('./adapter.ts', import.meta.url),
  load: () => import('./adapter.ts'),
  values: ['createToolSchema', 'defineAdapter', 'locateObjects', 'resolveOptions', 'visitSchemas'],
  types: [
    'AcceptedSchemas',
    'ConversionDiagnostic',
    'ConvertedToolSchemaOptions',
    'JsonSchemaConverter',
    'ResolvedOptions',
    'ToolSchemaWrappers',
  ],
});
