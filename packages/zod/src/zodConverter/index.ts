export { zodConverter } from './zodConverter.ts';
