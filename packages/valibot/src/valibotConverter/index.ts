export { valibotConverter } from './valibotConverter.ts';
