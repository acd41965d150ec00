export { inlineAcyclic } from './inlineAcyclic.ts';
