import type { ConvertedToolSchemaOptions } from '@toolschema/core/adapter';

/** Options of the Zod tool schema wrappers. */
export interface ZodToolSchemaOptions extends ConvertedToolSchemaOptions {
  /**
   * What to do with a type JSON Schema cannot express (a Date, a bigint, a transform's output, a
   * Map...): `'throw'` (default) throws a `ToolSchemaError` with code `unrepresentable` and the
   * pointer of the first one; `'any'` lists it as `{}` and reports an `unrepresentable`
   * diagnostic through `onDiagnostics`. The validator still checks the real type either way.
   */
  unrepresentable?: 'throw' | 'any';
}
