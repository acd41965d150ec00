import { ToolSchemaError } from '@toolschema/core';
import type { ConversionDiagnostic, JsonSchemaConverter } from '@toolschema/core/adapter';
import { type $ZodType, toJSONSchema } from 'zod/v4/core';
import { type OverrideContext, trackCustomChecks } from '../utils/customChecks.ts';
import { toPointer } from '../utils/toPointer.ts';

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
 * @throws ToolSchemaError with code `unsupported-validator` for a Zod 3 schema (the wrappers
 *   let only schemas of vendor `zod` through, which both majors are).
 */
export function zodConverter(schema: $ZodType): JsonSchemaConverter {
  const internals = (schema as { _zod?: $ZodType['_zod'] })._zod;
  if (internals === undefined) {
    throw new ToolSchemaError(
      'unsupported-validator',
      'This is a Zod 3 schema; @toolschema/zod supports Zod 4 (import from "zod" 4.x, or "zod/v4" in zod 3.25).',
    );
  }
  // Zod 4.5 added a per-site `unrepresentable` handler that receives the path.
  const { major, minor } = internals.version;
  const hasSiteHandler = major > 4 || minor >= 5;
  return (io, target, report) => {
    const customChecks = trackCustomChecks();
    const zodTarget = target === 'draft-07' ? 'draft-7' : target;
    const params = { io, target: zodTarget, override: customChecks.override };
    const result = toJsonSchema(() => {
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
    customChecks.report(report);
    return result;
  };
}

/** Zod before 4.5 throws without a path: convert again with `'any'` and find the sites. */
function locateOnOldZod(
  schema: $ZodType,
  params: { io: 'input' | 'output'; target: string; override: (context: OverrideContext) => void },
  error: unknown,
  report: (diagnostic: ConversionDiagnostic) => void,
): Record<string, unknown> {
  const sites: ConversionSite[] = [];
  const result = toJSONSchema(schema, {
    ...params,
    unrepresentable: 'any',
    override: (context) => {
      params.override(context);
      const { zodSchema, path } = context;
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
