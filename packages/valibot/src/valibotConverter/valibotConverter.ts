import {
  type ConversionDiagnostic,
  type JsonSchemaConverter,
  locateObjects,
} from '@toolschema/core/adapter';
import { type ConversionConfig, toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

/** A place the converter could not express: which JSON object, and why. */
interface Failure {
  code: ConversionDiagnostic['code'];
  messages: string[];
}

/** Annotations kept when an unrepresentable schema is listed as `{}`. */
const ANNOTATIONS = new Set(['title', 'description']);

/**
 * Creates the JSON Schema converter of a Valibot schema with `toJsonSchema` from
 * `@valibot/to-json-schema`, in its `input` or `output` type mode. Conversion runs with
 * `errorMode: 'ignore'` and records every error through the override hooks, so each one can be
 * given a pointer and handled by the same rules as the other adapters.
 *
 * @param schema The Valibot schema.
 * @param definitions Named schemas passed on to `toJsonSchema`.
 * @returns The converter to hand to `createToolSchema`.
 */
export function valibotConverter(
  schema: GenericSchema,
  definitions: Record<string, GenericSchema> | undefined,
): JsonSchemaConverter {
  return (io, target, report) => {
    // Keyed by the very object Valibot writes into the output, found again by identity below.
    const failures = new Map<object, Failure>();
    const record = (jsonSchema: object, code: Failure['code'], messages: string[]) => {
      const failure = failures.get(jsonSchema);
      if (failure === undefined) {
        failures.set(jsonSchema, { code, messages: [...messages] });
      } else {
        failure.messages.push(...messages);
        failure.code = failure.code === 'unrepresentable' ? failure.code : code;
      }
    };
    const config: ConversionConfig = {
      target,
      typeMode: io,
      errorMode: 'ignore',
      ...(definitions === undefined ? {} : { definitions }),
      overrideSchema: ({ valibotSchema, jsonSchema, errors }) => {
        if (errors) record(jsonSchema, 'unrepresentable', errors);
        markLoose(valibotSchema.type, jsonSchema as Record<string, unknown>, target);
        return undefined;
      },
      // A transformation changes the type: without a schema after it the output is unknown.
      overrideAction: ({ valibotAction, jsonSchema, errors }) => {
        const code =
          valibotAction.kind === 'transformation' ? 'unrepresentable' : 'constraint-dropped';
        if (errors) record(jsonSchema, code, errors);
        return undefined;
      },
    };
    const result = toJsonSchema(schema, config);
    for (const [jsonSchema, pointer] of locateObjects(result, failures)) {
      const failure = failures.get(jsonSchema) as Failure;
      const message = failure.messages.join(' ');
      if (failure.code === 'unrepresentable') {
        // Listed as `{}` with its annotations (unless `report` throws for it).
        for (const key of Object.keys(jsonSchema)) {
          if (!ANNOTATIONS.has(key) && key !== '$schema' && key !== '$defs') {
            delete (jsonSchema as Record<string, unknown>)[key];
          }
        }
      }
      report({ code: failure.code, pointer, message });
    }
    // Valibot types its output as a closed interface; toolschema reads it as plain JSON.
    const output: Record<string, unknown> = { ...result };
    return output;
  };
}

/**
 * Says in the JSON Schema that a loose object or tuple takes unknown entries. Valibot lists
 * `looseObject` like `object` (no `additionalProperties`) and `looseTuple` like `tuple`: valid
 * JSON Schema either way, but a provider profile reads an object without the keyword as one the
 * author did not think open, and closes it. Valibot's loose schemas keep unknown entries on
 * purpose, so the keyword makes that explicit (`{}`, as Zod writes its `looseObject`), and a
 * profile keeps them sendable.
 *
 * @param type The Valibot schema's `type`.
 * @param jsonSchema The JSON Schema Valibot wrote for it (this conversion's own object).
 * @param target The JSON Schema draft.
 */
function markLoose(
  type: string,
  jsonSchema: Record<string, unknown>,
  target: ConversionConfig['target'],
): void {
  if (type === 'loose_object') jsonSchema.additionalProperties ??= {};
  else if (type === 'loose_tuple') {
    if (target === 'draft-07') jsonSchema.additionalItems ??= {};
    else jsonSchema.items ??= {};
  }
}
