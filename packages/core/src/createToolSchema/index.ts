export { createToolSchema } from './createToolSchema.ts';
