export { followSchemaPointer, type PointedSchema } from './followSchemaPointer.ts';
