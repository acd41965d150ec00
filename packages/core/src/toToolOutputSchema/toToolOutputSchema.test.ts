import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ExampleInput,
  type ExampleOutput,
  exampleListed,
  exampleSchema,
  wrapperContract,
} from '../../test/helpers/exampleSchema.ts';
import { toToolOutputSchema } from './toToolOutputSchema.ts';

type Input = ExampleInput;
type Output = ExampleOutput;
const listed = exampleListed;

describe('toToolOutputSchema', () => {
  wrapperContract(toToolOutputSchema, 'output');

  it('is itself a Standard Schema with Standard JSON Schema', () => {
    const { schema } = exampleSchema(listed);
    expectTypeOf(toToolOutputSchema(schema)).toExtend<
      StandardSchemaV1<Input, Output> & StandardJSONSchemaV1<Input, Output>
    >();
  });

  it('allows a root of any type', () => {
    const array = { type: 'array', items: { type: 'string' } };
    const { schema } = exampleSchema(array);
    const tool = toToolOutputSchema(schema);
    expect(tool['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toStrictEqual(array);
  });
});
