export {
  carriedReference,
  definitionContainer,
  dialectOf,
  idKeyword,
  isAnnotation,
  isJsonSchemaKeyword,
  KeywordKind,
  keywordKind,
  refHasSiblings,
} from './vocabulary.ts';
