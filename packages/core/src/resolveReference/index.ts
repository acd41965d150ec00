export { type FoundObject, resolveReference } from './resolveReference.ts';
