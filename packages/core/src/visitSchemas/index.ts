export {
  forEachSubschema,
  forEachSubschemaUnder,
  type SubschemaPlace,
  visitSchemas,
  walkSchemas,
} from './visitSchemas.ts';
