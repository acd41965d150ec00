import { describeExports } from '@toolschema/test-support';

// The package's public names; a name added to `index.ts` must be added here, on purpose.
describeExports('@toolschema/mcp', {
  entry: new URL('./index.ts', import.meta.url),
  load: () => import('./index.ts'),
  values: ['ToolSchemaMessages', 'rewriteTool', 'withToolSchemas'],
  types: [
    'ListedTool',
    'McpTransport',
    'RewriteOptions',
    'RewrittenTool',
    'ToolDiagnostic',
    'ToolReport',
    'ToolSchemaField',
    'ToolSchemaMessagesOptions',
    'ToolSchemaState',
    'ToolState',
    'TransportSide',
    'WithToolSchemasOptions',
  ],
});
