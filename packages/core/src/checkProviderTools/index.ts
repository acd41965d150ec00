export { checkProviderTools } from './checkProviderTools.ts';
