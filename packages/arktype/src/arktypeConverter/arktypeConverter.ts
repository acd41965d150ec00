import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type ConversionDiagnostic,
  type JsonSchemaConverter,
  locateObjects,
} from '@toolschema/core/adapter';
import type { Type } from 'arktype';

/**
 * An ArkType type, whatever its scope: a Standard Schema whose `in` and `out` sides convert to
 * JSON Schema. (`Type` alone would only admit types of the default scope.)
 */
export interface ArkTypeSchema extends StandardSchemaV1 {
  /** The type before morphs: what a caller sends. */
  readonly in: Pick<Type, 'toJsonSchema'>;
  /** The type after morphs: what validation returns. */
  readonly out: Pick<Type, 'toJsonSchema'>;
}

type Options = NonNullable<Parameters<Type['toJsonSchema']>[0]>;
type Fallback = NonNullable<Options['fallback']>;
type FallbackObject = Exclude<Fallback, (context: never) => unknown>;
type FallbackContext = Parameters<NonNullable<FallbackObject['default']>>[0];

/** Fallback codes where ArkType drops a narrowing and keeps the rest of the type (`base`). */
const NARROWING_CODES = new Set(['predicate', 'patternIntersection', 'symbolKey', 'arrayObject']);

/**
 * Creates the JSON Schema converter of an ArkType type with its own `toJsonSchema`, on `type.in`
 * (before morphs) or `type.out` (after them). A `fallback` records every part ArkType cannot
 * express, so each one gets a pointer and the same handling as in the other adapters.
 *
 * @param schema The ArkType type.
 * @returns The converter to hand to `createToolSchema`.
 */
export function arktypeConverter(schema: ArkTypeSchema): JsonSchemaConverter {
  return (io, target, report) => {
    // Keyed by the object the fallback returns, found again in the output by identity.
    const failures = new Map<object, ConversionDiagnostic>();
    const keep = <T extends object>(
      kept: T,
      code: ConversionDiagnostic['code'],
      context: FallbackContext,
    ): T => {
      failures.set(kept, { code, pointer: '', message: describe(context) });
      return kept;
    };
    const fallback: FallbackObject = {
      // A default that is not JSON is only left out; the schema itself is unchanged.
      defaultValue: (context) => {
        report({ code: 'constraint-dropped', pointer: '', message: describe(context) });
        return undefined;
      },
      // Elements after a variadic part: the element schemas no longer line up, so any array.
      arrayPostfix: (context) => keep({ type: 'array', items: {} }, 'constraint-dropped', context),
      default: (context) =>
        NARROWING_CODES.has(context.code)
          ? keep({ ...context.base }, 'constraint-dropped', context)
          : keep({}, 'unrepresentable', context),
    };
    const side = io === 'input' ? schema.in : schema.out;
    const result: Record<string, unknown> = { ...side.toJsonSchema({ target, fallback }) };
    // In document order. ArkType copies the root object, so a failure it cannot find there is
    // the root's own, and comes first.
    const located = locateObjects(result, failures);
    const atRoot = [...failures.keys()].filter(
      (node) => !located.some(([found]) => found === node),
    );
    for (const [node, pointer] of [
      ...atRoot.map((node): [object, string] => [node, '']),
      ...located,
    ]) {
      report({ ...(failures.get(node) as ConversionDiagnostic), pointer });
    }
    return result;
  };
}

function describe(context: FallbackContext): string {
  switch (context.code) {
    case 'domain':
      return `A ${context.domain} cannot be represented in JSON Schema.`;
    case 'unit':
      return `The value ${String(context.unit)} cannot be represented in JSON Schema.`;
    case 'proto':
      return `An instance of ${context.proto.name} cannot be represented in JSON Schema.`;
    case 'date':
      return 'A Date cannot be represented in JSON Schema.';
    case 'morph':
      return 'A morph cannot be represented in JSON Schema.';
    case 'defaultValue':
      return `The default value ${String(context.value)} is not JSON; it was left out.`;
    default:
      return `ArkType cannot express a ${context.code} constraint in JSON Schema; it was left out.`;
  }
}
