export { refsOf } from './refsOf.ts';
export { type ThrownToolSchemaError, toolSchemaError } from './toolSchemaError.ts';
