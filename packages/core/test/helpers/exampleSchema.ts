import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { vi } from 'vitest';

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
