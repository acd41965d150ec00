export { annotateReference, mergeReference } from './mergeReference.ts';
