import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ExampleInput,
  type ExampleOutput,
  exampleListed,
  exampleSchema,
  wrapperContract,
} from '../../test/helpers/exampleSchema.ts';
import { toToolInputSchema } from './toToolInputSchema.ts';

type Input = ExampleInput;
type Output = ExampleOutput;
const listed = exampleListed;

describe('toToolInputSchema', () => {
  wrapperContract(toToolInputSchema, 'input');

  it('is itself a Standard Schema with Standard JSON Schema', () => {
    const { schema } = exampleSchema(listed);
    expectTypeOf(toToolInputSchema(schema)).toExtend<
      StandardSchemaV1<Input, Output> & StandardJSONSchemaV1<Input, Output>
    >();
  });

  it('throws root-not-object for a non-object root', () => {
    const { schema } = exampleSchema({ type: 'array', items: { type: 'string' } });
    expect(() => toToolInputSchema(schema)).toThrow(
      expect.objectContaining({ code: 'root-not-object' }),
    );
  });
});
