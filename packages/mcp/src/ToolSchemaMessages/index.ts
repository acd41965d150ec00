export {
  type ListedTool,
  type ToolReport,
  ToolSchemaMessages,
  type ToolSchemaMessagesOptions,
  type ToolSchemaState,
  type ToolState,
} from './ToolSchemaMessages.ts';
