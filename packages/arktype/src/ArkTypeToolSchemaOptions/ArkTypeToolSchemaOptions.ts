import type { ConvertedToolSchemaOptions } from '@toolschema/core/adapter';

/** Options of the ArkType tool schema wrappers. */
export interface ArkTypeToolSchemaOptions extends ConvertedToolSchemaOptions {
  /**
   * What to do with a type JSON Schema cannot express (a Date, a bigint, a symbol, `undefined`,
   * a Map or another class instance, a morph): `'throw'` (default) throws a `ToolSchemaError` with
   * code `unrepresentable` and its pointer; `'any'` lists it as `{}` and reports an
   * `unrepresentable` diagnostic. A narrowing JSON Schema cannot express (a `.narrow()` predicate,
   * a second regex, a symbol key, a non-JSON default) is never fatal: it is left out with a
   * `constraint-dropped` diagnostic, and ArkType still enforces it.
   */
  unrepresentable?: 'throw' | 'any';
}
