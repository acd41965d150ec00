import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { generateText, type Tool, tool } from 'ai';

/** What the AI SDK's Google provider sends for a tool: the `parameters` of its declaration. */
export interface GoogleDeclaration {
  /** `undefined` where the provider left the parameters out. */
  readonly parameters: unknown;
}

/**
 * The function declaration the AI SDK's Google provider puts in its request for one tool, captured
 * at its `fetch` (nothing leaves the process).
 *
 * @param inputSchema The tool's `inputSchema`: a schema the AI SDK takes (Standard JSON Schema or
 * `jsonSchema()`).
 * @returns The declaration's `parameters`.
 */
export async function googleDeclaration(inputSchema: unknown): Promise<GoogleDeclaration> {
  let body: { tools?: { functionDeclarations?: { parameters?: unknown }[] }[] } | undefined;
  const capture = async (_url: unknown, init?: { body?: unknown }) => {
    body = JSON.parse(String(init?.body));
    const answer = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
    };
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const google = createGoogleGenerativeAI({
    apiKey: 'placeholder-no-request-leaves',
    fetch: capture as typeof fetch,
  });
  const tools: Record<string, Tool> = { tool: tool({ inputSchema } as never) as Tool };
  await generateText({ model: google('gemini-2.5-flash'), prompt: 'Call the tool.', tools });
  const sent = body?.tools?.[0]?.functionDeclarations?.[0];
  if (sent === undefined) throw new Error('The AI SDK sent no function declaration.');
  return { parameters: sent.parameters };
}
