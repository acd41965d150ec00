export { forEachSubschema, type SubschemaPlace, visitSchemas } from './visitSchemas.ts';
