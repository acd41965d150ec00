import { toStrictJsonSchema } from 'openai/lib/transform';
import { judge, type SecondOpinion } from './SecondOpinion.ts';

/**
 * The `openai` SDK's strict transform (`toStrictJsonSchema`, `openai/lib/transform`, what its
 * `zodFunction`, `standardFunction` and `zodResponseFormat` helpers apply before a strict
 * request): an `openai-strict` wire schema must pass it without a throw and without a change.
 *
 * @param schema The wire schema.
 * @returns What the SDK did.
 */
export function openaiStrictOpinion(schema: unknown): SecondOpinion {
  return judge('openai 7.60.0 toStrictJsonSchema', schema, (copy) =>
    toStrictJsonSchema(copy as Parameters<typeof toStrictJsonSchema>[0]),
  );
}
