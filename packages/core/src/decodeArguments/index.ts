export { decodeArguments } from './decodeArguments.ts';
