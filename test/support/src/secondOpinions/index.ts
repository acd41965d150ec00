export { anthropicStrictOpinion } from './anthropicStrictOpinion.ts';
export { type GeminiSchemaField, geminiOpinion, geminiOpinions } from './geminiOpinion.ts';
export { openaiStrictOpinion } from './openaiStrictOpinion.ts';
export { jsonChanges, type SecondOpinion } from './SecondOpinion.ts';
