import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ExampleInput,
  type ExampleOutput,
  exampleListed,
  exampleSchema,
} from '../../test/helpers/exampleSchema.ts';
import { ToolSchemaError } from '../ToolSchemaError/index.ts';
import { toToolInputSchema } from './toToolInputSchema.ts';

type Input = ExampleInput;
type Output = ExampleOutput;
const listed = exampleListed;

describe('toToolInputSchema', () => {
  it('converts with the schema own converter, on the input side, for the target', () => {
    const { schema, converter } = exampleSchema(listed);
    const tool = toToolInputSchema(schema);
    expect(converter.input).toHaveBeenCalledWith({ target: 'draft-2020-12' });
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual(listed);
    expect(converter.input).toHaveBeenLastCalledWith({ target: 'draft-07' });
  });

  it('validates with the original and keeps its types', async () => {
    const { schema } = exampleSchema(listed);
    const tool = toToolInputSchema(schema);
    expect(tool['~standard'].vendor).toBe('example');
    expect(await tool['~standard'].validate({ tags: 'a,b' })).toStrictEqual({
      value: { tags: ['a', 'b'] },
    });
    expect(await tool['~standard'].validate({})).toStrictEqual({
      issues: [{ message: 'tags must be a string' }],
    });
    expectTypeOf<StandardSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<Input>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof tool>>().toEqualTypeOf<Output>();
    expectTypeOf<StandardJSONSchemaV1.InferInput<typeof tool>>().toEqualTypeOf<Input>();
  });

  it('is itself a Standard Schema with Standard JSON Schema', () => {
    const { schema } = exampleSchema(listed);
    expectTypeOf(toToolInputSchema(schema)).toExtend<
      StandardSchemaV1<Input, Output> & StandardJSONSchemaV1<Input, Output>
    >();
  });

  it('rejects targets other than draft-2020-12 and draft-07', () => {
    const { schema } = exampleSchema(listed);
    const tool = toToolInputSchema(schema);
    expect(() => tool['~standard'].jsonSchema.input({ target: 'openapi-3.0' })).toThrow(
      ToolSchemaError,
    );
  });

  it('throws root-not-object for a non-object root', () => {
    const { schema } = exampleSchema({ type: 'array', items: { type: 'string' } });
    expect(() => toToolInputSchema(schema)).toThrow(
      expect.objectContaining({ code: 'root-not-object' }),
    );
  });
});
