export { anthropicStrictOpinion } from './anthropicStrictOpinion.ts';
export { geminiOpinion } from './geminiOpinion.ts';
export { openaiStrictOpinion } from './openaiStrictOpinion.ts';
export { jsonChanges, type SecondOpinion } from './SecondOpinion.ts';
