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
      overrideSchema: ({ jsonSchema, errors }) => {
        if (errors) record(jsonSchema, 'unrepresentable', errors);
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
