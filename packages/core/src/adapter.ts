// `@toolschema/core/adapter`: what a package needs to turn one validator's schemas into tool
// schemas, or to front the pass (a command line checks its options with `resolveOptions`). Names
// are not repeated from the root entry (`JsonSchema`, `ToolSchemaIo`, `ToolSchemaTarget`... are
// imported from `@toolschema/core`). `adapter.test.ts` lists them.
export { createToolSchema } from './createToolSchema/index.ts';
export {
  type AcceptedSchemas,
  defineAdapter,
  type ToolSchemaWrappers,
} from './defineAdapter/index.ts';
export { locateObjects } from './locateObjects/index.ts';
export { type ResolvedOptions, resolveOptions } from './resolveOptions/index.ts';
export type {
  ConversionDiagnostic,
  ConvertedToolSchemaOptions,
  JsonSchemaConverter,
} from './ToolSchema/index.ts';
export { visitSchemas } from './visitSchemas/index.ts';
