import { GoogleGenAI } from '@google/genai';
import { jsonChanges, type SecondOpinion, threw } from './SecondOpinion.ts';

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
  field: 'parameters' | 'parametersJsonSchema',
): Promise<SecondOpinion> {
  const sdk = `@google/genai 3.3.0 generateContent (${field})`;
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
  try {
    await client.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Call the tool.',
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'tool', description: 'A tool.', [field]: structuredClone(schema) },
            ],
          },
        ],
      },
    });
  } catch (error) {
    return threw(sdk, error);
  }
  const declarations = (body as { tools?: { functionDeclarations?: Record<string, unknown>[] }[] })
    .tools?.[0]?.functionDeclarations;
  const sent = declarations?.[0]?.[field];
  return { sdk, error: undefined, sent, changes: jsonChanges(schema, sent) };
}
