export { checkProviderSchema } from './checkProviderSchema.ts';
