import { GoogleGenAI } from '@google/genai';
import { jsonChanges, type SecondOpinion, threw } from './SecondOpinion.ts';

/** Where a function declaration carries its schema. */
export type GeminiSchemaField = 'parameters' | 'parametersJsonSchema';

/**
 * The request `@google/genai` builds for a function declaration with this schema, captured at
 * its `fetch` (no network): a `gemini` wire schema must arrive unchanged in `parameters`, a
 * `gemini-json-schema` one in `parametersJsonSchema`. The SDK rewrites `parameters` itself
 * (`processJsonSchema`: upper-case type names, `nullable` for null unions, no
 * `additionalProperties`), so a schema it changes is one the API would not get as written.
 *
 * @param schema The wire schema.
 * @param field Where the declaration carries it.
 * @returns What the SDK sent.
 */
export async function geminiOpinion(
  schema: unknown,
  field: GeminiSchemaField,
): Promise<SecondOpinion> {
  const [opinion] = await geminiOpinions([schema], field);
  return opinion!;
}

/**
 * {@link geminiOpinion} for many schemas at once: one captured request whose tool carries one
 * function declaration per schema, so a corpus costs one client and a few requests. When the SDK
 * throws on the batch, each schema is judged alone, so the error names the schema that caused it.
 *
 * @param schemas The wire schemas.
 * @param field Where each declaration carries its schema.
 * @returns One opinion per schema, in order.
 */
export async function geminiOpinions(
  schemas: readonly unknown[],
  field: GeminiSchemaField,
): Promise<SecondOpinion[]> {
  const sdk = `@google/genai 3.6.1 generateContent (${field})`;
  let sent: unknown[];
  try {
    sent = await sentDeclarations(schemas, field);
  } catch (error) {
    if (schemas.length === 1) return [threw(sdk, error)];
    const opinions: SecondOpinion[] = [];
    for (const schema of schemas) opinions.push(...(await geminiOpinions([schema], field)));
    return opinions;
  }
  return schemas.map((schema, index) => ({
    sdk,
    error: undefined,
    sent: sent[index],
    changes: jsonChanges(schema, sent[index]),
  }));
}

/** The schemas as the SDK's request carries them, one declaration each (throws what it throws). */
async function sentDeclarations(
  schemas: readonly unknown[],
  field: GeminiSchemaField,
): Promise<unknown[]> {
  let body: unknown;
  const capture = async (_url: unknown, init?: { body?: unknown }) => {
    body = JSON.parse(String(init?.body));
    const answer = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] } }] };
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new GoogleGenAI({
    apiKey: 'placeholder-no-request-leaves',
    httpOptions: { fetch: capture as typeof fetch, retryOptions: { attempts: 1 } },
  });
  await client.models.generateContent({
    model: 'gemini-2.5-flash',
    contents: 'Call the tool.',
    config: {
      tools: [
        {
          functionDeclarations: schemas.map((schema, index) => ({
            name: `tool_${index}`,
            description: 'A tool.',
            [field]: structuredClone(schema),
          })),
        },
      ],
    },
  });
  const declarations = (body as { tools?: { functionDeclarations?: Record<string, unknown>[] }[] })
    .tools?.[0]?.functionDeclarations;
  return schemas.map((_, index) => declarations?.[index]?.[field]);
}
