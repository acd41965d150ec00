export {
  forEachSubschema,
  forEachSubschemaUnder,
  type SubschemaPlace,
  visitSchemas,
} from './visitSchemas.ts';
