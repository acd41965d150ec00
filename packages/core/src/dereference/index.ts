export { dereference, dereferenceResolved } from './dereference.ts';
