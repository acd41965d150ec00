export { compactJson } from './compactJson.ts';
