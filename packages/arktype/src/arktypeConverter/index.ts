export { type ArkTypeSchema, arktypeConverter } from './arktypeConverter.ts';
