export { type EmitOptions, type Emitted, emitSchema } from './emitSchema.ts';
