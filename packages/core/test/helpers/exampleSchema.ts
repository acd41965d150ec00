import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { expect, expectTypeOf, it, vi } from 'vitest';
import type { ToolSchema } from '../../src/index.ts';
import { ToolSchemaError } from '../../src/ToolSchemaError/index.ts';
import { unsupportedValidatorError } from '../../src/utils/standardSchema.ts';

/** The input type of {@link exampleSchema}. */
export type ExampleInput = { tags: string };
/** The output type of {@link exampleSchema}: it splits `tags`. */
export type ExampleOutput = { tags: string[] };

/**
 * Creates a schema with its own Standard JSON Schema converter, as Zod 4.2+ and ArkType have,
 * whose converter returns a copy of `jsonSchema` and records its calls.
 *
 * @param jsonSchema What the converter returns, for either side.
 * @returns The schema and its converter mocks.
 */
export function exampleSchema(jsonSchema: Record<string, unknown>) {
  const converter = {
    input: vi.fn((_options: StandardJSONSchemaV1.Options) => structuredClone(jsonSchema)),
    output: vi.fn((_options: StandardJSONSchemaV1.Options) => structuredClone(jsonSchema)),
  };
  const schema: StandardSchemaV1<ExampleInput, ExampleOutput> &
    StandardJSONSchemaV1<ExampleInput, ExampleOutput> = {
    '~standard': {
      version: 1,
      vendor: 'example',
      validate: (value) =>
        typeof (value as Partial<ExampleInput> | null)?.tags === 'string'
          ? { value: { tags: (value as ExampleInput).tags.split(',') } }
          : { issues: [{ message: 'tags must be a string' }] },
      jsonSchema: converter,
    },
  };
  return { schema, converter };
}

/** What the example's JSON Schema lists. */
export const exampleListed = {
  type: 'object',
  properties: { tags: { type: 'string' } },
  required: ['tags'],
};

/** A wrapper as `toToolInputSchema` and `toToolOutputSchema` are. */
type Wrapper = <S extends StandardSchemaV1 & StandardJSONSchemaV1>(schema: S) => ToolSchema<S>;

/**
 * Registers the tests both core wrappers must pass, on the side `io` they list: the schema's own
 * converter for the requested target, the original validation and types, targets refused,
 * schemas without Standard JSON Schema refused.
 *
 * @param wrap The wrapper.
 * @param io The side it lists.
 */
export function wrapperContract(wrap: Wrapper, io: 'input' | 'output'): void {
  it(`converts with the schema own converter, on the ${io} side, for the target`, () => {
    const { schema, converter } = exampleSchema(exampleListed);
    const tool = wrap(schema);
    expect(converter[io]).toHaveBeenCalledWith({ target: 'draft-2020-12' });
    expect(tool['~standard'].jsonSchema[io]({ target: 'draft-07' })).toStrictEqual(exampleListed);
    expect(converter[io]).toHaveBeenLastCalledWith({ target: 'draft-07' });
  });

  it('validates with the original and keeps its types', async () => {
    const { schema } = exampleSchema(exampleListed);
    const tool = wrap(schema);
    expect(tool['~standard'].vendor).toBe('toolschema');
    expect(await tool['~standard'].validate({ tags: 'a,b' })).toStrictEqual({
      value: { tags: ['a', 'b'] },
    });
    expect(await tool['~standard'].validate({})).toStrictEqual({
      issues: [{ message: 'tags must be a string' }],
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<ExampleInput>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<ExampleOutput>();
    expectTypeOf<StandardJSONSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<ExampleInput>();
  });

  it('rejects targets other than draft-2020-12 and draft-07', () => {
    const { schema } = exampleSchema(exampleListed);
    const tool = wrap(schema);
    expect(() => tool['~standard'].jsonSchema[io]({ target: 'openapi-3.0' })).toThrow(
      ToolSchemaError,
    );
  });

  it('refuses a schema without ~standard.jsonSchema, or no schema, with unsupported-validator', () => {
    const { schema } = exampleSchema(exampleListed);
    const { jsonSchema: _jsonSchema, ...withoutJsonSchema } = schema['~standard'];
    const halfJsonSchema = { ...schema['~standard'], jsonSchema: { input: () => ({}) } };
    const values = [
      { '~standard': withoutJsonSchema },
      { '~standard': halfJsonSchema },
      exampleListed,
      null,
    ];
    for (const value of values) {
      let thrown: unknown;
      try {
        wrap(value as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toStrictEqual(
        unsupportedValidatorError(
          value,
          'a Standard Schema with Standard JSON Schema (~standard.jsonSchema)',
        ),
      );
    }
  });
}
