export { dialectOf, isAnnotation, KeywordKind, keywordKind, refHasSiblings } from './vocabulary.ts';
