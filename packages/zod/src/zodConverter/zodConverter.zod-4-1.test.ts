import { ToolSchemaError } from '@toolschema/core';
import type { ConversionDiagnostic } from '@toolschema/core/adapter';
import { describe, expect, it, vi } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import * as z from 'zod-v4-1';
import { toToolInputSchema } from '../wrappers/index.ts';
import { zodConverter } from './zodConverter.ts';

// Zod 4.1 as the installed peer: the adapter's `zod/v4/core` is the one the user's schemas use.
vi.mock('zod/v4/core', async () => await import('zod-v4-1/v4/core'));

/** Types of the installed Zod (4.6) and of 4.1 differ only in their version literals. */
function asZod(schema: z.ZodType): $ZodType {
  return schema as unknown as $ZodType;
}

const schema = z.object({ name: z.string(), at: z.date(), count: z.bigint().optional() });

describe('zodConverter on Zod 4.1 (no ~standard.jsonSchema, no per-site handler)', () => {
  it('is a Zod without Standard JSON Schema', () => {
    expect(schema._zod.version).toStrictEqual({ major: 4, minor: 1, patch: 13 });
    expect(Object.keys(schema['~standard'])).not.toContain('jsonSchema');
  });

  it('converts with toJSONSchema, both targets', () => {
    const convert = zodConverter(asZod(z.object({ name: z.string().default('a') })));
    const report = vi.fn();
    expect(convert('input', 'draft-07', report)).toStrictEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { name: { type: 'string', default: 'a' } },
    });
    expect(convert('output', 'draft-2020-12', report)).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string', default: 'a' } },
      required: ['name'],
      additionalProperties: false,
    });
    expect(report).not.toHaveBeenCalled();
  });

  it("throws unrepresentable at the first site's pointer (the wrapper's default)", () => {
    let error: unknown;
    try {
      toToolInputSchema(asZod(schema));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolSchemaError);
    expect((error as ToolSchemaError).code).toBe('unrepresentable');
    expect((error as ToolSchemaError).pointer).toBe('/properties/at');
  });

  it('lists unrepresentable types as {} and reports each, in order', () => {
    const reported: ConversionDiagnostic[] = [];
    const listed = zodConverter(asZod(schema))('input', 'draft-2020-12', (diagnostic) =>
      reported.push(diagnostic),
    );
    expect((listed as Record<string, unknown>).properties).toStrictEqual({
      name: { type: 'string' },
      at: {},
      count: {},
    });
    expect(reported.map(({ code, pointer }) => ({ code, pointer }))).toStrictEqual([
      { code: 'unrepresentable', pointer: '/properties/at' },
      { code: 'unrepresentable', pointer: '/properties/count' },
    ]);
  });

  it('reports a custom check once, also when a type fails on the first attempt', () => {
    const reported: ConversionDiagnostic[] = [];
    const refined = z.object({ at: z.date(), code: z.string().refine((value) => value !== '') });
    zodConverter(asZod(refined))('input', 'draft-2020-12', (diagnostic) =>
      reported.push(diagnostic),
    );
    expect(reported).toStrictEqual([
      {
        code: 'unrepresentable',
        pointer: '/properties/at',
        message: 'The Zod type "date" cannot be represented in JSON Schema',
      },
      {
        code: 'constraint-dropped',
        pointer: '/properties/code',
        message:
          'A custom check (.refine, .superRefine or .check) cannot be expressed in JSON Schema; it was left out.',
      },
    ]);
  });

  it('works through toToolInputSchema, validation included', async () => {
    const tool = toToolInputSchema(asZod(z.object({ name: z.string() })));
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toStrictEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    });
    expect(await tool['~standard'].validate({ name: 1 })).toHaveProperty('issues');
  });
});
