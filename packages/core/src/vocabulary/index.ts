export {
  dialectOf,
  idKeyword,
  isAnnotation,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from './vocabulary.ts';
