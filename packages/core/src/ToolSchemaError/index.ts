export { ToolSchemaError, type ToolSchemaErrorCode } from './ToolSchemaError.ts';
