export { defineAdapter, type ToolSchemaWrappers } from './defineAdapter.ts';
