export {
  type McpTransport,
  type TransportSide,
  type WithToolSchemasOptions,
  withToolSchemas,
} from './withToolSchemas.ts';
