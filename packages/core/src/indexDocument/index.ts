export {
  DEFAULT_BASE_URI,
  type DocumentIndex,
  type Entry,
  indexDocument,
  isObjectSchema,
  isPlainObject,
  type Reference,
  type ReferenceTarget,
  type Resource,
  type Slot,
  type Unit,
} from './indexDocument.ts';
