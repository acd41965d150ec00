import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { JsonSchemaConverter, ToolSchema, ToolSchemaOptions } from '../ToolSchema/index.ts';
import { unsupportedValidatorError } from '../utils/standardSchema.ts';
import { defineAdapter } from './defineAdapter.ts';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** A validator's schema, as an adapter sees it: a Standard Schema that carries its JSON Schema. */
interface ExampleSchema<Input, Output> extends StandardSchemaV1<Input, Output> {
  readonly json: Record<string, unknown>;
}

interface ExampleOptions extends ToolSchemaOptions {
  /** An option of the adapter's own, for its converter only. */
  title?: string;
}

function exampleSchema<Input, Output>(json: Record<string, unknown>): ExampleSchema<Input, Output> {
  return {
    json,
    '~standard': {
      version: 1,
      vendor: 'example',
      validate: (value) => ({ value: value as Output }),
    },
  };
}

describe('defineAdapter', () => {
  const toConverter = vi.fn(
    (schema: ExampleSchema<unknown, unknown>, options: ExampleOptions | undefined) =>
      ((io) => ({
        ...schema.json,
        title: `${options?.title ?? 'untitled'} ${io}`,
      })) as JsonSchemaConverter,
  );
  const accepted = {
    accepts: (value: unknown) =>
      (value as ExampleSchema<unknown, unknown>)['~standard'].vendor === 'example',
    expected: 'an example schema',
  };
  const { toToolInputSchema, toToolOutputSchema } = defineAdapter(toConverter, accepted);
  const defs = { $defs: { A: { type: 'string' } } };

  it('lists the input side with an object root, the output side with any root', () => {
    const schema = exampleSchema<{ a: string }, { a: number }>({
      properties: { a: { $ref: '#/$defs/A' } },
      ...defs,
    });
    const input = toToolInputSchema(schema)['~standard'].jsonSchema.input({ target: 'draft-07' });
    expect(input).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      title: 'untitled input',
    });
    const output = toToolOutputSchema(exampleSchema({ items: { $ref: '#/$defs/A' }, ...defs }));
    expect(output['~standard'].jsonSchema.output({ target: 'draft-07' })).toStrictEqual({
      items: { type: 'string' },
      title: 'untitled output',
    });
  });

  it("hands the adapter's own options to the converter", () => {
    const schema = exampleSchema({ type: 'object' });
    const tool = toToolInputSchema(schema, { title: 'Page', cycles: 'throw' });
    expect(toConverter).toHaveBeenLastCalledWith(schema, { title: 'Page', cycles: 'throw' });
    expect(tool['~standard'].jsonSchema.input({ target: 'draft-07' })).toStrictEqual({
      type: 'object',
      title: 'Page input',
    });
  });

  it('refuses what the adapter does not accept with unsupported-validator, before converting', () => {
    toConverter.mockClear();
    const other = { '~standard': { version: 1, vendor: 'other', validate: () => ({ value: 1 }) } };
    // The check reads `~standard.vendor`, which throws for the last two: that counts as no.
    const values = [other, { type: 'object' }, null];
    for (const wrap of [toToolInputSchema, toToolOutputSchema]) {
      for (const value of values) {
        expect(thrown(() => wrap(value as never))).toStrictEqual(
          unsupportedValidatorError(value, 'an example schema'),
        );
      }
    }
    expect(toConverter).not.toHaveBeenCalled();
  });

  it('keeps the schema type, so handler arguments infer', () => {
    const schema = exampleSchema<{ a: string }, { a: number }>({ type: 'object' });
    expectTypeOf(toToolInputSchema(schema)).toEqualTypeOf<ToolSchema<typeof schema>>();
    expectTypeOf<
      StandardSchemaV1.InferOutput<ReturnType<typeof toToolOutputSchema<typeof schema>>>
    >().toEqualTypeOf<{ a: number }>();
    // @ts-expect-error: the adapter takes its own schemas only
    toToolInputSchema({ '~standard': schema['~standard'] });
  });
});
