export { type AcceptedSchemas, defineAdapter, type ToolSchemaWrappers } from './defineAdapter.ts';
