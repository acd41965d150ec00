import { ToolSchemaError } from '@toolschema/core';
import type { ConversionDiagnostic, JsonSchemaConverter } from '@toolschema/core/adapter';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';

type ConversionSite = Omit<ConversionDiagnostic, 'code'>;

/** Zod schema kinds that have no JSON Schema form; only used to locate them on Zod 4.0 to 4.4. */
const UNREPRESENTABLE_TYPES = new Set([
  'bigint',
  'symbol',
  'undefined',
  'void',
  'date',
  'nan',
  'map',
  'set',
  'custom',
  'function',
  'transform',
]);

/**
 * Creates the JSON Schema converter of a Zod 4 schema (classic or mini) with Zod's own
 * `toJSONSchema`, which every Zod 4 release has (`~standard.jsonSchema` arrived only in 4.2).
 *
 * @param schema The Zod 4 schema.
 * @returns The converter to hand to `createToolSchema`.
 * @throws ToolSchemaError with code `unsupported-validator` for anything but a Zod 4 schema.
 */
export function zodConverter(schema: $ZodType): JsonSchemaConverter {
  const internals = (schema as { _zod?: $ZodType['_zod'] } | null)?._zod;
  if (internals === undefined) {
    const zod3 = typeof schema === 'object' && schema !== null && '_def' in schema;
    throw new ToolSchemaError(
      'unsupported-validator',
      zod3
        ? 'This is a Zod 3 schema; @toolschema/zod supports Zod 4 (import from "zod" 4.x, or "zod/v4" in zod 3.25).'
        : 'This is not a Zod 4 schema.',
    );
  }
  // Zod 4.5 added a per-site `unrepresentable` handler that receives the path.
  const { major, minor } = internals.version;
  const hasSiteHandler = major > 4 || minor >= 5;
  return (io, target, report) => {
    const params = { io, target: target === 'draft-07' ? 'draft-7' : target };
    return toJsonSchema(() => {
      if (hasSiteHandler) {
        return toJSONSchema(schema, {
          ...params,
          // `report` throws under `unrepresentable: 'throw'`, which stops Zod at the first one.
          unrepresentable: ({ path, message }) => {
            report({ code: 'unrepresentable', pointer: toPointer(path), message });
            return 'any';
          },
        });
      }
      try {
        return toJSONSchema(schema, { ...params, unrepresentable: 'throw' });
      } catch (error) {
        return locateOnOldZod(schema, params, error, report);
      }
    });
  };
}

/** Zod before 4.5 throws without a path: convert again with `'any'` and find the sites. */
function locateOnOldZod(
  schema: $ZodType,
  params: { io: 'input' | 'output'; target: string },
  error: unknown,
  report: (diagnostic: ConversionDiagnostic) => void,
): Record<string, unknown> {
  const sites: ConversionSite[] = [];
  const result = toJSONSchema(schema, {
    ...params,
    unrepresentable: 'any',
    override: ({ zodSchema, path }) => {
      const { type } = zodSchema._zod.def;
      if (UNREPRESENTABLE_TYPES.has(type)) {
        const message = `The Zod type "${type}" cannot be represented in JSON Schema`;
        sites.push({ pointer: toPointer(path), message });
      }
    },
  });
  // Zod visits schemas in no documented order; sorting keeps the report stable.
  sites.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  if (sites.length === 0) {
    sites.push({ pointer: '', message: error instanceof Error ? error.message : String(error) });
  }
  for (const site of sites) report({ code: 'unrepresentable', ...site });
  return result;
}

/** Runs Zod; its own errors (a duplicate id, ...) become ToolSchemaErrors. */
function toJsonSchema(run: () => Record<string, unknown>): Record<string, unknown> {
  try {
    return run();
  } catch (error) {
    if (error instanceof ToolSchemaError) {
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolSchemaError(
      'invalid-schema',
      `Zod could not convert the schema: ${reason}`,
      undefined,
      { cause: error },
    );
  }
}

function toPointer(path: readonly (string | number)[]): string {
  return path
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}
