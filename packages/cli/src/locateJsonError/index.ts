export { type JsonErrorLocation, locateJsonError } from './locateJsonError.ts';
