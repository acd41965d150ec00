/**
 * The Vercel AI SDK the AI SDK tests run against: `ai` 7 where it runs (it requires Node.js 22),
 * `ai` 6 on Node.js 20. Both are installed (`ai` and `ai-7`, an npm alias), each with the OpenAI
 * provider of its own specification (`@ai-sdk/openai` 3 and `@ai-sdk/openai-4`). The choice is
 * made here, once, from the Node.js major, and every AI SDK test names it in its title and asserts
 * it, so no run silently tests the other one.
 */
import { createRequire } from 'node:module';
import type * as OpenAIProvider from '@ai-sdk/openai';
import type * as Ai from 'ai';
import type * as AiTest from 'ai/test';
import type * as Ai7 from 'ai-7';

/** The Node.js major running the tests. */
export const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The AI SDK major the tests exercise: 7 on Node.js 22 and later, 6 before. */
export const aiSdkMajor: 6 | 7 = nodeMajor >= 22 ? 7 : 6;

/** What the tests use of the AI SDK, typed as `ai` 6 declares it (`ai` 7 takes the same calls). */
export interface AiSdk {
  /** The installed version of the package the functions below come from. */
  version: string;
  asSchema: typeof Ai.asSchema;
  generateText: typeof Ai.generateText;
  jsonSchema: typeof Ai.jsonSchema;
  tool: typeof Ai.tool;
  /** The OpenAI provider built on the same specification as the SDK. */
  createOpenAI: typeof OpenAIProvider.createOpenAI;
  /** The SDK's mock language model of its own specification (v3 for `ai` 6, v4 for `ai` 7). */
  MockLanguageModel: typeof AiTest.MockLanguageModelV3;
}

const require = createRequire(import.meta.url);

/**
 * Loads the AI SDK of {@link aiSdkMajor}. `ai` 7 is imported only where it runs.
 *
 * @returns Its functions, its OpenAI provider and its mock model.
 */
export async function loadAiSdk(): Promise<AiSdk> {
  if (aiSdkMajor === 6) {
    const [ai, aiTest, openai] = await Promise.all([
      import('ai'),
      import('ai/test'),
      import('@ai-sdk/openai'),
    ]);
    return {
      version: (require('ai/package.json') as { version: string }).version,
      asSchema: ai.asSchema,
      generateText: ai.generateText,
      jsonSchema: ai.jsonSchema,
      tool: ai.tool,
      createOpenAI: openai.createOpenAI,
      MockLanguageModel: aiTest.MockLanguageModelV3,
    };
  }
  const [ai, aiTest, openai] = await Promise.all([
    import('ai-7'),
    import('ai-7/test'),
    import('@ai-sdk/openai-4'),
  ]);
  // ai 7's declarations name its v4 specification where ai 6's name v3; the calls the tests make
  // are the same, and the tests assert what each SDK does at run time.
  return {
    version: (require('ai-7/package.json') as { version: string }).version,
    asSchema: ai.asSchema as unknown as typeof Ai.asSchema,
    generateText: ai.generateText as unknown as typeof Ai.generateText,
    jsonSchema: ai.jsonSchema as unknown as typeof Ai.jsonSchema,
    tool: ai.tool as unknown as typeof Ai.tool,
    createOpenAI: openai.createOpenAI as unknown as typeof OpenAIProvider.createOpenAI,
    MockLanguageModel: aiTest.MockLanguageModelV4 as unknown as typeof AiTest.MockLanguageModelV3,
  };
}

/** `ai` 7's `tool`, for type-level checks only (its declarations, whatever the Node.js major). */
export type Ai7Tool = typeof Ai7.tool;
