import type { ConvertedToolSchemaOptions } from '@toolschema/core/adapter';
import type { GenericSchema } from 'valibot';

/** Options of the Valibot tool schema wrappers. */
export interface ValibotToolSchemaOptions extends ConvertedToolSchemaOptions {
  /**
   * What to do with a type JSON Schema cannot express (a Date, a bigint literal, a transform
   * without an output schema after it, a Map...): `'throw'` (default) throws a `ToolSchemaError`
   * with code `unrepresentable` and its pointer; `'any'` lists it as `{}` and reports an
   * `unrepresentable` diagnostic. A validation action JSON Schema cannot express (`v.check`, a
   * regex flag...) is never fatal: it is left out with a `constraint-dropped` diagnostic, and
   * Valibot still enforces it.
   */
  unrepresentable?: 'throw' | 'any';
  /**
   * Named schemas for `@valibot/to-json-schema` (its `definitions` option; `addGlobalDefs` is used
   * when absent). Valibot refers to them by `$ref`; toolschema inlines them again.
   */
  definitions?: Record<string, GenericSchema>;
}
