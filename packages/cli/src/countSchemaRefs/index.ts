export { countSchemaRefs } from './countSchemaRefs.ts';
