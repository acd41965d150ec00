import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ConversionDiagnostic, JsonSchemaConverter } from '@toolschema/core';
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
    const located = locate(result, failures);
    // In document order; ArkType copies the root object, so one not found stands at the root.
    const ordered = [...failures].sort(
      ([a], [b]) => (located.get(a)?.index ?? -1) - (located.get(b)?.index ?? -1),
    );
    for (const [node, failure] of ordered) {
      report({ ...failure, pointer: located.get(node)?.pointer ?? '' });
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

/** Finds where the given objects stand in a JSON tree: the RFC 6901 pointer of their first place
 * and their rank in document order. */
function locate(
  root: object,
  wanted: Map<object, unknown>,
): Map<object, { pointer: string; index: number }> {
  const found = new Map<object, { pointer: string; index: number }>();
  const stack: [unknown, string][] = [[root, '']];
  for (
    let entry = stack.pop();
    entry !== undefined && found.size < wanted.size;
    entry = stack.pop()
  ) {
    const [value, pointer] = entry;
    if (typeof value !== 'object' || value === null || found.has(value)) continue;
    if (wanted.has(value)) found.set(value, { pointer, index: found.size });
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, member] = entries[index] as [string, unknown];
      stack.push([member, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`]);
    }
  }
  return found;
}
