export {
  forEachSubschema,
  forEachSubschemaUnder,
  type SubschemaPlace,
  subschemaPointer,
  visitSchemas,
  walkSchemas,
} from './visitSchemas.ts';
