import { describeExports } from '@toolschema/test-support';

// The package's public names; a name added to `index.ts` must be added here, on purpose.
describeExports('@toolschema/mcp', {
  entry: new URL('./index.ts', import.meta.url),
  load: () => import('./index.ts'),
  values: [
    'CallGate',
    'DEFAULT_GATE_LIST_TIMEOUT',
    'GATE_LIST_ID_PREFIX',
    'MAX_GATE_HELD_MESSAGES',
    'MAX_GATE_LIST_PAGES',
    'ToolSchemaMessages',
    'rewriteTool',
    'withToolSchemas',
  ],
  types: [
    'CallGateOptions',
    'GateListRequest',
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
