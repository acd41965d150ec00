export { tryInlineAcyclic } from './tryInlineAcyclic.ts';
