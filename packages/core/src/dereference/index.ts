export { dereference } from './dereference.ts';
