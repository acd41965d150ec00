import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import { judge, type SecondOpinion } from './SecondOpinion.ts';

/**
 * The `@anthropic-ai/sdk` strict transform (`transformJSONSchema`, what its Zod, Standard Schema
 * and JSON Schema tool and output helpers apply): an `anthropic-strict` wire schema must pass it
 * without a throw and without a change. The SDK moves everything off its own short list into the
 * description, including `pattern` and `default`, which the API documents as supported.
 *
 * @param schema The wire schema.
 * @returns What the SDK did.
 */
export function anthropicStrictOpinion(schema: unknown): SecondOpinion {
  return judge('@anthropic-ai/sdk 1.17.0 transformJSONSchema', schema, (copy) =>
    transformJSONSchema(copy as Record<string, unknown>),
  );
}
