export { countJsonTokens, TOKENIZER } from './countTokens.ts';
