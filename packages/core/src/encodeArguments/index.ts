export { encodeArguments } from './encodeArguments.ts';
